import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: the widget's embed token (`t`), signed URLs' signatures (`sig`)
 * and any token a client puts in a URL. A log file outlives the token's TTL and is often shared when
 * asking for help, so these never reach it.
 */
const SECRET_PARAMS = new Set(['t', 'token', 'access_token', 'sig', 'signature', 'key']);

export const REDACTED = '[redacted]';

/** The URL with every secret query value replaced; the path and other parameters stay readable. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed escape in the name: compare it as written.
    }
    return SECRET_PARAMS.has(decoded.toLowerCase()) && eq >= 0 ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * The request as the log shows it: what Fastify's default serializer writes, the URL redacted, and no
 * headers (Authorization and X-Embed-Token never appear).
 */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
