import { describe, expect, it } from 'vitest';
import { simulateMatch } from '../../../engine/sim/simulate.js';
import { planBall } from '../../../engine/sim/ball-path.js';
import { MAX_DECEL, MAX_SPEED } from '../../../engine/sim/kinematics.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../../engine/match-data/match-events.js';
import { sampleMinute } from '../../helpers/synthetic-match.js';
import { trackStats } from '../../helpers/track-stats.js';

describe('simulator invariants (synthetic minute)', () => {
  const source = sampleMinute();
  const track = simulateMatch(source, { seed: 3 });
  const n = track.objects.length;

  it('outputs 22 players, 3 referees and the ball at 25 Hz for the whole span', () => {
    expect(track.frameMs).toBe(40);
    expect(track.objects.filter((o) => o.role === 'player' || o.role === 'goal_keeper')).toHaveLength(22);
    expect(track.objects.filter((o) => o.role === 'referee')).toHaveLength(3);
    expect(track.objects[n - 1]?.id).toBe('ball');
    expect(track.objects.find((o) => o.id === '0-1')?.role).toBe('goal_keeper');
    for (let f = 0; f < track.frames; f++) {
      let onPitch = 0;
      for (let o = 0; o < n; o++) if (!Number.isNaN(track.x[f * n + o])) onPitch++;
      expect(onPitch, `frame ${f}`).toBe(26);
    }
  });

  it('is deterministic for a seed and differs with another seed', () => {
    const again = simulateMatch(source, { seed: 3 });
    expect(Buffer.from(again.x.buffer).equals(Buffer.from(track.x.buffer))).toBe(true);
    expect(Buffer.from(again.y.buffer).equals(Buffer.from(track.y.buffer))).toBe(true);
    const other = simulateMatch(source, { seed: 4 });
    expect(Buffer.from(other.x.buffer).equals(Buffer.from(track.x.buffer))).toBe(false);
  });

  it('any start and duration: a span reproduces its frames of the ball exactly', () => {
    const span = simulateMatch(source, { seed: 3, fromMs: 20_000, durationMs: 10_000 });
    expect(span.frames).toBe(250);
    expect(span.startMs).toBe(20_000);
    const f0 = (20_000 - track.startMs) / 40;
    for (let f = 0; f < span.frames; f++) {
      expect(span.x[f * n + n - 1]).toBe(track.x[(f0 + f) * n + n - 1]);
    }
  });

  it('keeps people within human limits: speed <= 9.5 m/s, bounded acceleration', () => {
    for (const s of trackStats(track)) {
      if (s.role === 'ball') continue;
      expect(s.maxSpeed, s.id).toBeLessThanOrEqual(MAX_SPEED + 1e-3);
      expect(s.maxAccel, s.id).toBeLessThanOrEqual(MAX_DECEL + 0.05);
    }
  });

  it('keeps a carried ball at the carrier\'s feet between the ends of the carry', () => {
    let frames = 0;
    let close = 0;
    for (const seg of planBall(source).segments) {
      if (seg.kind !== 'carry' || !seg.holder) continue;
      const [side, jersey] = seg.holder.split(':');
      const k = track.objects.findIndex((o) => o.id === `${side === 'home' ? 0 : 1}-${jersey}`);
      for (let t = seg.t0 + 300; t <= seg.t1 - 300; t += 40) {
        const f = Math.round((t - track.startMs) / 40);
        if (f < 0 || f >= track.frames) continue;
        frames++;
        const d = Math.hypot((track.x[f * n + k] as number) - (track.x[f * n + n - 1] as number), (track.y[f * n + k] as number) - (track.y[f * n + n - 1] as number));
        if (d <= 1) close++;
      }
    }
    expect(frames).toBeGreaterThan(50);
    expect(close / frames).toBeGreaterThan(0.95);
  });

  it('keeps the ball at every event location at its frame', () => {
    for (const a of planBall(source).anchors) {
      const f = (a.t - track.startMs) / 40;
      const d = Math.hypot((track.x[f * n + n - 1] as number) - a.p.x, (track.y[f * n + n - 1] as number) - a.p.y);
      expect(d, `event ${a.event} ${a.at}`).toBeLessThanOrEqual(1);
    }
  });

  it('nobody leaves the pitch except over a line by a step (throw-ins, corners, assistant referees)', () => {
    const outside: string[] = [];
    for (let i = 0; i < track.frames * n; i++) {
      const o = i % n;
      const x = track.x[i] as number;
      const y = track.y[i] as number;
      if (track.objects[o]?.role === 'ball' || Number.isNaN(x)) continue;
      if (x < -1.5 || x > PITCH_LENGTH + 1.5 || y < -1.5 || y > PITCH_WIDTH + 1.5) outside.push(`${track.objects[o]?.id}@${Math.floor(i / n)}`);
    }
    expect(outside).toEqual([]);
  });

  it('records ball height, in-play and possession', () => {
    const cross = (14_800 - track.startMs) / 40;
    expect(track.ballZ[cross]).toBeGreaterThan(2.5);
    expect(track.inPlay[(48_000 - track.startMs) / 40]).toBe(0);
    expect(track.possession[(6_000 - track.startMs) / 40]).toBe(0); // home carrying
    expect(track.period[0]).toBe(1);
  });
});
