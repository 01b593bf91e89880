import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { importAndWait, startTestService, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';

let t: TestService;
let truthDir: string;
let id: number;
let videoId: number;

beforeAll(async () => {
  truthDir = await writeSampleTruth();
  t = await startTestService();
  ({ id, video_id: videoId } = await importAndWait(t.api, { format: 'sim', paths: { dir: truthDir }, home_team_name: 'Reds', away_team_name: 'Blues', date: '2026-05-01' }));
});
afterAll(async () => {
  await t?.close();
  rmSync(truthDir, { recursive: true, force: true });
});

const twoDecimals = (v: unknown): boolean => typeof v !== 'number' || Math.round(v * 100) / 100 === v;
function everyNumber(value: unknown, check: (n: unknown) => boolean): boolean {
  if (Array.isArray(value)) return value.every((v) => everyNumber(v, check));
  if (value && typeof value === 'object') return Object.values(value).every((v) => everyNumber(v, check));
  return check(value);
}

describe('GET /analyses/{id}/summary', () => {
  it('[SUM-01] [SUM-02] [SUM-03] [SUM-04] members, metadata from the game id, every number at 2 decimals', async () => {
    const res = await t.api.get(`/v1/analyses/${id}/summary`);
    expect(res.status).toBe(200);
    const s = res.body;
    expect(Object.keys(s)).toEqual(['metadata', 'teams', 'match_stats', 'possession', 'players']);
    const video = (await t.api.get(`/v1/videos/${videoId}`)).body.data;
    expect(s.metadata).toMatchObject({ game_id: video.game_name, game_date: '2026-05-01', version: '0.6.0' });
    expect(s.metadata.game_id).toMatch(/^2026-05-01_reds-blues-\d+$/);
    expect(s.metadata.video_length_sec).toBe(video.duration);
    const mapping = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    expect(s.teams).toEqual({ team_0_name: mapping.team_0.name, team_1_name: mapping.team_1.name });
    expect(s.match_stats.event_counts.pass).toBeGreaterThan(5);
    expect(s.match_stats.analysable_duration_sec + s.match_stats.non_analysable_duration_sec).toBeCloseTo(s.metadata.video_length_sec, 2);
    expect(everyNumber(s, twoDecimals)).toBe(true);
  });

  it('[SUM-05] [SUM-06] possession shares sum to 100, per minute too, sorted by minute', async () => {
    const { possession } = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    const { team_0, team_1, unknown } = possession.summary;
    expect(Math.round((team_0.pct + team_1.pct + unknown.pct) * 100)).toBe(10000);
    expect(team_0.seconds).toBeGreaterThan(0);
    expect(team_1.seconds).toBeGreaterThan(0);
    const minutes = possession.per_minute.map((m: { minute: number }) => m.minute);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(minutes[0]).toBe(0);
    for (const m of possession.per_minute) expect(Math.round((m.team_0_pct + m.team_1_pct + m.unknown_pct) * 100)).toBe(10000);
  });

  it('[SUM-07] [SUM-08] players: distance buckets sum to the total, speeds human, ball actions match the events', async () => {
    const { players } = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    const events = (await t.api.get(`/v1/analyses/${id}/events?type=pass,drive,shot`)).body as { type: string; player_id: string }[];
    expect(players.length).toBe(22);
    for (const p of players) {
      expect(p.player_id).toMatch(/^[01]-\d+$/);
      expect(p.team_id).toBe(p.player_id.startsWith('0-') ? 'team_0' : 'team_1');
      expect(p.jersey_number).toBe(Number(p.player_id.split('-')[1]));
      const b = p.stats.distance_by_speed_bucket;
      expect(Math.round((b.walking_m + b.jogging_m + b.running_m + b.sprinting_m) * 100)).toBe(Math.round(p.stats.total_distance_m * 100));
      expect(p.stats.max_speed_kmh).toBeLessThan(9.6 * 3.6);
      expect(p.stats.tracking_duration_sec).toBeGreaterThan(0);
      expect(p.stats.ball_actions.passes).toBe(events.filter((e) => e.type === 'pass' && e.player_id === p.player_id).length);
      expect(p.stats.ball_actions.shots).toBe(events.filter((e) => e.type === 'shot' && e.player_id === p.player_id).length);
    }
  });

  it('[SUM-10] computed once and cached; names follow renames and the roster without recomputing', async () => {
    const first = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    expect(existsSync(join(t.home, 'videos', String(videoId), 'analyses', String(id), 'cache', 'summary-v1.json'))).toBe(true);
    const mapping = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    const homeLabel = mapping.team_0.role === 'home' ? 'team_0' : 'team_1';
    await t.api.put(`/v1/videos/${videoId}`, { home_team_name: 'Crimson' });
    await t.api.put(`/v1/videos/${videoId}/roster`, { home: { 9: 'Ada Striker' } });
    const second = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    expect(second.metadata.generated_at).toBe(first.metadata.generated_at);
    expect(second.teams[`${homeLabel}_name`]).toBe('Crimson');
    const nine = second.players.find((p: { player_id: string }) => p.player_id === `${homeLabel === 'team_0' ? 0 : 1}-9`);
    expect(nine.name).toBe('Ada Striker');
    expect(second.players.map((p: { stats: unknown }) => p.stats)).toEqual(first.players.map((p: { stats: unknown }) => p.stats));
  });

  it('[ANA-12] 409 {detail} before done', async () => {
    const pending = insertAnalysis(t.service.context.db, videoId, 'init');
    const res = await t.api.get(`/v1/analyses/${pending}/summary`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/is init/);
  });
});
