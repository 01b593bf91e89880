import { loadConfig } from '../service/config.js';
import { createService } from '../service/service.js';
import { readDefaultToken } from '../service/bootstrap.js';

/** One call of the local API: status and parsed JSON body. */
export type ApiCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Runs CLI work against the local API: the running service when there is one (so its queue and cache
 * stay the only writers), otherwise the service in-process, without listening, for the time of the work.
 * The CLI is thin over the API: every command goes through these calls, never around them.
 */
export async function withService<T>(work: (call: ApiCall) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const token = readDefaultToken(config.home);
  if (token) {
    const base = `http://127.0.0.1:${config.port}`;
    const call: ApiCall = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    };
    const running = await call('GET', '/v1/videos?per_page=1').then((r) => r.status === 200, () => false);
    if (running) return work(call);
  }
  const service = await createService({ port: 0 });
  try {
    const inProcessToken = readDefaultToken(service.config.home) as string;
    const call: ApiCall = async (method, path, body) => {
      const res = await service.app.inject({
        method: method as 'GET' | 'POST', url: path, payload: body as object | undefined,
        headers: { authorization: `Bearer ${inProcessToken}`, host: '127.0.0.1' },
      });
      return { status: res.statusCode, body: res.json() };
    };
    return await work(call);
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
