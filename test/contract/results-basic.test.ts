import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
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
  ({ id, video_id: videoId } = await importAndWait(t.api, { format: 'sim', paths: { dir: truthDir }, home_team_name: 'Reds', away_team_name: 'Blues' }));
});
afterAll(async () => {
  await t?.close();
  rmSync(truthDir, { recursive: true, force: true });
});

describe('GET /analyses/{id}/events', () => {
  it('[GEN-05] a bare array of event records with every documented field', async () => {
    const res = await t.api.get(`/v1/analyses/${id}/events`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const types = new Set(res.body.map((e: { type: string }) => e.type));
    for (const type of ['pass', 'shot', 'team_possession', 'player_possession', 'scene', 'match_timeline']) expect(types).toContain(type);
    const pass = res.body.find((e: { type: string }) => e.type === 'pass');
    expect(Object.keys(pass).sort()).toEqual(['confidence_detection', 'confidence_event', 'end_ms', 'event_id', 'player_id', 'properties', 'start_ms', 'team', 'type']);
    expect(pass.player_id).toMatch(/^[01]-\d+$/);
    expect(pass.properties).toMatchObject({ pass_type: expect.any(String), body_part: 'foot', completed: expect.any(Boolean) });
    // The cross of the synthetic minute is typed as one, the kick-off pass is played from a kick-off.
    expect(res.body.some((e: { properties: { pass_type?: string } }) => e.properties.pass_type === 'cross')).toBe(true);
    expect(res.body.find((e: { type: string }) => e.type === 'pass').properties.set_piece).toBe('kick_off');
    const ids = res.body.map((e: { event_id: string }) => e.event_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('filters by type, team, player and time window (documented extension)', async () => {
    const all = (await t.api.get(`/v1/analyses/${id}/events`)).body as { type: string; team: string; player_id: string; start_ms: number; end_ms: number }[];
    const passes = (await t.api.get(`/v1/analyses/${id}/events?type=pass,shot`)).body as typeof all;
    expect(passes.length).toBe(all.filter((e) => e.type === 'pass' || e.type === 'shot').length);
    const shooter = all.find((e) => e.type === 'shot')?.player_id as string;
    const byPlayer = (await t.api.get(`/v1/analyses/${id}/events?player_id=${shooter}`)).body as typeof all;
    expect(byPlayer.length).toBeGreaterThan(0);
    expect(byPlayer.every((e) => e.player_id === shooter)).toBe(true);
    const team = (await t.api.get(`/v1/analyses/${id}/events?team=team_1&type=team_possession`)).body as typeof all;
    expect(team.every((e) => e.team === 'team_1' && e.type === 'team_possession')).toBe(true);
    const windowed = (await t.api.get(`/v1/analyses/${id}/events?from_ms=10000&to_ms=20000`)).body as typeof all;
    expect(windowed.length).toBe(all.filter((e) => e.end_ms > 10000 && e.start_ms < 20000).length);
  });

  it('bad filters -> 422 {detail} naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['type=goal', /unknown event type\(s\) 'goal'/],
      ['team=home', /team/],
      ['player_id=ten', /player_id/],
      ['from_ms=500&to_ms=100', /to_ms/],
      ['colour=red', /colour/],
    ];
    for (const [q, message] of cases) {
      const res = await t.api.get(`/v1/analyses/${id}/events?${q}`);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.body)).toEqual(['detail']);
      expect(res.body.detail).toMatch(message);
    }
  });
});

describe('results before done and unknown analyses', () => {
  it('[ANA-12] every result endpoint answers 409 {detail} naming the status before done', async () => {
    const pending = insertAnalysis(t.service.context.db, videoId, 'running');
    for (const path of ['events', 'schema', 'meta-data']) {
      const res = await t.api.get(`/v1/analyses/${pending}/${path}`);
      expect(res.status, path).toBe(409);
      expect(res.body).toEqual({ detail: `analysis ${pending} is running (0%); results are available once its status is done` });
    }
  });

  it('[ANA-11] unknown analysis on a result endpoint -> 404 {detail}', async () => {
    const res = await t.api.get('/v1/analyses/987654/events');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'analysis 987654 not found' });
  });

  it('[AUT-03] another organization -> 403 {detail}', async () => {
    const { token } = t.service.context.tokens.create({ organization: 'Others', name: 'o' });
    const res = await t.api.get(`/v1/analyses/${id}/events`, token);
    expect(res.status).toBe(403);
    expect(Object.keys(res.body)).toEqual(['detail']);
  });
});

