import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures.js';
import { startTestService, waitForVideo, type TestService } from '../helpers/test-service.js';
import { hashEmbedToken } from '../../main/service/store/embed-tokens-repo.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.close();
});

async function newVideo(names: { home_team_name?: string; away_team_name?: string } = {}): Promise<number> {
  const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip, ...names })).body.data.id as number;
  await waitForVideo(t.api, id);
  return id;
}
const widget = (method: 'GET' | 'POST', path: string, token: string | null, body?: unknown) =>
  t.api.request(method, `/v1/embed/sides${path}`, { token: null, body, headers: token ? { 'x-embed-token': token } : {} });

describe('POST /v1/videos/{id}/embed-token', () => {
  it('[EMB-01] [EMB-02] mints { token, url, expires_at } with the default ttl of two hours; only a hash is stored', async () => {
    const id = await newVideo();
    const before = Date.now();
    const res = await t.api.post(`/v1/videos/${id}/embed-token`, {});
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token', 'url']);
    const { token, url, expires_at } = res.body as { token: string; url: string; expires_at: string };
    expect(url).toBe(`${t.base}/embed/confirm-sides?t=${encodeURIComponent(token)}`);
    expect(Date.parse(expires_at) - before).toBeGreaterThan(7_190_000);
    expect(Date.parse(expires_at) - before).toBeLessThan(7_210_000);
    const stored = t.service.context.db.prepare('SELECT * FROM embed_tokens WHERE video_id = ?').all(id) as { token_hash: Buffer; frame_ancestors: string | null; readonly_names: number }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash.equals(hashEmbedToken(token))).toBe(true);
    // The raw token appears nowhere in the database.
    const dump = JSON.stringify(t.service.context.db.prepare('SELECT * FROM embed_tokens').all());
    expect(dump).not.toContain(token);
    expect(stored[0]).toMatchObject({ frame_ancestors: null, readonly_names: 0 });
    // A fresh token per call.
    expect((await t.api.post(`/v1/videos/${id}/embed-token`)).body.token).not.toBe(token);
  });

  it('[EMB-01] ttl_seconds 60-86400 and origins only in frame_ancestors, else 422 { message }; nothing is minted', async () => {
    const id = await newVideo();
    for (const body of [{ ttl_seconds: 59 }, { ttl_seconds: 86_401 }, { ttl_seconds: 1.5 }, { frame_ancestors: ['https://club.example/page'] }, { frame_ancestors: ['javascript:alert(1)'] }, { readonly_names: 'yes' }, { colour: 'red' }]) {
      const res = await t.api.post(`/v1/videos/${id}/embed-token`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
    expect(t.service.context.db.prepare('SELECT COUNT(*) FROM embed_tokens WHERE video_id = ?').pluck().get(id)).toBe(0);
    const ok = await t.api.post(`/v1/videos/${id}/embed-token`, { ttl_seconds: 60, frame_ancestors: ['https://Club.example', 'http://localhost:5173', 'https://*.example.org'], readonly_names: true });
    expect(ok.status).toBe(200);
    const row = t.service.context.db.prepare('SELECT frame_ancestors, readonly_names FROM embed_tokens WHERE video_id = ?').get(id) as { frame_ancestors: string; readonly_names: number };
    expect(JSON.parse(row.frame_ancestors)).toEqual(['https://club.example', 'http://localhost:5173', 'https://*.example.org']);
    expect(row.readonly_names).toBe(1);
  });

  it('[EMB-04] needs an API token and a video of the caller: 401, 404 { message }', async () => {
    const id = await newVideo();
    expect((await t.api.post(`/v1/videos/${id}/embed-token`, {}, null)).status).toBe(401);
    const missing = await t.api.post('/v1/videos/999999/embed-token', {});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/video 999999 not found/);
  });
});

