import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhooksRepo } from '../store/webhooks-repo.js';
import { signPayload } from './signature.js';

export interface DispatcherOptions {
  /** First retry delay; each further retry doubles it (1 s, 2 s, 4 s, ...). */
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
}

/**
 * Delivers queued webhook calls: POST with a signed JSON body; any 2xx is delivered, anything else
 * (status, timeout, refused connection) is retried with exponential backoff until `maxAttempts`.
 * Deliveries live in SQLite, so pending ones survive restarts.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(private readonly repo: WebhooksRepo, private readonly options: DispatcherOptions) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Something was queued: look now rather than at the next timer. */
  kick(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inFlight;
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    const work = (async () => {
      const due = this.repo.due(new Date().toISOString());
      await Promise.all(due.map(async (d) => {
        const result = await post(d.url, d.payload, {
          'content-type': 'application/json',
          'user-agent': 'Touchline-Webhooks/1',
          'x-touchline-event': d.event,
          'x-touchline-delivery': String(d.id),
          'x-touchline-signature': signPayload(d.secret, d.payload, Math.floor(Date.now() / 1000)),
        }, this.options.timeoutMs);
        const attempt = d.attempts + 1;
        const delivered = result.status !== null && result.status >= 200 && result.status < 300;
        const retry = !delivered && attempt < this.options.maxAttempts;
        this.repo.recordAttempt(d.id, {
          delivered,
          status: result.status,
          error: delivered ? null : result.error ?? `receiver answered ${result.status}`,
          nextAttemptAt: retry ? new Date(Date.now() + this.options.retryBaseMs * 2 ** (attempt - 1)).toISOString() : null,
        });
      }));
    })();
    this.inFlight = work.catch(() => {});
    try {
      await work;
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    const next = this.repo.nextDueAt();
    if (!next) return;
    const wait = Math.max(0, Date.parse(next) - Date.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.min(wait, 60_000));
    this.timer.unref();
  }
}

function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
      res.on('error', (e) => resolve({ status: res.statusCode ?? null, error: e.message }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => resolve({ status: null, error: e.message }));
    req.end(body);
  });
}
