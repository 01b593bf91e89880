import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';

const dir = mkdtempSync(join(tmpdir(), 'touchline-widget-page-'));
let t: TestService;
let videoId: number;

beforeAll(async () => {
  await renderSampleClip(dir, { seed: 5, fromMs: 2_000, durationMs: 6_000 });
  t = await startTestService();
  videoId = (await t.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4') })).body.data.id as number;
}, 90_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const mint = async (body: unknown = {}) => (await t.api.post(`/v1/videos/${videoId}/embed-token`, body)).body as { token: string; url: string };
const boot = (html: string) => JSON.parse(/id="widget-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('GET /embed/confirm-sides (the widget page)', () => {
  it('[EMB-03] [EMB-06] the token\'s origins in frame-ancestors; no cookie, no referrer, no cache; boot facts for the widget', async () => {
    const { url } = await mint({ frame_ancestors: ['https://portal.club.example', 'http://127.0.0.1:9999'] });
    const res = await fetch(`${url}&lang=nl`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors https://portal.club.example http://127.0.0.1:9999');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="nl">');
    expect(boot(html)).toEqual({ state: 'valid', videoId, lang: 'nl', allowedOrigins: ['https://portal.club.example', 'http://127.0.0.1:9999'], expiresAt: expect.any(String) });
    expect(html).not.toContain((await mint()).token);
  });

  it('[EMB-03] without frame_ancestors nothing may frame it; an unknown token gets the page in its invalid state', async () => {
    const { url } = await mint();
    const res = await fetch(url);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const bad = await fetch(`${t.base}/embed/confirm-sides?t=tle_nope`);
    expect(bad.status).toBe(200);
    expect(boot(await bad.text())).toMatchObject({ state: 'invalid', videoId: null, allowedOrigins: [] });
    expect(bad.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves its hashed assets; anything else under /embed/assets is 404 { message }', async () => {
    const html = await (await fetch((await mint()).url)).text();
    const script = /src="(\/embed\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${t.base}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const missing = await fetch(`${t.base}/embed/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: expect.stringContaining('nope.js') });
    expect((await fetch(`${t.base}/embed/assets/..%2F..%2Fpackage.json`)).status).toBe(404);
  });
});

describe('GET /v1/embed/preview-teams (the widget\'s copy of the preview)', () => {
  it('[EMB-04] [EMB-07] the preview of the token\'s video with each kit\'s colours; no token is 401 { message }', async () => {
    const { token } = await mint();
    const get = () => t.api.request('GET', '/v1/embed/preview-teams', { token: null, headers: { 'x-embed-token': token } });
    const ready = await waitFor(async () => {
      const r = await get();
      return r.body.status === 'ready' ? r.body : undefined;
    }, 30_000, 'the preview', 250);
    expect(ready.teams).toHaveLength(2);
    for (const team of ready.teams) expect(team.colours.primary).toMatch(/^#[0-9a-f]{6}$/);
    const api = (await t.api.get(`/v1/videos/${videoId}/preview-teams`)).body;
    expect(api.teams.map((x: { swatch: unknown }) => x.swatch)).toEqual(ready.teams.map((x: { swatch: unknown }) => x.swatch));
    expect(api.teams[0].colours).toBeUndefined();
    const none = await t.api.request('GET', '/v1/embed/preview-teams', { token: null });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: expect.stringContaining('embed token') });
  });
});
