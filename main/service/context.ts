import type { Db } from './store/db.js';
import type { ServiceConfig } from './config.js';
import type { VideosRepo } from './store/videos-repo.js';
import type { TokensRepo } from './store/tokens-repo.js';
import type { AnalysesRepo } from './store/analyses-repo.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { AnalysisRunner } from './jobs/analysis-runner.js';
import type { RosterRepo } from './store/roster-repo.js';
import type { WebhooksRepo } from './store/webhooks-repo.js';
import type { ResultsStore } from './results/results-store.js';
import type { DeriveClient } from './results/derive-client.js';
import type { EmbedTokensRepo } from './store/embed-tokens-repo.js';
import type { PreviewRunner } from './preview/preview-runner.js';
import type { UrlSigner } from './preview/signed-urls.js';
import type { SettingsRepo } from './store/settings-repo.js';
import type { CorrectionsRepo } from './store/corrections-repo.js';

/** What route modules may use: the store, the job queues and the analysis runner, never each other. */
export interface ServiceContext {
  config: ServiceConfig;
  db: Db;
  videos: VideosRepo;
  tokens: TokensRepo;
  analyses: AnalysesRepo;
  /** Ingest jobs (download, probe). */
  jobs: JobQueue;
  /** Analysis jobs (one engine process each). */
  analysisJobs: JobQueue;
  runner: AnalysisRunner;
  roster: RosterRepo;
  webhooks: WebhooksRepo;
  /** Confirm-sides widget tokens. */
  embedTokens: EmbedTokensRepo;
  /** The kit preview pass of each video (spec 2.3). */
  preview: PreviewRunner;
  /** Signs and checks the expiring URLs of preview crops. */
  signer: UrlSigner;
  /** The analyst's app's own API token (bootstrap.ts: ensureAppToken), written into the app page. */
  appToken: string;
  /** Installation-wide settings (processor). */
  settings: SettingsRepo;
  /** Result files of done analyses, loaded once and cached. */
  results: ResultsStore;
  /** Summaries, reports and queries, computed from the result files in a worker thread. */
  derive: DeriveClient;
  /** The analyst's corrections of each analysis (applied to results when they are read). */
  corrections: CorrectionsRepo;
}
