import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { defaultTokenPath } from '../../main/service/bootstrap.js';
import { startTestService, type TestService } from '../helpers/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/** fetch() will not send a forged Host header; node:http will. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('authentication', () => {
  it('[AUT-04] first start creates a default organization and token, written owner-only', () => {
    const file = defaultTokenPath(t.home);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(t.token).toMatch(/^tl_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    // The default token for scripts, and the app's own (bootstrap.ts: ensureAppToken), both owner-only.
    const rows = t.service.context.tokens.list();
    expect(rows.map((r) => r.name)).toEqual(['default', 'app']);
    expect(rows.every((r) => r.organization_name === 'Default organization')).toBe(true);
    expect(statSync(join(t.home, 'app-token')).mode & 0o777).toBe(0o600);
  });

  it('[AUT-04] tokens are stored only as hashes', () => {
    const raw = t.service.context.db.prepare('SELECT * FROM api_tokens').all() as Record<string, unknown>[];
    const secret = t.token.split('_').slice(2).join('_');
    for (const row of raw) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') expect(value).not.toContain(secret);
        if (Buffer.isBuffer(value)) expect(value.toString('utf8')).not.toContain(secret);
      }
    }
  });

  it('[AUT-01] a valid bearer token is accepted', async () => {
    expect((await t.api.get('/v1/videos')).status).toBe(200);
    expect((await t.api.request('GET', '/v1/videos', { token: null, headers: { authorization: `bearer ${t.token}` } })).status).toBe(200);
  });

  it('[AUT-02] missing or invalid token -> 401 { message } with WWW-Authenticate', async () => {
    const [keyId] = t.token.split('_').slice(1);
    const forged = `tl_${keyId}_${'A'.repeat(43)}`;
    const cases: (string | null)[] = [null, 'nonsense', 'tl_000000000000_' + 'A'.repeat(43), forged, `${t.token}x`];
    for (const token of cases) {
      const res = await t.api.get('/v1/videos', token);
      expect(res.status, String(token)).toBe(401);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const basic = await t.api.request('GET', '/v1/videos', { token: null, headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } });
    expect(basic.status).toBe(401);
  });

  it('[AUT-02] a revoked token -> 401', async () => {
    const { token, row } = t.service.context.tokens.create({ organization: 'Default organization', name: 'temp' });
    expect((await t.api.get('/v1/videos', token)).status).toBe(200);
    t.service.context.tokens.revoke(String(row.id));
    const res = await t.api.get('/v1/videos', token);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/revoked/);
  });

  it('[AUT-01] every endpoint needs the token, on every method', async () => {
    for (const [method, path] of [['GET', '/v1/videos/1'], ['PUT', '/v1/videos/1'], ['DELETE', '/v1/videos/1'], ['POST', '/v1/videos']]) {
      const res = await t.api.request(method as string, path as string, { token: null, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('the OpenAPI document is public', async () => {
    const res = await t.api.get('/v1/openapi.json', null);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
  });
});

describe('DNS rebinding guard', () => {
  it('refuses a Host header that is not a loopback name, even with a valid token', async () => {
    for (const host of ['evil.example', 'evil.example:7425', '192.168.1.10', 'localhost.evil.example']) {
      const res = await rawGet(t.base, '/v1/videos', { host, authorization: `Bearer ${t.token}` });
      expect(res.status, host).toBe(403);
      expect(JSON.parse(res.body).message).toMatch(/not a loopback name/);
    }
  });

  it('serves loopback names', async () => {
    const port = new URL(t.base).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      const res = await rawGet(t.base, '/v1/videos', { host, authorization: `Bearer ${t.token}` });
      expect(res.status, host).toBe(200);
    }
  });

  it('refuses unknown paths under a foreign Host without revealing anything', async () => {
    const res = await rawGet(t.base, '/nothing-here', { host: 'evil.example' });
    expect(res.status).toBe(403);
  });
});
