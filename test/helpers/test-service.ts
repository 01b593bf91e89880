import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service } from '../../main/service/service.js';
import type { ServiceConfig } from '../../main/service/config.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';

export interface ApiResponse<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface Api {
  request<T = any>(method: string, path: string, options?: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> }): Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  get<T = any>(path: string, token?: string | null): Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body?: unknown, token?: string | null): Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  put<T = any>(path: string, body?: unknown, token?: string | null): Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  del<T = any>(path: string, token?: string | null): Promise<ApiResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestService {
  service: Service;
  home: string;
  base: string;
  token: string;
  api: Api;
  /** Closes the service (the data directory stays, for restart tests). */
  stop(): Promise<void>;
  /** Closes and removes the data directory. */
  close(): Promise<void>;
}

export function makeApi(base: string, defaultToken: string): Api {
  const request: Api['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.token === undefined ? defaultToken : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as never, headers: res.headers, text };
  };
  return {
    request,
    get: (path, token) => request('GET', path, { token }),
    post: (path, body, token) => request('POST', path, { body, token }),
    put: (path, body, token) => request('PUT', path, { body, token }),
    del: (path, token) => request('DELETE', path, { token }),
  };
}

export function tempHome(): string {
  return mkdtempSync(join(tmpdir(), 'touchline-test-'));
}

/** A real service on 127.0.0.1 with a real SQLite file in a fresh (or given) data directory. */
export async function startTestService(overrides: Partial<ServiceConfig> = {}): Promise<TestService> {
  const home = overrides.home ?? tempHome();
  const service = await createService({ port: 0, logLevel: 'silent', ...overrides, home });
  const base = await service.listen();
  const token = readDefaultToken(home) as string;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await service.close();
  };
  return {
    service, home, base, token,
    api: makeApi(base, token),
    stop,
    async close() {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000, what = 'condition', intervalMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Polling over the API every quarter second stays under the 100 requests a minute rate limit even when a slow machine takes 20 s. */
export const API_POLL_MS = 250;

/** Waits until the video leaves the init/downloading/locally_available states; returns its final body. */
export async function waitForVideo(api: Api, id: number, statuses: string[] = ['available', 'error'], timeoutMs = 30_000) {
  return waitFor(async () => {
    const res = await api.get(`/v1/videos/${id}`);
    return statuses.includes(res.body?.data?.status) ? res.body.data : undefined;
  }, timeoutMs, `video ${id} to reach ${statuses.join('/')}`, API_POLL_MS);
}

/** Waits until the analysis reaches one of `statuses` (polling the API at the rate-limit-safe pace); returns its body. */
export async function waitForAnalysis(api: Api, id: number, statuses: string[] = ['done'], timeoutMs = 30_000) {
  return waitFor(async () => {
    const a = (await api.get(`/v1/analyses/${id}`)).body?.data;
    return statuses.includes(a?.status) ? a : undefined;
  }, timeoutMs, `analysis ${id} to reach ${statuses.join('/')}`, API_POLL_MS);
}

/** Imports through POST /v1/imports and waits until the analysis is done (or fails); returns its body. */
export async function importAndWait(api: Api, body: unknown, statuses = ['done', 'error']) {
  const res = await api.post('/v1/imports', body);
  if (res.status !== 200) throw new Error(`import refused: ${res.status} ${JSON.stringify(res.body)}`);
  return waitFor(async () => {
    const a = (await api.get(`/v1/analyses/${res.body.data.id}`)).body.data;
    return statuses.includes(a.status) ? a : undefined;
  }, 30_000, `import ${res.body.data.id} to finish`, API_POLL_MS);
}
