import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ rateLimitPerMinute: 5 });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('[LIM-01] over the per-token limit -> 429 { message } with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.api.get('/v1/videos')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await t.api.get('/v1/videos');
    expect(res.status).toBe(429);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.body.message).toMatch(/rate limit exceeded: 5 requests per minute/);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers.get('x-touchline-error')).toBe('RATE_LIMITED');
  });

  it('[LIM-01] limits are per token: another token is unaffected', async () => {
    const { token } = t.service.context.tokens.create({ organization: 'Default organization', name: 'second' });
    expect((await t.api.get('/v1/videos', token)).status).toBe(200);
  });

  it('[LIM-01] a token may carry its own limit (the desktop app needs more)', async () => {
    const { token } = t.service.context.tokens.create({ organization: 'Default organization', name: 'desktop', rateLimitPerMinute: 50 });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await t.api.get('/v1/videos', token)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('requests without a valid token are refused before counting (401, not 429)', async () => {
    for (let i = 0; i < 8; i++) expect((await t.api.get('/v1/videos', null)).status).toBe(401);
  });
});
