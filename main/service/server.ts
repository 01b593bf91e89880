import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import rateLimit from '@fastify/rate-limit';
import { apiError, ApiError } from './errors.js';
import type { ServiceContext } from './context.js';
import { validatorCompiler, describeValidationError } from './http/validation.js';
import { RouteFamilies, sendError, toApiError, type Family } from './http/error-shape.js';
import { isLoopbackHost } from './http/host-check.js';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.js';
import { REDACTED, serializeRequest } from './http/log-redaction.js';
import { createAuthenticator } from './auth/authenticate.js';
import { DetailError, MessageError } from './schemas/common.js';
import { Video, VideoListItem } from './schemas/video-schemas.js';
import { videosRoutes } from './routes/videos.js';
import { analysesRoutes } from './routes/analyses.js';
import { videoMetaRoutes } from './routes/video-meta.js';
import { resultsBasicRoutes } from './routes/results-basic.js';
import { webhooksRoutes } from './routes/webhooks.js';
import { queryIntervalsRoutes } from './routes/query-intervals.js';
import { summaryRoutes } from './routes/summary.js';
import { trackingDownloadRoutes } from './routes/tracking-download.js';
import { Analysis } from './schemas/analysis-schemas.js';
import { PUBLIC_ROUTES, openApiDocument } from './openapi.js';
import { embedTokenRoutes } from './routes/embed-tokens.js';
import { previewTeamsRoutes } from './routes/preview-teams.js';
import { embedPageRoutes } from './routes/embed-page.js';
import { appPageRoutes } from './routes/app-page.js';
import { API_PREFIX } from './api-prefix.js';
import { previewCropsRoutes } from './routes/preview-crops.js';
import { teamReportRoutes } from './routes/team-report.js';
import { playerReportRoutes } from './routes/player-report.js';
import { exemplarCropsRoutes } from './routes/exemplar-crops.js';
import { videoMediaRoutes } from './routes/video-media.js';
import { trackingWindowRoutes } from './routes/tracking-window.js';
import { correctionsRoutes } from './routes/corrections.js';
import { clipsRoutes } from './routes/clips.js';
import { settingsRoutes } from './routes/settings.js';

export { API_PREFIX };

/** Builds the HTTP service around a store and job queue. Listening is the caller's business. */
export async function buildServer(ctx: ServiceContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const routes = new RouteFamilies();
  const app = Fastify({
    logger: options.logger ? {
      level: ctx.config.logLevel,
      serializers: { req: serializeRequest as never },
      // Belt and braces: should a header object ever be logged, its secrets are not.
      redact: { paths: ['req.headers.authorization', 'req.headers["x-embed-token"]', 'headers.authorization', 'headers["x-embed-token"]'], censor: REDACTED },
    } : false,
    bodyLimit: ctx.config.bodyLimitBytes,
    // Plain Fastify already refuses prototype-poisoning JSON; keep it explicit.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler(routes),
    clientErrorHandler: clientErrorHandler(routes),
  });
  app.addHook('onRoute', (route) => routes.add(route.url, (route.config as { family?: Family } | undefined)?.family));
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const first = errors[0];
    return apiError('VALIDATION_FAILED', first ? describeValidationError(first as never, dataVar) : `invalid ${dataVar}`);
  });
  app.addSchema(MessageError);
  app.addSchema(DetailError);
  app.addSchema(VideoListItem);
  app.addSchema(Video);
  app.addSchema(Analysis);

  app.decorateRequest('auth', null);

  // Guard order: loopback Host (DNS rebinding), then the token, then the rate limit (keyed on the token).
  const authenticate = createAuthenticator(ctx.tokens, ctx.config);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!isLoopbackHost(request.headers.host)) {
      throw apiError('FORBIDDEN_HOST', `Host '${request.headers.host ?? ''}' is not a loopback name: the local service answers only to localhost, 127.0.0.1 and [::1]`);
    }
    if (PUBLIC_ROUTES.has(request.routeOptions.url ?? '')) return;
    request.auth = authenticate(request);
  });

  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    timeWindow: 60_000,
    max: (request: FastifyRequest) => request.auth?.rateLimitPerMinute ?? ctx.config.rateLimitPerMinute,
    keyGenerator: (request: FastifyRequest) => (request.auth ? `token:${request.auth.tokenId}` : `ip:${request.ip}`),
    allowList: (request: FastifyRequest) => request.auth === null,
    errorResponseBuilder: (_request, context) => apiError('RATE_LIMITED',
      `rate limit exceeded: ${context.max} requests per ${context.after === '1 minute' ? 'minute' : context.after} for this token; retry after the time in Retry-After`),
  });

  await app.register(swagger, openApiDocument());

  app.setErrorHandler((error, request, reply) => {
    const e = error as { validation?: unknown; statusCode?: number };
    const apiErr = error instanceof ApiError ? error : e.validation ? apiError('VALIDATION_FAILED', (error as Error).message) : toApiError(error);
    if (apiErr.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiErr, routes);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (!isLoopbackHost(request.headers.host)) {
      return sendError(request, reply, apiError('FORBIDDEN_HOST', `Host '${request.headers.host ?? ''}' is not a loopback name`), routes);
    }
    return sendError(request, reply, apiError('NOT_FOUND', `no endpoint ${request.method} ${request.url.split('?')[0]}; the API lives under ${API_PREFIX} (see ${API_PREFIX}/openapi.json)`), routes);
  });

  await app.register(async (v1) => {
    v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await v1.register(videosRoutes(ctx));
    await v1.register(analysesRoutes(ctx));
    await v1.register(videoMetaRoutes(ctx));
    await v1.register(resultsBasicRoutes(ctx));
    await v1.register(webhooksRoutes(ctx));
    await v1.register(embedTokenRoutes(ctx));
    await v1.register(previewTeamsRoutes(ctx));
    await v1.register(previewCropsRoutes(ctx));
    await v1.register(queryIntervalsRoutes(ctx));
    await v1.register(summaryRoutes(ctx));
    await v1.register(trackingDownloadRoutes(ctx));
    await v1.register(teamReportRoutes(ctx));
    await v1.register(playerReportRoutes(ctx));
    await v1.register(exemplarCropsRoutes(ctx));
    await v1.register(videoMediaRoutes(ctx));
    await v1.register(trackingWindowRoutes(ctx));
    await v1.register(clipsRoutes(ctx));
    await v1.register(correctionsRoutes(ctx));
    await v1.register(settingsRoutes(ctx));
  }, { prefix: API_PREFIX });
  await app.register(embedPageRoutes(ctx));
  await app.register(appPageRoutes(ctx));

  return app;
}