describe('GET /analyses/{id}/schema', () => {
  it('[SCH-01] [SCH-02] [SCH-04] data version 4: event types with properties, filters, frame_state columns', async () => {
    const res = await t.api.get(`/v1/analyses/${id}/schema`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data_version: 4, engine_version: '0.6.0', frame_state: { available: true } });
    for (const type of ['pass', 'shot', 'tackle']) expect(res.body.event_types[type].summary).toEqual(expect.any(String));
    const bodyPart = res.body.event_types.pass.properties.find((p: { name: string }) => p.name === 'body_part');
    expect(bodyPart).toMatchObject({ type: 'str', enum: expect.arrayContaining(['head', 'unknown']) });
    expect(res.body.event_types.pass.properties.find((p: { name: string }) => p.name === 'confidence_event')).toMatchObject({ type: 'float32' });
    const filterTypes = res.body.filters.map((f: { type: string }) => f.type).sort();
    expect(filterTypes).toEqual(['ball_action', 'ball_location', 'event_property', 'frame_state', 'match_timeline', 'player_ball_proximity', 'player_possession', 'scene', 'team_possession']);
    const columns = Object.fromEntries(res.body.frame_state.columns.map((c: { name: string; type: string }) => [c.name, c.type]));
    expect(columns).toMatchObject({ timestamp: 'int32', player_id: 'str', speed_mps: 'float32' });
  });

  it('[SCH-03] legacy data version 2: no event types, legacy filters only, no frame state', async () => {
    const legacy = insertAnalysis(t.service.context.db, videoId, 'done');
    t.service.context.db.prepare("UPDATE analyses SET data_version = 2, aggregate_version = '0.5.20' WHERE id = ?").run(legacy);
    const res = await t.api.get(`/v1/analyses/${legacy}/schema`);
    expect(res.status).toBe(200);
    expect(res.body.event_types).toEqual({});
    expect(res.body.frame_state).toEqual({ available: false, columns: [] });
    const filterTypes = res.body.filters.map((f: { type: string }) => f.type);
    expect(filterTypes).toEqual(expect.arrayContaining(['team_possession', 'ball_action']));
    expect(filterTypes).not.toContain('event_property');
    expect(filterTypes).not.toContain('frame_state');
  });
});

