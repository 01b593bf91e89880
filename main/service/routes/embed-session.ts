import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { isExpired, type EmbedTokenRow } from '../store/embed-tokens-repo.js';
import type { VideoRow } from '../store/videos-repo.js';

/** Where the widget's own calls send the token: a header, so it never lands in logs of query strings. */
export const EMBED_TOKEN_HEADER = 'x-embed-token';

export type EmbedLookup =
  | { state: 'valid'; token: EmbedTokenRow; video: VideoRow }
  | { state: 'expired'; token: EmbedTokenRow }
  | { state: 'invalid' };

/**
 * What a raw embed token opens. Expired tokens are still recognised (until pruned a day later), so the
 * widget can say "expired" and tell its parent (EMB-14) instead of a bare "invalid".
 */
export function lookupEmbedToken(ctx: Pick<ServiceContext, 'embedTokens' | 'videos'>, raw: unknown): EmbedLookup {
  const token = typeof raw === 'string' ? ctx.embedTokens.find(raw) : undefined;
  if (!token) return { state: 'invalid' };
  if (isExpired(token)) return { state: 'expired', token };
  const video = ctx.videos.get(token.video_id);
  return video ? { state: 'valid', token, video } : { state: 'invalid' };
}

/** The token and video of a widget call (EMB-04: a token opens its own video only), or the declared 401. */
export function widgetSession(ctx: Pick<ServiceContext, 'embedTokens' | 'videos'>, request: FastifyRequest): { token: EmbedTokenRow; video: VideoRow } {
  const found = lookupEmbedToken(ctx, request.headers[EMBED_TOKEN_HEADER]);
  if (found.state === 'expired') throw apiError('EMBED_TOKEN_EXPIRED', `this embed token expired at ${found.token.expires_at}; mint a new one`);
  if (found.state === 'invalid') throw apiError('EMBED_TOKEN_INVALID', `missing or unknown embed token: send the widget token in ${EMBED_TOKEN_HEADER} (a token of a deleted video is invalid too)`);
  return found;
}
