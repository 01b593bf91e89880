import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { compiledScript } from '../results/script-path.js';
import { EmbedTokensRepo } from '../store/embed-tokens-repo.js';
import { lookupEmbedToken } from './embed-session.js';
import { widgetLang } from '../embed/widget-lang.js';
import { widgetCsp } from '../embed/widget-csp.js';
import { widgetPage } from '../embed/widget-page.js';
import { sendAsset } from '../embed/page-assets.js';

/**
 * The confirm-sides widget (spec 4.1, EMB-03, EMB-06, EMB-07): the page at /embed/confirm-sides?t=TOKEN
 * and its hashed assets, built by vite from renderer/widget into dist/renderer/widget. Outside /v1: it
 * is a page, not the API. The token in the URL only picks the CSP and boot facts here; every call the
 * page makes sends it again in X-Embed-Token. No cookies are set, nothing is cached, and the page sends
 * no Referer, so the token in its address goes nowhere else.
 */
export function embedPageRoutes(ctx: ServiceContext) {
  const dir = compiledScript('renderer/widget');
  return async function register(app: FastifyInstance): Promise<void> {
    app.get<{ Querystring: Record<string, string | undefined> }>('/embed/confirm-sides', { schema: { hide: true } }, async (request, reply) => {
      const index = join(dir, 'index.html');
      if (!existsSync(index)) throw apiError('PAGE_NOT_BUILT', `the widget page is not built (${index} is missing): run npm run build`);
      const found = lookupEmbedToken(ctx, request.query.t);
      const origins = found.state === 'invalid' ? [] : EmbedTokensRepo.frameAncestors(found.token);
      const html = widgetPage(index, {
        state: found.state,
        videoId: found.state === 'invalid' ? null : found.token.video_id,
        lang: widgetLang(request.query, request.headers['accept-language']),
        allowedOrigins: origins,
        expiresAt: found.state === 'invalid' ? null : found.token.expires_at,
      });
      reply.header('content-security-policy', widgetCsp(origins));
      if (!origins.length) reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.type('text/html; charset=utf-8').send(html);
    });

    app.get<{ Params: { file: string } }>('/embed/assets/:file', { schema: { hide: true } }, async (request, reply) => sendAsset(reply, dir, request.params.file, 'widget'));
  };
}
