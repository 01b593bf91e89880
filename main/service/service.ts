import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServiceConfig } from './config.js';
import { openDatabase, type Db } from './store/db.js';
import { VideosRepo } from './store/videos-repo.js';
import { TokensRepo } from './store/tokens-repo.js';
import { JobsRepo } from './store/jobs-repo.js';
import { CorrectionsRepo } from './store/corrections-repo.js';
import { JobQueue } from './jobs/job-queue.js';
import { INGEST_JOB, ingestHandler } from './jobs/ingest.js';
import { AnalysesRepo } from './store/analyses-repo.js';
import { SettingsRepo } from './store/settings-repo.js';
import { RosterRepo } from './store/roster-repo.js';
import { EmbedTokensRepo } from './store/embed-tokens-repo.js';
import { UrlSigner } from './preview/signed-urls.js';
import { PreviewRunner } from './preview/preview-runner.js';
import { WebhooksRepo } from './store/webhooks-repo.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { notifyAnalysisFinished } from './webhooks/notify.js';
import { ResultsStore } from './results/results-store.js';
import { DeriveClient } from './results/derive-client.js';
import { ANALYSIS_JOB, AnalysisRunner } from './jobs/analysis-runner.js';
import { childProcessEngineHost, engineScratchDir, type EngineHost } from './jobs/engine-host.js';
import { requeueOrphanedIngests, verifyLocalSources } from './jobs/source-check.js';
import { sweepLeftovers } from './jobs/leftovers.js';
import { ensureAppToken, ensureDefaultToken } from './bootstrap.js';
import { buildServer } from './server.js';
import type { ServiceContext } from './context.js';

export interface Service {
  config: ServiceConfig;
  context: ServiceContext;
  app: FastifyInstance;
  /** Listens on 127.0.0.1 and returns the base URL (without /v1). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function openStore(config: ServiceConfig): { db: Db; videos: VideosRepo; tokens: TokensRepo; jobsRepo: JobsRepo; analyses: AnalysesRepo } {
  mkdirSync(config.home, { recursive: true, mode: 0o700 });
  const db = openDatabase(join(config.home, 'touchline.db'));
  return { db, videos: new VideosRepo(db), tokens: new TokensRepo(db), jobsRepo: new JobsRepo(db), analyses: new AnalysesRepo(db) };
}

/** The whole local service: store, job runner and HTTP API. Used by the CLI, Electron and tests. */
export async function createService(
  overrides: Partial<ServiceConfig> = {},
  options: { logger?: boolean; engineHost?: EngineHost } = {},
): Promise<Service> {
  const config = loadConfig(overrides);
  const { db, videos, tokens, jobsRepo, analyses } = openStore(config);
  // No engine runs yet: whatever a killed one left in its scratch folder goes.
  rmSync(engineScratchDir(config.home), { recursive: true, force: true });
  // Nor does any job or preview: what a crash cut short in the data folder goes too (jobs/leftovers.ts).
  sweepLeftovers(config.home, (id) => videos.get(id) !== undefined);
  ensureDefaultToken(tokens, config.home);
  const appToken = ensureAppToken(tokens, config.home);
  const webhooks = new WebhooksRepo(db);
  const derive = new DeriveClient();
  const corrections = new CorrectionsRepo(db);
  const results = new ResultsStore(config.home, { corrections, derive });
  const dispatcher = new WebhookDispatcher(webhooks, {
    retryBaseMs: config.webhookRetryBaseMs, maxAttempts: config.webhookMaxAttempts, timeoutMs: config.webhookTimeoutMs,
  });
  const preview = new PreviewRunner(config.home, videos, derive);
  const settings = new SettingsRepo(db);
  const runner = new AnalysisRunner({
    config, analyses, videos, jobsRepo, preview, processor: () => settings.get().processor, host: options.engineHost ?? childProcessEngineHost({ script: config.engineWorker, scratchDir: engineScratchDir(config.home) }),
    onFinished: (analysis) => {
      notifyAnalysisFinished(webhooks, dispatcher, videos, analysis);
      // Someone usually looks at results right after they are done: load them and build the query
      // indexes now, off the request path (a failure here only means the first request does it).
      if (analysis.results_available === 1) void derive.call({ op: 'warm', dir: results.dir(analysis) }).catch(() => {});
    },
  });
  const jobs = new JobQueue(jobsRepo, { [INGEST_JOB]: ingestHandler(config, videos, (id) => runner.videoSettled(id)) }, {
    concurrency: config.ingestConcurrency,
    maxAttempts: config.jobMaxAttempts,
  });
  const analysisJobs = new JobQueue(jobsRepo, { [ANALYSIS_JOB]: runner.handler() }, {
    concurrency: config.analysisConcurrency,
    maxAttempts: config.jobMaxAttempts,
  });
  runner.attach(analysisJobs);
  const context: ServiceContext = {
    config, db, videos, tokens, analyses, jobs, analysisJobs, runner, roster: new RosterRepo(db), webhooks, results, derive, corrections,
    embedTokens: new EmbedTokensRepo(db), preview, signer: new UrlSigner(), settings, appToken,
  };
  const app = await buildServer(context, options);
  jobs.start();
  analysisJobs.start();
  requeueOrphanedIngests(videos, jobsRepo, jobs);
  await verifyLocalSources(videos, jobs);
  runner.recover();
  dispatcher.start();

  let closed = false;
  return {
    config,
    context,
    app,
    async listen() {
      // Loopback only: the service is for this machine's apps and scripts, never the network.
      await app.listen({ host: '127.0.0.1', port: config.port });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await Promise.all([jobs.stop(), analysisJobs.stop(), dispatcher.stop(), derive.close()]);
      db.close();
    },
  };
}
