import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestService, type TestService } from '../helpers/test-service.js';
import { APP_TOKEN_FILE, APP_TOKEN_RATE_LIMIT } from '../../main/service/bootstrap.js';

/**
 * The analyst's app calls the API with its own token (bootstrap.ts: ensureAppToken), so a person's
 * bursts in the app never spend the per-minute budget of the default token the user's scripts use.
 */
let t: TestService;
beforeAll(async () => {
  t = await startTestService({ rateLimitPerMinute: 20 });
});
afterAll(async () => {
  await t?.close();
});

const bootOf = async () => {
  const html = await (await fetch(`${t.base}/app/`)).text();
  return JSON.parse(/<script[^>]*id="app-boot"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] as string) as { token: string; scriptToken: string };
};

describe('the app\'s own token', () => {
  it('is in the app page, apart from the default token the API panel shows for scripts, with its own rate limit', async () => {
    const boot = await bootOf();
    expect(boot.scriptToken).toBe(t.token);
    expect(boot.token).not.toBe(t.token);
    expect(boot.token).toBe(readFileSync(join(t.home, APP_TOKEN_FILE), 'utf8').trim());
    const settings = (await t.api.get('/v1/settings', boot.token)).body.data;
    expect(settings.token.rate_limit_per_minute).toBe(APP_TOKEN_RATE_LIMIT);
    expect(settings.defaults.rate_limit_per_minute).toBe(20);
    // The app's burst does not touch the scripts' budget.
    for (let i = 0; i < 30; i++) expect((await t.api.get('/v1/videos', boot.token)).status).toBe(200);
    expect((await t.api.get('/v1/videos')).status).toBe(200);
  });

  it('survives a restart, and is made anew when revoked', async () => {
    const before = (await bootOf()).token;
    await t.stop();
    t = await startTestService({ home: t.home, rateLimitPerMinute: 20 });
    expect((await bootOf()).token).toBe(before);
    const keyId = before.split('_')[1] as string;
    t.service.context.tokens.revoke(keyId);
    expect((await t.api.get('/v1/videos', before)).status).toBe(401);
    await t.stop();
    t = await startTestService({ home: t.home, rateLimitPerMinute: 20 });
    const after = (await bootOf()).token;
    expect(after).not.toBe(before);
    expect((await t.api.get('/v1/videos', after)).status).toBe(200);
  });
});