describe('team mapping, meta and identities composed at read time', () => {
  it('[MAP-01] [MAP-03] the import names its squads: roles resolved, team_0 started left', async () => {
    const res = await t.api.get(`/v1/analyses/${id}/team-mapping`);
    expect(res.status).toBe(200);
    expect(res.body.team_0.starts_left).toBe(true);
    expect(res.body.team_1.starts_left).toBe(false);
    expect(res.body.identity_source).toBe('confirmed_kit');
    const role0 = res.body.team_0.role;
    expect(['home', 'away']).toContain(role0);
    expect(res.body.team_0.name).toBe(role0 === 'home' ? 'Reds' : 'Blues');
    expect(res.body.left_start_team).toBe(role0);
  });

  it('[GEN-08] [VID-09] renaming teams and asserting the side relabel results without a re-run', async () => {
    const before = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    const finishedAt = (await t.api.get(`/v1/analyses/${id}`)).body.data.finished_at;
    await t.api.put(`/v1/videos/${videoId}`, { home_team_name: 'Red Star' });
    const renamed = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    const homeLabel = before.team_0.role === 'home' ? 'team_0' : 'team_1';
    expect(renamed[homeLabel].name).toBe('Red Star');
    // Asserting the opposite side flips the roles: the client's word is authoritative.
    const flipped = before.team_0.role === 'home' ? 'away' : 'home';
    await t.api.put(`/v1/videos/${videoId}`, { left_start_team: flipped });
    const asserted = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    expect(asserted).toMatchObject({ identity_source: 'asserted_side', left_start_team: flipped, team_0: { role: flipped } });
    const video = (await t.api.get(`/v1/videos/${videoId}`)).body.data;
    expect(video).toMatchObject({ left_start_team: flipped, team_zero: flipped });
    const meta = (await t.api.get(`/v1/analyses/${id}/meta-data`)).body;
    expect(meta.teams.team_0.role).toBe(flipped);
    // No re-run happened.
    expect((await t.api.get(`/v1/analyses/${id}`)).body.data.finished_at).toBe(finishedAt);
    expect(t.service.context.db.prepare('SELECT COUNT(*) AS n FROM jobs WHERE analysis_id = ?').get(id)).toEqual({ n: 1 });
    // Put it back for the other tests.
    t.service.context.db.prepare("UPDATE videos SET left_start_team = 'unknown', left_start_team_set_by = NULL, home_team_name = 'Reds' WHERE id = ?").run(videoId);
  });

  it('[MAP-02] before done, team-mapping answers with neutral labels unless the side is asserted', async () => {
    const pending = insertAnalysis(t.service.context.db, videoId, 'running');
    const res = await t.api.get(`/v1/analyses/${pending}/team-mapping`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      team_0: { role: null, starts_left: true, name: 'Team 0' },
      team_1: { role: null, starts_left: false, name: 'Team 1' },
      left_start_team: 'unknown',
      identity_source: null,
    });
  });

  it('roster names become identities, summary-ready; bad rosters are refused', async () => {
    const mapping = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    const homeLabel = mapping.team_0.role === 'home' ? '0' : '1';
    const before = (await t.api.get(`/v1/analyses/${id}/meta-data`)).body;
    expect(before.identities[`${homeLabel}-9`]).toBe('Reds #9');
    const put = await t.api.put(`/v1/videos/${videoId}/roster`, { home: { 9: '  Ada Striker ', GK: 'Kim Keeper' } });
    expect(put.status).toBe(200);
    expect(put.body.data.roster.home).toEqual({ 9: 'Ada Striker', GK: 'Kim Keeper' });
    expect(put.body.data.identities[`${homeLabel}-9`]).toBe('Ada Striker');
    const meta = (await t.api.get(`/v1/analyses/${id}/meta-data`)).body;
    expect(meta.identities[`${homeLabel}-9`]).toBe('Ada Striker');
    expect(meta.players.find((p: { player_id: string }) => p.player_id === `${homeLabel}-9`).name_source).toBe('roster');
    const videoMeta = (await t.api.get(`/v1/videos/${videoId}/meta`)).body.data;
    expect(videoMeta).toMatchObject({ latest_analysis_id: id, roster: { home: { 9: 'Ada Striker' }, away: {} } });

    for (const [body, message] of [
      [{ home: { 'ten!': 'X' } }, /bad shirt/],
      [{ home: { 9: '   ' } }, /must not be blank/],
      [{ team_0: { 9: 'X' } }, /team_0/],
      [{ home: { 9: 'x'.repeat(101) } }, /100/],
    ] as const) {
      const res = await t.api.put(`/v1/videos/${videoId}/roster`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
    // Refused writes changed nothing.
    expect((await t.api.get(`/v1/videos/${videoId}/meta`)).body.data.roster.home[9]).toBe('Ada Striker');
  });
});

describe('conventions over every family of endpoint', () => {
  const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
  /** An ISO 8601 UTC instant, and a true one: within the hour of this test, not a local time labelled Z. */
  const expectNowIso = (value: unknown, field: string, plusMs = 0) => {
    expect(value, field).toMatch(ISO_UTC);
    expect(Math.abs(Date.parse(value as string) - (Date.now() + plusMs)), field).toBeLessThan(3_600_000);
  };

  it('[GEN-02] timestamps are ISO 8601 UTC strings; _ms fields are milliseconds from match start; _sec / _seconds fields are seconds', async () => {
    const analysis = (await t.api.get(`/v1/analyses/${id}`)).body.data;
    for (const field of ['created_at', 'started_at', 'finished_at']) expectNowIso(analysis[field], `analysis.${field}`);
    expectNowIso((await t.api.get(`/v1/videos/${videoId}`)).body.data.created_at, 'video.created_at');
    expectNowIso((await t.api.get('/v1/videos')).body.data.find((v: { id: number }) => v.id === videoId).created_at, 'video list created_at');
    const preview = (await t.api.get(`/v1/videos/${videoId}/preview-teams`)).body;
    expectNowIso(preview.ready_at, 'preview ready_at');
    const summary = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    expectNowIso(summary.metadata.generated_at, 'summary generated_at');
    // _seconds: a token minted for 600 seconds expires ten minutes from now.
    const minted = (await t.api.post(`/v1/videos/${videoId}/embed-token`, { ttl_seconds: 600 })).body;
    expectNowIso(minted.expires_at, 'embed token expires_at', 600_000);
    expect(Math.abs(Date.parse(minted.expires_at) - Date.now() - 600_000)).toBeLessThan(60_000);

    // _ms: integers on the match clock, from 0 (the match_timeline's start) to the end of the video; the
    // same spans read as _sec in the summary are those milliseconds / 1000.
    const events = (await t.api.get(`/v1/analyses/${id}/events`)).body as { type: string; start_ms: number; end_ms: number; player_id: string | null }[];
    const lengthSec = summary.metadata.video_length_sec as number;
    expect(lengthSec).toBe((await t.api.get(`/v1/videos/${videoId}`)).body.data.duration);
    expect(events.filter((e) => e.type === 'match_timeline').map((e) => [e.start_ms, e.end_ms])).toEqual([[0, lengthSec * 1000]]);
    for (const e of events) {
      expect(Number.isInteger(e.start_ms) && Number.isInteger(e.end_ms), e.type).toBe(true);
      expect(e.start_ms, e.type).toBeGreaterThanOrEqual(0);
      expect(e.end_ms, e.type).toBeLessThanOrEqual(lengthSec * 1000);
    }
    for (const [type, sec] of Object.entries(summary.match_stats.total_durations_sec as Record<string, number>)) {
      const ms = events.filter((e) => e.type === type).reduce((a, e) => a + e.end_ms - e.start_ms, 0);
      expect(sec, type).toBeCloseTo(ms / 1000, 2);
    }
    expect(summary.match_stats.analysable_duration_sec + summary.match_stats.non_analysable_duration_sec).toBe(lengthSec);
    expect((await t.api.get(`/v1/analyses/${id}/meta-data`)).body.duration_sec).toBe(lengthSec);
    // A player's first and last moments (ms) are the timestamps (ms) of his first and last detected rows.
    const passer = events.find((e) => e.type === 'pass')?.player_id as string;
    const coverage = (await t.api.get(`/v1/analyses/${id}/player-report/${passer}`)).body.coverage;
    const rows = (await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`)).body as { timestamp: number; player_id: string | null; status: string }[];
    const mine = rows.filter((r) => r.player_id === passer && r.status.startsWith('detected')).map((r) => r.timestamp);
    expect([coverage.first_ms, coverage.last_ms]).toEqual([mine[0], mine[mine.length - 1]]);
    expect(rows.every((r) => Number.isInteger(r.timestamp) && r.timestamp >= 0 && r.timestamp < lengthSec * 1000)).toBe(true);
  });

  it('[GEN-03] one pitch of 105 m x 68 m: tracking centimetres, report params and grids, query bounds', async () => {
    const rows = (await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`)).body as { x: number; y: number; role: string }[];
    const outside = rows.filter((r) => !(r.x >= 0 && r.x <= 10500 && r.y >= 0 && r.y <= 6800));
    expect(outside).toEqual([]);
    // The keepers stand by their goal lines at x = 0 and x = 105 m, not at the ends of a smaller model.
    const keepers = rows.filter((r) => r.role === 'goal_keeper').map((r) => r.x);
    expect(keepers.reduce((a, x) => Math.min(a, x), Infinity)).toBeLessThan(1000);
    expect(keepers.reduce((a, x) => Math.max(a, x), -Infinity)).toBeGreaterThan(9500);

    const pitch = { length_m: 105, width_m: 68 };
    const team = (await t.api.get(`/v1/analyses/${id}/team-report`)).body;
    expect(team.params.pitch).toEqual(pitch);
    const player = (await t.api.get(`/v1/analyses/${id}/player-report/0-9`)).body;
    expect(player.params.pitch).toEqual(pitch);
    expect(player.position.heatmap.extent).toEqual([[0, 105], [0, 68]]);
    expect(player.on_ball.touch_grid.extent).toEqual([[0, 105], [0, 68]]);
    for (const { x, y } of team.teams.flatMap((tm: { average_positions: { position: { x: number; y: number } }[] }) => tm.average_positions.map((p) => p.position))) {
      expect(x >= 0 && x <= 105 && y >= 0 && y <= 68, `${x}, ${y}`).toBe(true);
    }

    const q = (filter: object) => t.api.post(`/v1/analyses/${id}/query-intervals`, { filters: [{ type: 'ball_location', ...filter }] });
    expect((await q({ x_min: 0, x_max: 105, y_min: 0, y_max: 68 })).status).toBe(200);
    for (const [bad, limit] of [[{ x_max: 105.5 }, /105/], [{ y_max: 68.5 }, /68/], [{ x_min: -0.5 }, /105/]] as const) {
      const res = await q(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.detail, JSON.stringify(bad)).toMatch(limit);
    }
  });
});