describe('the widget endpoints (embed token in X-Embed-Token)', () => {
  it('[EMB-04] [EMB-09] reads the sides of its own video and confirms the home kit and names (blank keeps the stored name)', async () => {
    const id = await newVideo({ home_team_name: 'Reds', away_team_name: 'Blues' });
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, {})).body as { token: string };
    const sides = await widget('GET', '', token);
    expect(sides.status).toBe(200);
    expect(sides.body.data).toMatchObject({ video_id: id, home_team_name: 'Reds', away_team_name: 'Blues', confirmed_home_key: null, left_start_team: 'unknown', readonly_names: false });
    const confirmed = await widget('POST', '/confirm', token, { home_key: 'team_b', home_name: '  ', away_name: ' Blue Army ' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ confirmed_home_key: 'team_b', home_team_name: 'Reds', away_team_name: 'Blue Army', left_start_team: 'unknown' });
    const video = (await t.api.get(`/v1/videos/${id}/meta`)).body.data;
    expect(video).toMatchObject({ confirmed_home_key: 'team_b' });
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toMatchObject({ home_team_name: 'Reds', away_team_name: 'Blue Army' });
  });

  it('[EMB-11] [EMB-10] confirming again may switch the kit, also while an analysis runs (nothing is re-run)', async () => {
    const id = await newVideo();
    const analysis = insertAnalysis(t.service.context.db, id, 'running');
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, {})).body as { token: string };
    expect((await widget('POST', '/confirm', token, { home_key: 'team_a' })).body.data.confirmed_home_key).toBe('team_a');
    expect((await widget('GET', '', token)).body.data.confirmed_home_key).toBe('team_a');
    expect((await widget('POST', '/confirm', token, { home_key: 'team_b' })).body.data.confirmed_home_key).toBe('team_b');
    expect(t.service.context.db.prepare('SELECT status FROM analyses WHERE id = ?').pluck().get(analysis)).toBe('running');
    expect(t.service.context.db.prepare('SELECT COUNT(*) FROM analyses WHERE video_id = ?').pluck().get(id)).toBe(1);
  });

  it('[EMB-05] a readonly_names token refuses name writes with 403 { message } and changes nothing; the kit alone is fine', async () => {
    const id = await newVideo({ home_team_name: 'Reds', away_team_name: 'Blues' });
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, { readonly_names: true })).body as { token: string };
    expect((await widget('GET', '', token)).body.data.readonly_names).toBe(true);
    const refused = await widget('POST', '/confirm', token, { home_key: 'team_a', home_name: 'Renamed' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/fixed labels/);
    expect((await t.api.get(`/v1/videos/${id}/meta`)).body.data.confirmed_home_key).toBeNull();
    expect((await widget('POST', '/confirm', token, { home_key: 'team_a', home_name: '' })).body.data).toMatchObject({ confirmed_home_key: 'team_a', home_team_name: 'Reds' });
  });

  it('[EMB-09] names are capped at 100 characters; a bad kit key is 422; the stored video is untouched', async () => {
    const id = await newVideo({ home_team_name: 'Reds' });
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, {})).body as { token: string };
    const long = await widget('POST', '/confirm', token, { home_key: 'team_a', home_name: 'x'.repeat(101) });
    expect(long.status).toBe(422);
    expect(long.body.message).toMatch(/100 characters/);
    expect((await widget('POST', '/confirm', token, { home_key: 'home' })).status).toBe(422);
    expect((await widget('POST', '/confirm', token, { home_key: 'team_a', home_name: 'x'.repeat(100) })).status).toBe(200);
    expect((await t.api.get(`/v1/videos/${id}`)).body.data.home_team_name).toBe('x'.repeat(100));
  });

  it('[EMB-04] a token reaches only its own video; no, unknown, API or expired tokens are 401 { message }', async () => {
    const a = await newVideo({ home_team_name: 'A' });
    const b = await newVideo({ home_team_name: 'B' });
    const { token } = (await t.api.post(`/v1/videos/${a}/embed-token`, {})).body as { token: string };
    expect((await widget('GET', '', token)).body.data.video_id).toBe(a);
    expect((await t.api.get(`/v1/videos/${b}`, token)).status).toBe(401); // not an API token
    expect((await widget('GET', '', null)).status).toBe(401);
    expect((await widget('GET', '', `${token}x`)).status).toBe(401);
    expect((await widget('GET', '', t.token)).status).toBe(401);
    // Expired: the widget can tell it from an unknown token by its message.
    t.service.context.db.prepare('UPDATE embed_tokens SET expires_at = ? WHERE token_hash = ?').run(new Date(Date.now() - 1000).toISOString(), hashEmbedToken(token));
    const expired = await widget('POST', '/confirm', token, { home_key: 'team_a' });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('x-touchline-error')).toBe('EMBED_TOKEN_EXPIRED');
    expect(expired.body.message).toMatch(/expired/);
    expect((await t.api.get(`/v1/videos/${a}/meta`)).body.data.confirmed_home_key).toBeNull();
  });

  it('deleting the video removes its tokens', async () => {
    const id = await newVideo();
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, {})).body as { token: string };
    expect((await t.api.del(`/v1/videos/${id}`)).status).toBe(204);
    expect((await widget('GET', '', token)).status).toBe(401);
    expect(t.service.context.db.prepare('SELECT COUNT(*) FROM embed_tokens WHERE video_id = ?').pluck().get(id)).toBe(0);
  });
});
