import { describe, expect, it } from 'vitest';
import { computePlayerReport } from '../../../engine/reports/player-report.js';
import { computeTeamReport } from '../../../engine/reports/team-report.js';
import { resolveOrientation } from '../../../engine/reports/orientation.js';
import { REPORT_SCHEMA_VERSION, reportParams } from '../../../engine/reports/report-params.js';
import { computeRowSpeeds } from '../../../engine/metrics/player-speed.js';
import { ROLE_BALL, ROLE_PLAYER, STATUS_PROJECTED, TrackingBuilder, type TrackingColumns } from '../../../engine/results/tracking-columns.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';

const timeline = (period: string, start: number, end: number): ResultEvent => ({
  event_id: `t-${start}`, type: 'match_timeline', start_ms: start, end_ms: end, team: null, player_id: null, properties: { period }, confidence_detection: 1, confidence_event: 1,
});
const span = (type: 'player_possession' | 'team_possession', start: number, end: number, team: 'team_0' | 'team_1', player: string | null): ResultEvent => ({
  event_id: `${type}-${start}`, type, start_ms: start, end_ms: end, team, player_id: player, properties: {}, confidence_detection: 1, confidence_event: 1,
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

  it('[PLR-05] every section but coverage uses detected time only: an off-camera sprint next to an opponent counts nowhere else', () => {
    // 0-9 is seen for 2 s walking at 1 m/s (x 10 -> 12, y 30), then only projected (5 Hz) for 4 s racing
    // at 10 m/s (36 km/h) from x 60 to 98 at y 50. 1-4 is seen throughout: 30 m ahead of him while he is
    // seen, 1 m beside his projected spot afterwards. 0-9 holds the ball all 6 s; the ball is at his spot.
    const b = new TrackingBuilder();
    const me = b.playerIndex('0-9');
    const opp = b.playerIndex('1-4');
    const ball = b.playerIndex(null);
    for (let t = 0; t < 6000; t += 40) {
      const seen = t < 2000;
      const at = seen ? { x: 10 + t / 1000, y: 30 } : { x: 60 + (10 * (t - 2000)) / 1000, y: 50 };
      if (seen) b.push({ timestamp: t, role: ROLE_PLAYER, player: me, playerIdConf: 1, x: Math.round(at.x * 100), y: at.y * 100 });
      else if (t % 200 === 0) {
        b.push({ timestamp: t, role: ROLE_PLAYER, player: me, playerIdConf: 1, x: Math.round(at.x * 100), y: at.y * 100, status: STATUS_PROJECTED, positionConf: 0.9, identityConf: 0.9 });
      }
      const oppX = seen ? at.x + 30 : at.x + 1;
      b.push({ timestamp: t, role: ROLE_PLAYER, player: opp, playerIdConf: 1, x: Math.round(oppX * 100), y: at.y * 100 });
      b.push({ timestamp: t, role: ROLE_BALL, player: ball, playerIdConf: 0, x: Math.round(at.x * 100), y: at.y * 100 });
    }
    const events = [span('team_possession', 0, 6000, 'team_0', null), span('player_possession', 0, 6000, 'team_0', '0-9')];
    const r = report(b.finish(), events, 6000)!;
    // Coverage is the one section that sees the projected time.
    expect(r.coverage).toMatchObject({ seconds_detected: 2, seconds_projected: 4, first_ms: 0, last_ms: 1960 });
    // physical: 50 samples at 1 m/s; the 36 km/h off camera is neither distance, top speed, zone nor sprint.
    expect(r.physical).toMatchObject({ distance_m: 2, top_speed_kmh: 3.6, sprints: [], distance_per_bucket: [{ start_min: 0, end_min: 15, distance_m: 2 }] });
    expect(r.physical.speed_zones.map((z) => [z.name, z.seconds, z.distance_m])).toEqual([
      ['walking', 2, 2], ['jogging', 0, 0], ['running', 0, 0], ['high_intensity', 0, 0], ['sprinting', 0, 0],
    ]);
    // position: the 50 detected frames in his own third; none of the projected ones in the attacking third.
    const sum = (counts: number[][]) => counts.flat().reduce((a, c) => a + c, 0);
    expect(sum(r.position.heatmap.counts)).toBe(50);
    expect(sum(r.position.heatmap_with_ball!.counts)).toBe(50);
    expect(sum(r.position.ball_relative_heatmap!.counts)).toBe(50);
    expect(r.position.avg_position).toEqual([{ period: 1, position: { x: 10.98, y: 30 }, n_frames: 50 }]);
    expect(r.position.third_timeline).toEqual([{ minute: 0, third: 'defensive' }]);
    // interactions: the opponent was 30 m away whenever 0-9 was seen, never the 1 m of the projected time.
    expect(r.interactions.pressure_received).toMatchObject({ n_frames: 50, mean_m: 30, p10_m: 30 });
    expect(r.interactions.direct_opponent).toEqual([{ player_id: '1-4', share: 1 }]);
  });

  it('[VER-02] schema_version 1 stands for these fields and these params thresholds: changing one means bumping it', () => {
    // A tripwire: when this fails because a report field or a params value changed, bump
    // REPORT_SCHEMA_VERSION (both reports together, spec 9.3) and update the lists here.
    expect(REPORT_SCHEMA_VERSION).toBe(1);
    expect(reportParams(40)).toEqual({
      sample_interval_ms: 40, sprint_min_kmh: 25.2, sprint_min_s: 1, top_speed_percentile: 99, reliable_seconds_floor: 300, hull_central_fraction: 0.8,
      max_sample_gap_ms: 200, sequence_gap_ms: 3000, sequence_shot_slack_ms: 1000, pitch: { length_m: 105, width_m: 68 },
    });
    const b = new TrackingBuilder();
    const p = b.playerIndex('0-9');
    for (let f = 0; f < 100; f++) b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 2000 + f * 10, y: 3000 });
    const cols = b.finish();
    const player = report(cols, [], 4000)!;
    const fields = (o: object) => Object.keys(o).sort();
    expect(player.schema_version).toBe(REPORT_SCHEMA_VERSION);
    expect(fields(player)).toEqual(['card', 'coordinate_frame', 'coverage', 'engine_version', 'interactions', 'jersey', 'label', 'on_ball', 'orientation_source', 'params', 'physical', 'player_id', 'position', 'role', 'schema_version', 'team']);
    expect(fields(player.coverage)).toEqual(['first_ms', 'last_ms', 'overlap_share', 'reliable', 'seconds_detected', 'seconds_projected', 'source']);
    expect(fields(player.card)).toEqual(['hero_crop_index', 'kit']);
    expect(fields(player.physical)).toEqual(['distance_m', 'distance_per_bucket', 'source', 'speed_zones', 'sprints', 'top_speed_kmh']);
    expect(fields(player.position)).toEqual(['avg_position', 'ball_relative_heatmap', 'heatmap', 'heatmap_with_ball', 'third_timeline', 'zone_hull']);
    expect(fields(player.on_ball)).toEqual(['best_sequence', 'blocks', 'carries', 'involvement', 'network', 'passes', 'shots', 'tackles', 'touch_grid', 'touches']);
    expect(fields(player.interactions)).toEqual(['direct_opponent', 'link_up', 'pressure_applied', 'pressure_received']);
    const orientation = resolveOrientation({ leftStartTeam: 'home', source: 'import:parquet', hasTeams: true, events: [], durationMs: 4000 });
    const team = computeTeamReport({ tracking: cols, events: [], orientation, facts: { engine_version: 'test', duration_ms: 4000, frame_ms: 40, team_kits: null, quality: null } });
    expect(team.schema_version).toBe(REPORT_SCHEMA_VERSION);
    expect(team.params).toEqual(player.params);
    expect(fields(team)).toEqual(['coordinate_frame', 'engine_version', 'orientation_source', 'params', 'possession', 'quality', 'schema_version', 'teams', 'territory']);
    expect(fields(team.teams[0]!)).toEqual(['average_positions', 'kit', 'name', 'team']);
  });
});
