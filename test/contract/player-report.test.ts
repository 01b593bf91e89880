import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestService } from '../helpers/test-service.js';
import { type KnownMatch, importKnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';
import { analysisDir } from '../../main/service/store/paths.js';
import { REPORT_SCHEMA_VERSION } from '../../engine/reports/report-params.js';

/**
 * The player report on the hand-made match of known-match.ts (answers worked out by hand there):
 * 0-7 (team_0) runs x = 10 + 5 s, y = 34, at 5 m/s for 10 s and has the ball [0, 6) s, passing at 2 s and
 * shooting at 5 s from (35, 34); 1-4 (team_1) walks x = 80 - s, y = 20, detected for 5 s, then projected.
 */
let t: TestService;
let known: KnownMatch;
let id: number;

useKnownMatchService(async (service, match) => {
  t = service;
  known = match;
  id = await importKnownMatch(t.api, known, { left_start_team: 'home' });
});

const get = (player: string) => t.api.get(`/v1/analyses/${id}/player-report/${player}`);

describe('GET /v1/analyses/{id}/player-report/{player_id}', () => {
  it('[PLR-01] [PLR-03] [PLR-04] [PLR-06] top level, params and coverage', async () => {
    const r = (await get('0-7')).body;
    expect(r).toMatchObject({ schema_version: 1, player_id: '0-7', team: 0, jersey: 7, label: '7', role: 'player', coordinate_frame: 'attacking', orientation_source: 'hub' });
    expect(r.params).toEqual({
      sample_interval_ms: 40, sprint_min_kmh: 25.2, sprint_min_s: 1, top_speed_percentile: 99, reliable_seconds_floor: 300, hull_central_fraction: 0.8,
      max_sample_gap_ms: 200, sequence_gap_ms: 3000, sequence_shot_slack_ms: 1000, pitch: { length_m: 105, width_m: 68 },
    });
    expect(r.coverage).toEqual({ seconds_detected: 10, seconds_projected: 0, overlap_share: 0, first_ms: 0, last_ms: 9960, reliable: false, source: 'tracking_fallback' });
    // 1-4 is projected at 5 Hz for the last 5 s: 25 rows of 200 ms.
    expect((await get('1-4')).body.coverage).toMatchObject({ seconds_detected: 5, seconds_projected: 5, first_ms: 0, last_ms: 4960 });
    expect(r.card).toEqual({ hero_crop_index: null, kit: null });
  });

  it('[PLR-07] [PLR-08] [PLR-09] [PLR-10] [PLR-11] physical: 50 m at 18 km/h, all of it running; no sprint', async () => {
    const p = (await get('0-7')).body.physical;
    expect(p).toMatchObject({ source: 'engine', distance_m: 50, top_speed_kmh: 18, sprints: [] });
    expect(p.speed_zones).toEqual([
      { name: 'walking', min_kmh: 0, max_kmh: 7, seconds: 0, distance_m: 0 },
      { name: 'jogging', min_kmh: 7, max_kmh: 14, seconds: 0, distance_m: 0 },
      { name: 'running', min_kmh: 14, max_kmh: 21, seconds: 10, distance_m: 50 },
      { name: 'high_intensity', min_kmh: 21, max_kmh: 25.2, seconds: 0, distance_m: 0 },
      { name: 'sprinting', min_kmh: 25.2, max_kmh: null, seconds: 0, distance_m: 0 },
    ]);
    expect(p.distance_per_bucket).toEqual([{ start_min: 0, end_min: 15, distance_m: 50 }]);
  });

  it('[PLR-12] [PLR-13] [PLR-14] [PLR-15] [PLR-16] [PLR-24] [PLR-25] position: grids, the mean per half, a line has no hull; team_1 mirrored', async () => {
    const pos = (await get('0-7')).body.position;
    expect(pos.heatmap.bins).toEqual([21, 14]);
    expect(pos.heatmap.extent).toEqual([[0, 105], [0, 68]]);
    // y = 34 is the 8th of 14 bins; x 10..59.8 covers bins 2..11 of 21 (5 m each), 25 samples per bin.
    const filled = pos.heatmap.counts.flatMap((col: number[], i: number) => col.map((n, j) => [i, j, n])).filter(([, , n]: number[]) => (n ?? 0) > 0);
    expect(filled).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => [i, 7, 25]));
    expect(pos.heatmap_with_ball.counts.flat().reduce((a: number, b: number) => a + b, 0)).toBe(150);
    expect(pos.avg_position).toEqual([{ period: 1, position: { x: 34.9, y: 34 }, n_frames: 250 }]);
    expect(pos.zone_hull).toEqual([]);
    expect(pos.third_timeline).toEqual([{ minute: 0, third: 'defensive' }]);
    expect(pos.ball_relative_heatmap.extent).toEqual([[-105, 105], [-68, 68]]);
    const walker = (await get('1-4')).body.position;
    // 1-4 attacks towards 0: x' = 105 - (80 - s) = 25 + s, y' = 68 - 20 = 48.
    expect(walker.avg_position).toEqual([{ period: 1, position: { x: 27.48, y: 48 }, n_frames: 125 }]);
    expect(walker.heatmap_with_ball).toBeNull();
  });

  it('[PLR-17] [PLR-18] [PLR-19] [PLR-20] [PLR-21] [PLR-22] on the ball: the pass, the shot 70 m out, one touch, the sequence ending in the shot', async () => {
    const events = (await t.api.get(`/v1/analyses/${id}/events`)).body;
    const shotId = (events.data ?? events).find((e: { type: string }) => e.type === 'shot').event_id;
    const b = (await get('0-7')).body.on_ball;
    expect(b.passes).toEqual([{
      event_id: expect.any(String), t_ms: 2000, x: 20, y: 34, x_target: 40, y_target: 34, length_m: 20,
      receiver_player_id: '0-9', receiver_team: 0, set_piece: 'open_play', pass_type: 'ground', body_part: 'foot',
    }]);
    expect(b.shots).toEqual([{ event_id: shotId, t_ms: 5000, x: 35, y: 34, distance_to_goal_m: 70, body_part: 'foot' }]);
    expect([b.carries, b.tackles, b.blocks]).toEqual([[], [], []]);
    expect(b.network).toEqual([{ player_id: '0-9', n: 1 }]);
    expect(b.touches).toBe(1);
    expect(b.touch_grid).toEqual({ bins: [3, 3], extent: [[0, 105], [0, 68]], counts: [[0, 1, 0], [0, 0, 0], [0, 0, 0]] });
    // One touch in 6 s (0.1 min) of team possession.
    expect(b.involvement).toEqual({ n_spans: 1, spans_per_min: 10, spans: [{ t0_ms: 0, t1_ms: 6000 }] });
    expect(b.best_sequence).toEqual({ spans: [{ player_id: '0-7', t0_ms: 0, t1_ms: 6000 }], shot_event_id: shotId, shot_t_ms: 5000 });
  });

  it('[PLR-23] interactions: pressure while on the ball from the nearest opponent, the direct opponent', async () => {
    const i = (await get('0-7')).body.interactions;
    // On the ball with 1-4 on camera for s = 0 .. 4.96: distance hypot(70 - 6 s, 14).
    const d = Array.from({ length: 125 }, (_, k) => Math.hypot(70 - 6 * k * 0.04, 14));
    const sorted = [...d].sort((a, b) => a - b);
    expect(i.pressure_received.n_frames).toBe(125);
    expect(i.pressure_received.mean_m).toBeCloseTo(d.reduce((a, b) => a + b, 0) / 125, 1);
    expect(i.pressure_received.p10_m).toBeCloseTo(sorted[12] as number, 1);
    expect(i.pressure_received.by_third.map((x: { third: string; n: number }) => [x.third, x.n])).toEqual([['defensive', 125], ['middle', 0], ['attacking', 0]]);
    expect(i.direct_opponent).toEqual([{ player_id: '1-4', share: 0.5 }]);
    expect(i.link_up).toEqual([]);
    expect((await get('1-4')).body.interactions.pressure_applied).toEqual({ n_possessions: 0, heatmap: null });
  });

  it('[PLR-26] [PLR-27] 404 { detail } for a bad id, a team other than 0 or 1, a player never seen; a cached answer is the same', async () => {
    for (const bad of ['7', '2-7', '0-', 'x-GK', '0-9']) {
      const res = await get(bad);
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    expect((await get('2-7')).body.detail).toMatch(/team must be 0 or 1/);
    expect((await get('0-9')).body.detail).toMatch(/never detected/);
    const first = (await get('0-7')).body;
    expect((await get('0-7')).body).toEqual(first);
  });

  it('[VER-02] both reports carry schema_version 1; their caches are keyed on it, so a cache of another version is never served', async () => {
    const fresh = await importKnownMatch(t.api, known, { left_start_team: 'home' });
    const videoId = (await t.api.get(`/v1/analyses/${fresh}`)).body.data.video_id as number;
    const cache = join(analysisDir(t.home, videoId, fresh), 'cache');
    // A report cached by an older schema version, with a body that must never come back.
    mkdirSync(cache, { recursive: true });
    writeFileSync(join(cache, `player-report-v${REPORT_SCHEMA_VERSION - 1}-hub-0-7.json`), JSON.stringify({ schema_version: 0, player_id: 'stale' }));
    writeFileSync(join(cache, `team-report-v${REPORT_SCHEMA_VERSION - 1}-hub.json`), JSON.stringify({ schema_version: 0, teams: [] }));
    const player = await t.api.get(`/v1/analyses/${fresh}/player-report/0-7`);
    const team = await t.api.get(`/v1/analyses/${fresh}/team-report`);
    expect(REPORT_SCHEMA_VERSION).toBe(1);
    expect(player.body).toMatchObject({ schema_version: 1, player_id: '0-7' });
    expect(team.body).toMatchObject({ schema_version: 1 });
    expect(team.body.teams).toHaveLength(2);
    // The answers were cached under the current version, next to the untouched stale ones.
    expect(readdirSync(cache).filter((f) => f.includes('-report-')).sort()).toEqual(['player-report-v0-hub-0-7.json', 'player-report-v1-hub-0-7.json', 'team-report-v0-hub.json', 'team-report-v1-hub.json']);
  });
});
