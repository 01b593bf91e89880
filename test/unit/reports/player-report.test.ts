import { describe, expect, it } from 'vitest';
import { computePlayerReport } from '../../../engine/reports/player-report.js';
import { resolveOrientation } from '../../../engine/reports/orientation.js';
import { computeRowSpeeds } from '../../../engine/metrics/player-speed.js';
import { ROLE_BALL, ROLE_PLAYER, TrackingBuilder, type TrackingColumns } from '../../../engine/results/tracking-columns.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';

const timeline = (period: string, start: number, end: number): ResultEvent => ({
  event_id: `t-${start}`, type: 'match_timeline', start_ms: start, end_ms: end, team: null, player_id: null, properties: { period }, confidence_detection: 1, confidence_event: 1,
});

function report(cols: TrackingColumns, events: ResultEvent[], durationMs: number, id = '0-9') {
  const orientation = resolveOrientation({ leftStartTeam: 'home', source: 'import:parquet', hasTeams: true, events, durationMs });
  return computePlayerReport(id, {
    tracking: cols, speeds: computeRowSpeeds(cols), events, orientation, crops: 0,
    facts: { engine_version: 'test', duration_ms: durationMs, frame_ms: 40, team_kits: null },
  });
}

describe('player report on small hand-made tracks', () => {
  it('[PLR-11] a sprint is cut by a detection gap; the piece after it is too short to count', () => {
    const b = new TrackingBuilder();
    const p = b.playerIndex('0-9');
    // 8 m/s (28.8 km/h) for 3 s, detection lost 3.0-3.4 s, then 8 m/s on for 0.6 s.
    for (let f = 0; f < 100; f++) {
      const t = f * 40;
      if (t >= 3000 && t < 3400) continue;
      b.push({ timestamp: t, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: Math.round((10 + 8 * (t / 1000)) * 100), y: 3000 });
    }
    const r = report(b.finish(), [], 4000);
    expect(r).not.toBeNull();
    const sprints = r!.physical.sprints;
    expect(sprints).toHaveLength(1);
    expect(sprints[0]!.t0_ms).toBe(0);
    expect(sprints[0]!.t1_ms).toBe(3000);
    expect(sprints[0]!.peak_kmh).toBeCloseTo(28.8, 1);
    expect(sprints[0]!.start).toEqual({ x: 10, y: 30 });
  });

  it('[PLR-13] [PLR-25] each half in its own direction: the same camera spot is x = 20 in the first half and 85 in the second', () => {
    const b = new TrackingBuilder();
    const p = b.playerIndex('0-9');
    for (let f = 0; f < 3000; f++) b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 2000, y: 1000 });
    const events = [timeline('first_half', 0, 60_000), timeline('second_half', 60_000, 120_000)];
    const r = report(b.finish(), events, 120_000);
    expect(r!.coordinate_frame).toBe('attacking');
    expect(r!.position.avg_position).toEqual([
      { period: 1, position: { x: 20, y: 10 }, n_frames: 1500 },
      { period: 2, position: { x: 85, y: 58 }, n_frames: 1500 },
    ]);
    expect(r!.position.third_timeline).toEqual([{ minute: 0, third: 'defensive' }, { minute: 1, third: 'attacking' }]);
  });

  it('[PLR-09] [PLR-12] [PLR-20] properties on random walks: zones add up, grids count every sample', () => {
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let trial = 0; trial < 5; trial++) {
      const b = new TrackingBuilder();
      const p = b.playerIndex('0-9');
      let x = 52;
      let y = 34;
      let n = 0;
      for (let f = 0; f < 1500; f++) {
        x = Math.min(105, Math.max(0, x + (rand() - 0.5) * 0.8));
        y = Math.min(68, Math.max(0, y + (rand() - 0.5) * 0.8));
        if (rand() < 0.05) continue; // dropped detections
        b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: Math.round(x * 100), y: Math.round(y * 100) });
        b.push({ timestamp: f * 40, role: ROLE_BALL, player: -1, playerIdConf: 0, x: 5250, y: 3400 });
        n++;
      }
      const r = report(b.finish(), [], 60_000)!;
      const zones = r.physical.speed_zones;
      expect(zones).toHaveLength(5);
      expect(Math.round(zones.reduce((a, z) => a + z.distance_m, 0) * 100)).toBe(Math.round(r.physical.distance_m * 100));
      expect(zones.reduce((a, z) => a + z.seconds, 0)).toBeLessThanOrEqual(r.coverage.seconds_detected + 1e-9);
      expect(r.position.heatmap.counts.flat().reduce((a, c) => a + c, 0)).toBe(n);
      expect(r.position.avg_position.reduce((a, e) => a + e.n_frames, 0)).toBe(n);
      expect(r.position.zone_hull.length).toBeGreaterThanOrEqual(3);
      expect(r.position.ball_relative_heatmap!.counts.flat().reduce((a, c) => a + c, 0)).toBe(n);
      expect(r.on_ball.touch_grid.counts.flat().reduce((a, c) => a + c, 0)).toBeLessThanOrEqual(r.on_ball.touches);
    }
  });
});
