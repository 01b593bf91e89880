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
