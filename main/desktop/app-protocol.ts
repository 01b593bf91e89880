import { API_PREFIX } from '../service/api-prefix.js';
import { APP_ORIGIN } from './navigation-policy.js';

/**
 * touchline://app, the desktop window's origin: every request is answered by the local service on
 * 127.0.0.1 (the app page, its assets, the API, the widget), so the renderer is the same page a
 * browser gets from `npm run serve`, under the service's CSP, and its API calls are same-origin
 * (no CORS, no token in a URL). Only paths the service serves to pages are forwarded.
 */
const FORWARDED = [/^\/app\/?$/, /^\/app\/assets\/[^/]+$/, new RegExp(`^${API_PREFIX}/`), /^\/embed\//];

/** Headers a page's request may carry on to the service (no cookies: the service uses none). */
const REQUEST_HEADERS = ['accept', 'accept-language', 'authorization', 'content-type', 'range', 'x-embed-token', 'if-none-match'];

export function serviceUrlFor(appUrl: string, serviceBase: string): string | null {
  const url = new URL(appUrl);
  if (!FORWARDED.some((p) => p.test(url.pathname))) return null;
  return `${serviceBase}${url.pathname}${url.search}`;
}

/** Answers one request of the window from the service (fetch is Electron's net.fetch in the app). */
export async function answerAppRequest(request: Request, serviceBase: string, fetcher: typeof fetch = fetch): Promise<Response> {
  const target = serviceUrlFor(request.url, serviceBase);
  if (!target) return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const v = request.headers.get(name);
    if (v !== null) headers.set(name, v);
  }
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer();
  const answer = await fetcher(target, { method, headers, body, redirect: 'manual' });
  // A redirect from the service (/app -> /app/) stays inside the app's origin.
  const location = answer.headers.get('location');
  if (location && location.startsWith('/')) {
    const out = new Headers(answer.headers);
    out.set('location', `${APP_ORIGIN}${location}`);
    return new Response(null, { status: answer.status, headers: out });
  }
  return answer;
}
