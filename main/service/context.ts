import type { Db } from './store/db.js';
import type { ServiceConfig } from './config.js';
import type { VideosRepo } from './store/videos-repo.js';
import type { TokensRepo } from './store/tokens-repo.js';
import type { JobQueue } from './jobs/job-queue.js';

/** What route modules may use: the store and the job queue, never each other. */
export interface ServiceContext {
  config: ServiceConfig;
  db: Db;
  videos: VideosRepo;
  tokens: TokensRepo;
  jobs: JobQueue;
}
