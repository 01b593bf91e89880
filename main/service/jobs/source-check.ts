import { stat } from 'node:fs/promises';
import type { VideosRepo } from '../store/videos-repo.js';
import type { JobsRepo } from '../store/jobs-repo.js';
import type { JobQueue } from './job-queue.js';
import { INGEST_JOB } from './ingest.js';

/**
 * Local sources are read in place, so the user can move, delete or re-encode them behind our back.
 * A vanished file turns the video to error; a changed one (size or modification time) is validated
 * again. Runs at every start.
 */
export async function verifyLocalSources(videos: VideosRepo, jobs: JobQueue, ids?: readonly number[]): Promise<void> {
  const candidates = videos.listInStatus(['available']).filter((v) => v.source_kind === 'local' && (!ids || ids.includes(v.id)));
  for (const video of candidates) {
    const info = await stat(video.local_path as string).catch(() => null);
    if (!info || !info.isFile()) {
      videos.setStatus(video.id, 'error', `source file is missing: ${video.local_path}`);
    } else if (info.size !== video.source_size_bytes || Math.trunc(info.mtimeMs) !== video.source_mtime_ms) {
      videos.setStatus(video.id, 'locally_available', null);
      jobs.enqueue(INGEST_JOB, video.id);
    }
  }
}

/**
 * A video still on its way to `available` must have an ingest job queued or running. One without (the
 * process died between storing the row and queueing its job) gets a new job, so nothing stays stuck.
 */
export function requeueOrphanedIngests(videos: VideosRepo, jobsRepo: JobsRepo, jobs: JobQueue): number {
  let requeued = 0;
  for (const video of videos.listInStatus(['init', 'downloading', 'locally_available'])) {
    if (jobsRepo.activeForVideo(video.id, INGEST_JOB).length === 0) {
      jobs.enqueue(INGEST_JOB, video.id);
      requeued += 1;
    }
  }
  return requeued;
}
