import type { FuzzRequest } from './request-arbitrary.js';
import type { RawResponse } from './raw-http.js';

/**
 * What every answer must satisfy, whatever was asked: no 5xx, and a 4xx is JSON with exactly the one
 * member its family names (`{ message }` on management endpoints, `{ detail }` on result endpoints),
 * a non-empty string.
 */
export function responseProblems(req: FuzzRequest, res: RawResponse): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}: ${res.text.slice(0, 300)}`);
  if (res.status >= 400 && res.status < 500) {
    const key = req.family === 'results' ? 'detail' : 'message';
    if (!/^application\/json/.test(res.contentType)) problems.push(`${res.status} with content type '${res.contentType}'`);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      problems.push(`${res.status} body is not JSON: ${res.text.slice(0, 200)}`);
      return problems;
    }
    const keys = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : null;
    const value = keys ? (body as Record<string, unknown>)[key] : undefined;
    if (!keys || keys.length !== 1 || keys[0] !== key || typeof value !== 'string' || value === '') {
      problems.push(`${res.status} body is not { ${key} } (${req.family}): ${res.text.slice(0, 200)}`);
    }
  }
  return problems;
}

/** The request as a reader can paste it into a regression test. */
export function describeRequest(req: FuzzRequest): string {
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${v.length > 120 ? `${v.slice(0, 120)}… (${v.length} chars)` : v}`);
  const body = req.body === null ? '(no body)' : req.body.length > 2000 ? `${req.body.slice(0, 2000)}… (${req.body.length} chars)` : req.body;
  const path = req.path.length > 300 ? `${req.path.slice(0, 300)}… (${req.path.length} chars)` : req.path;
  return [`${req.method} ${path}   [${req.operation}, ${req.family}]`, ...headers, '', body].join('\n');
}
