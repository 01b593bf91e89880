import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures.js';
import { startTestService, waitForVideo, type TestService } from '../helpers/test-service.js';

let t: TestService;
let otherToken: string;
const ids: number[] = [];

beforeAll(async () => {
  t = await startTestService();
  otherToken = t.service.context.tokens.create({ organization: 'Other FC', name: 'scout' }).token;
  for (let i = 0; i < 7; i++) {
    ids.push((await t.api.post('/v1/videos', { video_file_url: fixture.clip, title: `Match ${i}` })).body.data.id);
  }
  await t.api.post('/v1/videos', { video_file_url: fixture.clip, title: 'Not ours' }, otherToken);
  await waitForVideo(t.api, ids[6] as number);
});
afterAll(() => t.close());

describe('GET /v1/videos/{id}', () => {
  it('[VID-01] carries every field of the spec, mp4_source included', async () => {
    const res = await t.api.get(`/v1/videos/${ids[0]}`);
    expect(res.status).toBe(200);
    const v = res.body.data;
    for (const field of ['id', 'status', 'game_name', 'title', 'created_at', 'home_team_name', 'away_team_name',
      'duration', 'mp4_source', 'analyses', 'left_start_team', 'team_zero']) {
      expect(v, field).toHaveProperty(field);
    }
    expect(v.analyses).toEqual([]);
    expect(v.left_start_team).toBe('unknown');
    expect(v.team_zero).toBeNull();
    expect(v.mp4_source).toBe(`file://${fixture.clip}`);
  });

  it('[VID-16] records the real properties of the source and the analysis geometry', async () => {
    const v = (await waitForVideo(t.api, ids[0] as number));
    expect(v.source).toMatchObject({
      kind: 'local', video_codec: 'h264', width: 320, height: 180, fps: 25, duration_seconds: 4, has_audio: false,
      analysis: { fps: 25, width: 320, height: 180 },
    });
    expect(v.source.size_bytes).toBeGreaterThan(1000);
  });

  it('[GEN-04] unknown id -> 404 { message }', async () => {
    const res = await t.api.get('/v1/videos/999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'video 999999 not found' });
  });

  it('[AUT-03] a video of another organization -> 403 { message }', async () => {
    const mine = ids[0] as number;
    const res = await t.api.get(`/v1/videos/${mine}`, otherToken);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: `no permission to access video ${mine}` });
    for (const [method, body] of [['PUT', { title: 'stolen' }], ['DELETE', undefined]] as const) {
      const r = await t.api.request(method, `/v1/videos/${mine}`, { body, token: otherToken });
      expect(r.status, method).toBe(403);
    }
    expect((await t.api.get(`/v1/videos/${mine}`)).body.data.title).toBe('Match 0');
  });

  it('non-integer, zero and negative ids -> 422 naming the path parameter', async () => {
    for (const id of ['abc', '1.5', '-3', '0', '1e3']) {
      const res = await t.api.get(`/v1/videos/${id}`);
      expect(res.status, id).toBe(422);
      expect(res.body.message, id).toMatch(/path parameter 'id'/);
    }
  });
});

describe('GET /v1/videos', () => {
  it('[VID-04] { data, links, meta } with the list fields per item', async () => {
    const res = await t.api.get('/v1/videos');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'links', 'meta']);
    const item = res.body.data[0];
    expect(Object.keys(item).sort()).toEqual(['analyses', 'away_team_name', 'created_at', 'duration', 'game_name',
      'home_team_name', 'id', 'status', 'title']);
  });

  it('[AUT-03] lists only the organization\'s videos', async () => {
    const mine = await t.api.get('/v1/videos?per_page=100');
    expect(mine.body.meta.total).toBe(7);
    expect(mine.body.data.map((v: { title: string }) => v.title)).not.toContain('Not ours');
    const theirs = await t.api.get('/v1/videos', otherToken);
    expect(theirs.body.data.map((v: { title: string }) => v.title)).toEqual(['Not ours']);
  });

  it('pages newest first with page/per_page, links and meta', async () => {
    const p1 = await t.api.get('/v1/videos?per_page=3');
    expect(p1.body.data.map((v: { id: number }) => v.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(p1.body.meta).toEqual({ current_page: 1, per_page: 3, total: 7, last_page: 3, from: 1, to: 3 });
    expect(p1.body.links.prev).toBeNull();
    expect(p1.body.links.next).toBe(`${t.base}/v1/videos?page=2&per_page=3`);
    const p3 = await t.api.get(new URL(p1.body.links.last).pathname + new URL(p1.body.links.last).search);
    expect(p3.body.data.map((v: { id: number }) => v.id)).toEqual([ids[0]]);
    expect(p3.body.meta).toMatchObject({ current_page: 3, from: 7, to: 7 });
    expect(p3.body.links.next).toBeNull();
    const beyond = await t.api.get('/v1/videos?page=9&per_page=3');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ from: null, to: null, total: 7 });
  });

  it('filters by status', async () => {
    const res = await t.api.get('/v1/videos?status=error');
    expect(res.body.data).toEqual([]);
    expect(res.body.links.self).toContain('status=error');
  });

  it('bad list parameters -> 422 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['page=0', /query parameter 'page' must be >= 1/],
      ['per_page=101', /query parameter 'per_page' must be <= 100/],
      ['per_page=abc', /query parameter 'per_page' must be integer/],
      ['status=finished', /query parameter 'status' must be 'init' or/],
      ['sort=asc', /unknown field 'sort' in query/],
    ];
    for (const [query, message] of cases) {
      const res = await t.api.get(`/v1/videos?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.message, query).toMatch(message);
    }
  });
});
