import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startTestService, waitForVideo, type TestService } from '../helpers/test-service.js';
import { fixture } from '../helpers/fixtures.js';
import { answerAppRequest, serviceUrlFor } from '../../main/desktop/app-protocol.js';

/**
 * The desktop window's touchline://app origin is answered by the local service (main/desktop): the
 * handler is run here under Node with the Fetch API's own Request and Response, against a real service.
 */
let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

const ask = (path: string, init: RequestInit = {}) => answerAppRequest(new Request(`touchline://app${path}`, init), t.base);

describe('touchline://app', () => {
  it('serves the app page with the service\'s CSP and a same-origin API address', async () => {
    const page = await ask('/app/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('"apiBase":"/v1"');
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    expect((await ask(script)).headers.get('content-type')).toMatch(/javascript/);
    const redirect = await ask('/app');
    expect(redirect.headers.get('location')).toBe('touchline://app/app/');
  });

  it('forwards API calls with their token and body, and video byte ranges', async () => {
    const auth = { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' };
    const created = await ask('/v1/videos', { method: 'POST', headers: auth, body: JSON.stringify({ video_file_url: fixture.clip }) });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    await waitForVideo(t.api, id);
    expect((await ask('/v1/videos', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const media = (await (await ask(`/v1/videos/${id}/media-url`, { headers: auth })).json()) as { data: { url: string } };
    const u = new URL(media.data.url);
    const part = await ask(`${u.pathname}${u.search}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(readFileSync(fixture.clip).subarray(0, 100))).toBe(true);
  });

  it('answers nothing outside the app, the API and the widget', async () => {
    expect(serviceUrlFor('touchline://app/etc/passwd', t.base)).toBeNull();
    expect((await ask('/etc/passwd')).status).toBe(404);
    expect((await ask('/app/assets/../../package.json')).status).toBe(404);
    expect(serviceUrlFor('touchline://app/v1/videos?page=2', t.base)).toBe(`${t.base}/v1/videos?page=2`);
  });
});
