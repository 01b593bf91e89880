import { stat } from 'node:fs/promises';
import type { VideosRepo } from '../store/videos-repo.js';
import type { JobQueue } from './job-queue.js';
import { INGEST_JOB } from './ingest.js';

/**
 * Local sources are read in place, so the user can move, delete or re-encode them behind our back.
 * A vanished file turns the video to error; a changed one (size or modification time) is validated
 * again. Runs at every start, and before an analysis reads the file.
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
