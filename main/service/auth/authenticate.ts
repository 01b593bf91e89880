import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors.js';
import type { TokensRepo } from '../store/tokens-repo.js';
import { parseToken, secretMatches } from '../store/token-format.js';

export interface AuthContext {
  tokenId: number;
  keyId: string;
  organizationId: number;
  rateLimitPerMinute: number;
  trackingDownloadsPerHour: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const WWW_AUTHENTICATE = { 'www-authenticate': 'Bearer realm="touchline"' };
const TOUCH_EVERY_MS = 60_000;

/** Resolves `Authorization: Bearer <token>` to its organization and limits, or throws 401. */
export function createAuthenticator(tokens: TokensRepo, defaults: { rateLimitPerMinute: number; trackingDownloadsPerHour: number }) {
  const lastTouched = new Map<number, number>();
  return function authenticate(request: FastifyRequest): AuthContext {
    const header = request.headers.authorization;
    if (!header) {
      throw apiError('UNAUTHENTICATED', 'authentication required: send Authorization: Bearer <API token> (see `touchline token list`)', WWW_AUTHENTICATE);
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const parsed = match ? parseToken(match[1] as string) : null;
    const row = parsed ? tokens.findByKeyId(parsed.keyId) : undefined;
    // Compare even for unknown keys, so timing does not tell which key ids exist.
    const ok = secretMatches(parsed?.secret ?? '', row?.secret_hash ?? null);
    if (!match || !parsed || !row || !ok) {
      throw apiError('UNAUTHENTICATED', 'invalid API token', WWW_AUTHENTICATE);
    }
    if (row.revoked_at) throw apiError('UNAUTHENTICATED', 'this API token has been revoked', WWW_AUTHENTICATE);
    const now = Date.now();
    // last_used_at is for people reading `token list`: minute precision spares a write per request.
    if (now - (lastTouched.get(row.id) ?? 0) > TOUCH_EVERY_MS) {
      lastTouched.set(row.id, now);
      tokens.markUsed(row.id, new Date(now).toISOString());
    }
    return {
      tokenId: row.id,
      keyId: row.key_id,
      organizationId: row.organization_id,
      rateLimitPerMinute: row.rate_limit_per_minute ?? defaults.rateLimitPerMinute,
      trackingDownloadsPerHour: row.tracking_downloads_per_hour ?? defaults.trackingDownloadsPerHour,
    };
  };
}
