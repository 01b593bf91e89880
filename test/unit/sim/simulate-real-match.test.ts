import { beforeAll, describe, expect, it } from 'vitest';
import { parseMetricaEventsCsv } from '../../../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../../../engine/sim/simulate.js';
import { planBall } from '../../../engine/sim/ball-path.js';
import { FRAME_MS, type MatchSource } from '../../../engine/match-data/match-events.js';
import type { SimTrack } from '../../../engine/match-data/sim-track.js';
import { MAX_SPEED } from '../../../engine/sim/kinematics.js';
import { hasSharedData, METRICA_GAME_1, readShared } from '../../helpers/shared-data.js';
import { trackStats, type ObjectStats } from '../../helpers/track-stats.js';

const SEED = Number(process.env.SIM_SEED ?? 7);

describe.skipIf(!hasSharedData(METRICA_GAME_1))('simulator on the real Metrica Sample Game 1 (full match)', () => {
  let source: MatchSource;
  let track: SimTrack;
  let stats: ObjectStats[];
  beforeAll(() => {
    source = parseMetricaEventsCsv(readShared(METRICA_GAME_1));
    track = simulateMatch(source, { seed: SEED });
    stats = trackStats(track);
  }, 60_000);

  it('covers both halves at 25 Hz, nothing during the break', () => {
    expect(track.frames).toBe((143_630 - 1) + 0);
    expect(track.period[0]).toBe(1);
    expect(track.period[(72_135 * FRAME_MS - track.startMs) / FRAME_MS]).toBe(2);
    expect(track.period[(71_000 * FRAME_MS - track.startMs) / FRAME_MS]).toBe(0);
  });

  it('outfield players cover 9-12 km per 90 minutes (those on for an hour or more)', () => {
    const outfield = stats.filter((s) => s.role === 'player' && s.seconds >= 3600);
    expect(outfield.length).toBeGreaterThanOrEqual(20);
    for (const s of outfield) {
      const per90 = (s.distanceM / 1000) * (5400 / s.seconds);
      expect(per90, s.id).toBeGreaterThanOrEqual(9);
      expect(per90, s.id).toBeLessThanOrEqual(12);
    }
  });

  it('goalkeepers cover 4-6 km per 90 minutes', () => {
    const keepers = stats.filter((s) => s.role === 'goal_keeper');
    expect(keepers).toHaveLength(2);
    for (const s of keepers) {
      const per90 = (s.distanceM / 1000) * (5400 / s.seconds);
      expect(per90, s.id).toBeGreaterThanOrEqual(4);
      expect(per90, s.id).toBeLessThanOrEqual(6);
    }
  });

  it('several sprints (>= 25.2 km/h for >= 1 s) per outfield player per half', () => {
    for (const s of stats.filter((x) => x.role === 'player')) {
      for (const [period, seconds] of s.secondsByPeriod) {
        if (seconds < 40 * 60) continue;
        expect(s.sprintsByPeriod.get(period) ?? 0, `${s.id} half ${period}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('nobody runs faster than 9.5 m/s', () => {
    for (const s of stats.filter((x) => x.role !== 'ball')) expect(s.maxSpeed, s.id).toBeLessThanOrEqual(MAX_SPEED + 1e-3);
  });

  it('the ball is within 1 m of every event location the source does not contradict (>= 95% of them)', () => {
    const { anchors } = planBall(source);
    const n = track.objects.length;
    const honoured = anchors.filter((a) => a.honoured);
    expect(honoured.length / anchors.length).toBeGreaterThanOrEqual(0.95);
    const misses = honoured.filter((a) => {
      const f = (a.t - track.startMs) / FRAME_MS;
      return Math.hypot((track.x[f * n + n - 1] as number) - a.p.x, (track.y[f * n + n - 1] as number) - a.p.y) > 1;
    });
    expect(misses).toEqual([]);
  });

  it('players named in events are at the ball when the event happens', () => {
    const n = track.objects.length;
    const index = new Map(track.objects.map((o, i) => [o.id, i]));
    const errors: number[] = [];
    for (const e of source.events) {
      const named: [string | null, number, { x: number; y: number } | null][] = [[e.from, e.startFrame, e.start]];
      if (e.type === 'PASS') named.push([e.to, e.endFrame, e.end]);
      for (const [key, frame, p] of named) {
        if (!key || !p || e.type === 'SET PIECE' || e.type === 'CARD') continue;
        const o = index.get(`${key.startsWith('home') ? 0 : 1}-${key.split(':')[1]}`);
        if (o === undefined) continue;
        const f = (frame * FRAME_MS - track.startMs) / FRAME_MS;
        errors.push(Math.hypot((track.x[f * n + o] as number) - p.x, (track.y[f * n + o] as number) - p.y));
      }
    }
    errors.sort((a, b) => a - b);
    const within = errors.filter((d) => d <= 1.5).length / errors.length;
    expect(errors.length).toBeGreaterThan(2000);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThanOrEqual(0.5);
    expect(within).toBeGreaterThanOrEqual(0.9);
  });
});
