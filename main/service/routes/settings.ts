import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { managementErrors, StringEnum } from '../schemas/common.js';
import { PROCESSORS } from '../store/settings-repo.js';
import { gpuProvider } from '../jobs/analysis-runner.js';
import { API_PREFIX } from '../api-prefix.js';
import type { AuthContext } from '../auth/authenticate.js';

const require = createRequire(import.meta.url);

/** The execution providers this onnxruntime build knows (a GPU one still needs its drivers to load). */
function knownProviders(): string[] {
  try {
    const ort = require('onnxruntime-node') as { listSupportedBackends?: () => { name: string }[] };
    return ort.listSupportedBackends?.().map((b) => b.name) ?? ['cpu'];
  } catch {
    return ['cpu'];
  }
}

const SettingsData = Type.Object({
  processor: StringEnum(PROCESSORS, { description: 'Where analyses run their networks: `cpu`, or `gpu` (falls back to the CPU where the GPU provider cannot load)' }),
  gpu_provider: Type.String({ description: 'The onnxruntime provider `gpu` means on this platform: coreml, dml or cuda' }),
  execution_providers: Type.Array(Type.String(), { description: 'Providers this onnxruntime build lists' }),
  data_dir: Type.String({ description: 'Where the database, tokens and results live (TOUCHLINE_HOME; the desktop app: its user-data folder)' }),
  api_base: Type.String(),
  analysis_concurrency: Type.Integer({ description: 'Analyses run at once (TOUCHLINE_ANALYSIS_CONCURRENCY)' }),
  defaults: Type.Object({
    rate_limit_per_minute: Type.Integer(),
    tracking_downloads_per_hour: Type.Integer(),
  }, { description: 'Limits of tokens made without their own (the default token among them)' }),
  token: Type.Object({
    key_id: Type.String(),
    rate_limit_per_minute: Type.Integer(),
    tracking_downloads_per_hour: Type.Integer(),
  }, { description: 'The calling token and its limits' }),
});

/**
 * The app's settings screen over the API (extension, docs/api.md): the processor analyses use, and the
 * facts a person needs to call the API from a script (address, data folder, the token's limits).
 */
export function settingsRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    const present = (host: string | undefined, auth: AuthContext) => {
      const s = ctx.settings.get();
      return {
        data: {
          processor: s.processor,
          gpu_provider: gpuProvider('gpu') as string,
          execution_providers: knownProviders(),
          data_dir: ctx.config.home,
          api_base: `http://${host ?? `127.0.0.1:${ctx.config.port}`}${API_PREFIX}`,
          analysis_concurrency: ctx.config.analysisConcurrency,
          defaults: { rate_limit_per_minute: ctx.config.rateLimitPerMinute, tracking_downloads_per_hour: ctx.config.trackingDownloadsPerHour },
          token: { key_id: auth.keyId, rate_limit_per_minute: auth.rateLimitPerMinute, tracking_downloads_per_hour: auth.trackingDownloadsPerHour },
        },
      };
    };
    r.get('/settings', {
      schema: { tags: ['settings'], summary: 'Settings of this installation, and the calling token\'s limits', response: { 200: Type.Object({ data: SettingsData }), ...managementErrors() } },
    }, async (request) => present(request.headers.host, request.auth as AuthContext));
    r.put('/settings', {
      schema: {
        tags: ['settings'],
        summary: 'Change settings; takes effect for analyses that start afterwards',
        body: Type.Object({ processor: Type.Optional(StringEnum(PROCESSORS)) }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: SettingsData }), ...managementErrors() },
      },
    }, async (request) => {
      ctx.settings.update(request.body);
      return present(request.headers.host, request.auth as AuthContext);
    });
  };
}
