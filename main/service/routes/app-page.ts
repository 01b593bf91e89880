import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { compiledScript, projectRoot } from '../results/script-path.js';
import { readDefaultToken } from '../bootstrap.js';
import { widgetLang } from '../embed/widget-lang.js';
import { renderPage } from '../embed/page-template.js';
import { sendAsset } from '../embed/page-assets.js';
import { API_PREFIX } from '../api-prefix.js';

const CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:", "media-src 'self' blob:",
  "connect-src 'self'", "font-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-src 'self'", "frame-ancestors 'none'",
].join('; ');

/**
 * The analyst's app (renderer/app, built by vite into dist/renderer/app) at /app/: what `npm run serve`
 * opens in a browser and the desktop window loads. The page gets the API's address and the default
 * token in its boot block: the same API and token any local script uses. Other sites cannot read the
 * page (no CORS, loopback Host only) nor frame it (frame-ancestors 'none').
 */
export function appPageRoutes(ctx: ServiceContext) {
  const dir = compiledScript('renderer/app');
  const version = (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/app', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app/'));
    app.get<{ Querystring: Record<string, string | undefined> }>('/app/', { schema: { hide: true } }, async (request, reply) => {
      const index = join(dir, 'index.html');
      if (!existsSync(index)) throw apiError('PAGE_NOT_BUILT', `the app is not built (${index} is missing): run npm run build`);
      const lang = widgetLang(request.query, request.headers['accept-language']);
      const html = renderPage(index, lang, 'app-boot', {
        // Same-origin and relative: right both in a browser and in the desktop window (touchline://app).
        apiBase: API_PREFIX, token: ctx.appToken, scriptToken: readDefaultToken(ctx.config.home) ?? '', lang, version,
      });
      reply.header('content-security-policy', CSP);
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.type('text/html; charset=utf-8').send(html);
    });
    app.get<{ Params: { file: string } }>('/app/assets/:file', { schema: { hide: true } }, async (request, reply) => sendAsset(reply, dir, request.params.file, 'app'));
  };
}
