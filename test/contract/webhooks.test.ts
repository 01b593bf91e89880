import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { verifySignature } from '../../main/service/webhooks/signature.js';

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

/** A webhook receiver on 127.0.0.1 that answers with the statuses it is told, in order, then 200. */
async function startReceiver(statuses: number[] = []): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}

let t: TestService;
let truthDir: string;
const servers: Server[] = [];

beforeAll(async () => {
  truthDir = await writeSampleTruth();
  t = await startTestService({ webhookRetryBaseMs: 50, webhookMaxAttempts: 3 });
});
afterAll(async () => {
  await t?.close();
  for (const s of servers) s.close();
  rmSync(truthDir, { recursive: true, force: true });
});

describe('completion webhooks (ANA-13)', () => {
  it('[ANA-13] register -> analysis.done delivered, signed with HMAC-SHA256 over the raw body', async () => {
    const receiver = await startReceiver();
    servers.push(receiver.server);
    const created = await t.api.post('/v1/webhooks', { url: receiver.url, events: ['analysis.done'], description: 'ci' });
    expect(created.status).toBe(200);
    const { secret, ...hook } = created.body.data;
    expect(secret).toMatch(/^whsec_/);
    expect(hook).toMatchObject({ url: receiver.url, events: ['analysis.done'], description: 'ci' });
    // The secret is shown once: the listing never carries it.
    const listed = (await t.api.get('/v1/webhooks')).body.data;
    expect(listed.find((w: { id: number }) => w.id === hook.id)).toEqual(hook);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const analysis = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    await waitFor(() => (receiver.received.length > 0 ? true : undefined), 20_000, 'the webhook call');
    const call = receiver.received[0] as Received;
    expect(call.headers['x-touchline-event']).toBe('analysis.done');
    expect(verifySignature(secret, call.body, call.headers['x-touchline-signature'] as string, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature('whsec_wrong', call.body, call.headers['x-touchline-signature'] as string, Math.floor(Date.now() / 1000))).toBe(false);
    expect(verifySignature(secret, `${call.body} `, call.headers['x-touchline-signature'] as string, Math.floor(Date.now() / 1000))).toBe(false);
    const payload = JSON.parse(call.body);
    expect(payload).toMatchObject({ event: 'analysis.done', data: { analysis: { id: analysis.id, status: 'done', results_available: true } } });

    const deliveries = await waitFor(async () => {
      const d = (await t.api.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
      return d[0]?.state === 'delivered' ? d : undefined;
    });
    expect(deliveries[0]).toMatchObject({ event: 'analysis.done', analysis_id: analysis.id, attempts: 1, last_status: 200 });
    await t.api.del(`/v1/webhooks/${hook.id}`);
  });

  it('retries with backoff until the receiver accepts, and records every attempt', async () => {
    const receiver = await startReceiver([500, 503]);
    servers.push(receiver.server);
    const hook = (await t.api.post('/v1/webhooks', { url: receiver.url })).body.data;
    await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } });
    const delivered = await waitFor(async () => {
      const d = (await t.api.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
      return d[0]?.state === 'delivered' ? d[0] : undefined;
    }, 20_000, 'delivery after retries');
    expect(delivered).toMatchObject({ attempts: 3, last_status: 200, last_error: null });
    expect(receiver.received.map((r) => r.headers['x-touchline-delivery'])).toEqual([String(delivered.id), String(delivered.id), String(delivered.id)]);
    await t.api.del(`/v1/webhooks/${hook.id}`);
  });

  it('gives up after the attempts with the last error, and analysis.error reports failures', async () => {
    const receiver = await startReceiver([500, 500, 500, 500]);
    servers.push(receiver.server);
    const hook = (await t.api.post('/v1/webhooks', { url: receiver.url, events: ['analysis.error'] })).body.data;
    // An import of something that is not truth fails: analysis.error.
    await t.api.post('/v1/imports', { format: 'sim', paths: { dir: t.home } });
    const failed = await waitFor(async () => {
      const d = (await t.api.get(`/v1/webhooks/${hook.id}/deliveries`)).body.data;
      return d[0]?.state === 'failed' ? d[0] : undefined;
    }, 20_000, 'delivery to be given up');
    expect(failed).toMatchObject({ event: 'analysis.error', attempts: 3, last_status: 500, last_error: 'receiver answered 500', next_attempt_at: null });
    expect(JSON.parse(receiver.received[0]?.body as string).data.analysis).toMatchObject({ status: 'error', status_reason: expect.stringMatching(/cannot read/) });
  });

  it('refuses bad registrations and hides other organizations\' webhooks', async () => {
    for (const [body, message] of [
      [{ url: 'not a url' }, /not a URL/],
      [{ url: 'ftp://127.0.0.1/x' }, /http:\/\/ or https:\/\//],
      [{ url: 'http://127.0.0.1/x', events: ['analysis.started'] }, /events/],
      [{ url: 'http://127.0.0.1/x', secret: 'mine' }, /secret/],
    ] as const) {
      const res = await t.api.post('/v1/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
    const mine = (await t.api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/x' })).body.data;
    const { token } = t.service.context.tokens.create({ organization: 'Elsewhere', name: 'e' });
    expect((await t.api.get('/v1/webhooks', token)).body.data).toEqual([]);
    expect((await t.api.del(`/v1/webhooks/${mine.id}`, token)).status).toBe(404);
    expect((await t.api.del(`/v1/webhooks/${mine.id}`)).status).toBe(204);
    expect((await t.api.get(`/v1/webhooks/${mine.id}/deliveries`)).status).toBe(404);
  });
});
