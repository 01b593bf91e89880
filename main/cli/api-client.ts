import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../service/config.js';
import { createService } from '../service/service.js';
import { readDefaultToken } from '../service/bootstrap.js';

/** One call of the local API: status and parsed JSON body. */
export type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What else a command may need of the service it talks to. */
export interface ServiceAccess {
  /** GET `path` into `file` (streamed over HTTP: a full match's JSON tracking is hundreds of MB); the status. */
  download(path: string, file: string): Promise<number>;
  /** Where the service listens (a person can open `${base}/app/`), or null when it runs in-process only. */
  base: string | null;
  /** Whether this command started the service (it stops when the command ends). */
  own: boolean;
}

const NO_BODY = (status: number) => ({ status, body: null });

/** How often a request refused with 429 is tried again (after the Retry-After the service gives). */
const RATE_LIMIT_RETRIES = 6;

/**
 * Sends a request, waiting out the token's rate limit (429 with Retry-After) instead of failing: a long
 * analysis polled for an hour, then exported (a few dozen reports), would otherwise hit the limit.
 */
async function patiently<R extends { status: number; retryAfter: string | null }>(send: () => Promise<R>): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    if (res.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return res;
    const seconds = Math.min(60, Math.max(1, Number(res.retryAfter) || 1));
    await new Promise((r) => setTimeout(r, seconds * 1000));
  }
}

function httpAccess(base: string, token: string, own: boolean): { call: ApiCall; access: ServiceAccess } {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const call: ApiCall = async (method, path, body) => {
    const res = await patiently(async () => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: r.status, retryAfter: r.headers.get('retry-after'), text: await r.text() };
    });
    return res.text ? { status: res.status, body: JSON.parse(res.text) } : NO_BODY(res.status);
  };
  const download = async (path: string, file: string) => {
    const res = await patiently(async () => {
      const r = await fetch(`${base}${path}`, { headers: { authorization: headers.authorization } });
      if (r.status !== 200) await r.body?.cancel();
      return Object.assign(r, { retryAfter: r.headers.get('retry-after') });
    });
    if (res.status !== 200 || !res.body) return res.status;
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(file));
    return res.status;
  };
  return { call, access: { download, base, own } };
}

/**
 * Runs CLI work against the local API: the running service when there is one (so its queue and cache
 * stay the only writers), otherwise the service in-process for the time of the work. With `listen`, a
 * service this command starts also listens on the configured port, so the app and other commands reach
 * it (and do not start a second one on the same data) while the work lasts. The CLI is thin over the
 * API: every command goes through these calls, never around them.
 */
export async function withService<T>(work: (call: ApiCall, access: ServiceAccess) => Promise<T>, options: { listen?: boolean } = {}): Promise<T> {
  const config = loadConfig();
  const token = readDefaultToken(config.home);
  if (token) {
    const running = httpAccess(`http://127.0.0.1:${config.port}`, token, false);
    const alive = await running.call('GET', '/v1/videos?per_page=1').then((r) => r.status === 200, () => false);
    if (alive) return work(running.call, running.access);
  }
  const service = await createService(options.listen ? {} : { port: 0 });
  try {
    const inProcessToken = readDefaultToken(service.config.home) as string;
    if (options.listen) {
      // The port may be held by something else: the work goes on in-process then.
      const base = await service.listen().catch(() => null);
      if (base) {
        const own = httpAccess(base, inProcessToken, true);
        return await work(own.call, own.access);
      }
    }
    const inject = (method: string, url: string, payload?: unknown) => patiently(async () => {
      const res = await service.app.inject({
        method: method as 'GET' | 'POST', url, payload: payload as object | undefined,
        headers: { authorization: `Bearer ${inProcessToken}`, host: '127.0.0.1' },
      });
      return Object.assign(res, { status: res.statusCode, retryAfter: String(res.headers['retry-after'] ?? '') || null });
    });
    const call: ApiCall = async (method, path, body) => {
      const res = await inject(method, path, body);
      return res.payload ? { status: res.statusCode, body: res.json() } : NO_BODY(res.statusCode);
    };
    const download = async (path: string, file: string) => {
      const res = await inject('GET', path);
      if (res.statusCode === 200) await writeFile(file, res.rawPayload);
      return res.statusCode;
    };
    return await work(call, { download, base: null, own: true });
  } finally {
    await service.close();
  }
}

/** Every item of a paginated list endpoint (`{ data, meta: { last_page } }`), page by page. */
export async function listAll<T>(call: ApiCall, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&per_page=100`);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body?.message ?? ''}`);
    out.push(...(res.body.data as T[]));
    if (page >= (res.body.meta?.last_page ?? 1)) return out;
  }
}
