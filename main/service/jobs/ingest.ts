import { mkdir, stat } from 'node:fs/promises';
import { probeVideo, ProbeError, checkDecodes } from '../../../engine/api.js';
import { downloadFile } from './http-download.js';
import { windowProblem } from './analysis-window.js';
import type { ServiceConfig } from '../config.js';
import type { VideosRepo } from '../store/videos-repo.js';
import type { JobHandler } from './job-queue.js';
import type { JobRow } from '../store/jobs-repo.js';
import { sourcePath, videoDir } from '../store/paths.js';
import { analysisGeometry, type StoredProbe } from '../store/stored-probe.js';

export const INGEST_JOB = 'ingest';

/**
 * Download (for URLs) then validation with ffprobe and a decode check. Statuses move
 * init -> downloading -> locally_available -> available, or to error with a readable reason.
 */
export function ingestHandler(config: ServiceConfig, videos: VideosRepo, onSettled: (videoId: number) => void = () => {}): JobHandler {
  return {
    async run(job: JobRow, signal: AbortSignal) {
      const video = job.video_id === null ? undefined : videos.get(job.video_id);
      if (!video) return; // deleted meanwhile
      if (video.source_kind === 'none') return; // tracking-only: nothing to fetch or validate
      const path = sourcePath(config.home, video);

      if (video.source_kind === 'http') {
        const existing = await stat(path).catch(() => null);
        if (!existing) {
          videos.setStatus(video.id, 'downloading');
          await mkdir(videoDir(config.home, video.id), { recursive: true });
          let lastWrite = 0;
          await downloadFile({
            url: video.source_url as string,
            dest: path,
            maxBytes: config.maxDownloadBytes,
            idleTimeoutMs: config.downloadIdleTimeoutMs,
            connectTimeoutMs: config.downloadConnectTimeoutMs,
            attempts: config.downloadAttempts,
            signal,
            onProgress: (bytes, total) => {
              // Progress rows are cheap but not free: at most a few writes a second.
              const now = Date.now();
              if (now - lastWrite < 250 && bytes !== total) return;
              lastWrite = now;
              videos.setDownloadProgress(video.id, bytes, total);
            },
          });
          const size = (await stat(path)).size;
          videos.setDownloadProgress(video.id, size, size);
        }
      }

      videos.setStatus(video.id, 'locally_available');
      const info = await stat(path).catch(() => null);
      if (!info || !info.isFile()) throw new ProbeError(`source file is missing: ${path}`);
      const probe = await probeVideo(path, { signal, ffprobe: config.ffprobePath });
      await checkDecodes(path, probe.duration_seconds, { signal, ffmpeg: config.ffmpegPath });
      const stored: StoredProbe = { ...probe, size_bytes: info.size, analysis: analysisGeometry(probe) };
      videos.setProbe(video.id, {
        json: JSON.stringify(stored),
        durationSeconds: probe.duration_seconds,
        sizeBytes: info.size,
        mtimeMs: info.mtimeMs,
      });
      // Offsets given before the length was known are checked now; the probe stays, so the video shows
      // its duration and a PUT with offsets that fit makes it available (routes/videos.ts).
      const problem = windowProblem(video, probe.duration_seconds);
      if (problem !== null) throw new Error(`the analysis window does not fit the video: ${problem}; correct it with PUT /v1/videos/${video.id}`);
      videos.setStatus(video.id, 'available');
      onSettled(video.id);
    },
    onFailed(job: JobRow, reason: string) {
      if (job.video_id === null) return;
      videos.setStatus(job.video_id, 'error', reason);
      onSettled(job.video_id);
    },
  };
}

