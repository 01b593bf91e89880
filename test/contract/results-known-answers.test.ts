import { describe, expect, it } from 'vitest';
import { tableFromIPC, Type } from 'apache-arrow';
import { readParquet } from 'parquet-wasm';
import { waitForAnalysis, type TestService } from '../helpers/test-service.js';
import type { KnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';

let t: TestService;
let known: KnownMatch;
let id: number;

useKnownMatchService(async (service, match) => {
  t = service;
  known = match;
  const res = await t.api.post('/v1/imports', { format: 'parquet', paths: { tracking: known.tracking, events: known.events }, home_team_name: 'Reds', away_team_name: 'Blues', left_start_team: 'home' });
  expect(res.status).toBe(200);
  id = res.body.data.id;
  const a = await waitForAnalysis(t.api, id, ['done', 'error']);
  expect(a.status, a.status_reason).toBe('done');
});

describe('summary on a hand-made match', () => {
  it('[SUM-05] [SUM-06] possession 60 / 30 / 10 with unknown filling the rest', async () => {
    const s = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    expect(s.possession.summary).toEqual({ team_0: { seconds: 6, pct: 60 }, team_1: { seconds: 3, pct: 30 }, unknown: { seconds: 1, pct: 10 } });
    expect(s.possession.per_minute).toEqual([{ minute: 0, team_0_pct: 60, team_1_pct: 30, unknown_pct: 10 }]);
    expect(s.teams).toEqual({ team_0_name: 'Reds', team_1_name: 'Blues' });
    expect(s.match_stats).toMatchObject({ analysable_duration_sec: 10, non_analysable_duration_sec: 0 });
    expect(s.match_stats.event_counts).toMatchObject({ pass: 1, shot: 1, team_possession: 2, scene: 1, match_timeline: 1 });
  });

  it('[SUM-08] [SUM-09] distances and speeds from detected rows only', async () => {
    const players = Object.fromEntries((await t.api.get(`/v1/analyses/${id}/summary`)).body.players.map((p: { player_id: string }) => [p.player_id, p]));
    expect(players['0-7'].stats).toEqual({
      total_distance_m: 50, distance_by_speed_bucket: { walking_m: 0, jogging_m: 0, running_m: 50, sprinting_m: 0 },
      avg_speed_kmh: 18, max_speed_kmh: 18, tracking_duration_sec: 10, ball_actions: { passes: 1, drives: 0, shots: 1 },
    });
    // The walker's projected half contributes nothing.
    expect(players['1-4'].stats).toMatchObject({ total_distance_m: 5, distance_by_speed_bucket: { walking_m: 5, jogging_m: 0, running_m: 0, sprinting_m: 0 }, tracking_duration_sec: 5, avg_speed_kmh: 3.6 });
    expect(players['0-7'].name).toBe('Reds #7');
  });
});

describe('query intervals on a hand-made match', () => {
  const q = (body: unknown) => t.api.post(`/v1/analyses/${id}/query-intervals`, body);

  it('[QRY-05] AND = intersection, OR = union with labels', async () => {
    const filters = [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_location', x_min: 30 }];
    expect((await q({ filters, pad_sec: 0 })).body).toEqual([{ start: 4, end: 6, label: 'filter', type: 'combined' }]);
    const or = (await q({ operator: 'OR', filters: [{ type: 'team_possession', teams: ['team_1'] }, { type: 'ball_location', x_min: 30 }], pad_sec: 0 })).body;
    expect(or).toEqual([
      { start: 4, end: 10, label: 'ball_location', type: 'ball_location' },
      { start: 6, end: 9, label: 'team_1', type: 'team_possession', team_id: 'team_1' },
    ]);
  });

  it('[QRY-08] padding 5 s clamps to 0 and to the video end', async () => {
    const res = await q({ filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_location', x_min: 30 }] });
    expect(res.body).toEqual([{ start: 0, end: 10, label: 'filter', type: 'combined' }]);
  });

  it('[QRY-11] pixel coordinates of the passer at 4 FPS', async () => {
    const res = await q({ operator: 'OR', filters: [{ type: 'ball_action', actions: ['pass'] }], pad_sec: 1, include_pixel_coords: true });
    const [pass] = res.body;
    expect(pass).toMatchObject({ start: 1, end: 3.04, label: 'pass', player_id: '0-7', team_id: 'team_0', team_name: 'Reds' });
    expect(pass.pixel_coords.map((p: { t: number }) => p.t)).toEqual([1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3]);
    expect(pass.pixel_coords[4]).toMatchObject({ t: 2, x: 150, y: 500 });
  });
});

describe('GET /analyses/{id}/tracking/download', () => {
  it('[TRK-01] [TRK-02] [TRK-06] Parquet: exact columns and types, every row, deterministic, named file', async () => {
    const res = await fetch(`${t.base}/v1/analyses/${id}/tracking/download`, { headers: { authorization: `Bearer ${t.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+_analysis-\d+_tracking\.parquet"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const table = tableFromIPC(readParquet(bytes).intoIPCStream());
    expect(table.numRows).toBe(known.rows);
    // The spec's columns, then the extension columns team and track_id (docs/api.md).
    expect(table.schema.fields.map((f) => f.name)).toEqual(['timestamp', 'role', 'player_id', 'player_id_conf', 'x', 'y', 'bbox_x', 'bbox_y', 'status', 'overlap_partner_id', 'position_conf', 'identity_conf', 'team', 'track_id']);
    const typeOf = (name: string) => table.schema.fields.find((f) => f.name === name)?.type;
    expect(typeOf('timestamp')?.typeId).toBe(Type.Int);
    expect((typeOf('x') as { bitWidth: number }).bitWidth).toBe(16);
    expect(typeOf('player_id_conf')?.typeId).toBe(Type.Float);
    expect((typeOf('player_id_conf') as { precision: number }).precision).toBe(0); // half
    const projected = [...Array(table.numRows).keys()].filter((i) => table.getChild('status')?.get(i) === 'projected');
    expect(projected.length).toBe(25);
    expect(table.getChild('bbox_x')?.get(projected[0] as number)).toBeNull();
    expect((typeOf('track_id') as { bitWidth: number }).bitWidth).toBe(32);
    // Row 0 is 0-7 (team_0), row 2 the ball: no squad, no track. An import's players get one track each.
    expect([0, 1, 2].map((i) => [table.getChild('team')?.get(i), table.getChild('track_id')?.get(i)])).toEqual([['team_0', 0], ['team_1', 1], [null, null]]);
    const again = new Uint8Array(await (await fetch(`${t.base}/v1/analyses/${id}/tracking/download?format=parquet`, { headers: { authorization: `Bearer ${t.token}` } })).arrayBuffer());
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(again))).toBe(0);
  });

  it('[TRK-06] JSON: a streamed array with the same rows', async () => {
    const res = await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/_tracking\.json"$/);
    expect(res.body).toHaveLength(known.rows);
    expect(res.body[0]).toEqual({
      timestamp: 0, role: 'player', player_id: '0-7', player_id_conf: 0.9, x: 1000, y: 3400, bbox_x: 100, bbox_y: 500,
      status: 'detected', overlap_partner_id: null, position_conf: null, identity_conf: null, team: 'team_0', track_id: 0,
    });
    expect(res.body[2]).toMatchObject({ role: 'ball', team: null, track_id: null });
  });

  it('[TRK-03] [TRK-05] engines before 0.5.36: no status columns and detected rows only', async () => {
    t.service.context.db.prepare("UPDATE analyses SET aggregate_version = '0.5.30' WHERE id = ?").run(id);
    try {
      const rows = (await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`)).body as Record<string, unknown>[];
      expect(rows).toHaveLength(known.rows - 25);
      expect(Object.keys(rows[0] as object)).toEqual(['timestamp', 'role', 'player_id', 'player_id_conf', 'x', 'y', 'bbox_x', 'bbox_y']);
    } finally {
      t.service.context.db.prepare("UPDATE analyses SET aggregate_version = '0.6.0' WHERE id = ?").run(id);
    }
  });

  it('[TRK-07] [LIM-02] downloads per token per hour, then 429 {detail} with Retry-After', async () => {
    const { token } = t.service.context.tokens.create({ organization: 'Default organization', name: 'downloader', trackingDownloadsPerHour: 2 });
    for (let i = 0; i < 2; i++) expect((await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`, token)).status).toBe(200);
    const refused = await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`, token);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body)).toEqual(['detail']);
    expect(refused.body.detail).toMatch(/2 per hour/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Other result endpoints are not affected.
    expect((await t.api.get(`/v1/analyses/${id}/events`, token)).status).toBe(200);
  });

  it('[LIM-01] [GEN-05] the request limit on a result endpoint answers 429 {detail} with Retry-After', async () => {
    const { token } = t.service.context.tokens.create({ organization: 'Default organization', name: 'chatty', rateLimitPerMinute: 2 });
    for (let i = 0; i < 2; i++) expect((await t.api.get(`/v1/analyses/${id}/schema`, token)).status).toBe(200);
    const refused = await t.api.get(`/v1/analyses/${id}/summary`, token);
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body)).toEqual(['detail']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('bad format -> 422 {detail}', async () => {
    const res = await t.api.get(`/v1/analyses/${id}/tracking/download?format=csv`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/format/);
  });
});
