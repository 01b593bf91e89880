import { mkdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { probeVideo, ProbeError, type VideoProbe, checkDecodes } from '../../../engine/api.js';
import { downloadFile } from './http-download.js';
import { windowProblem } from './analysis-window.js';
import type { ServiceConfig } from '../config.js';
import type { VideosRepo, VideoRow } from '../store/videos-repo.js';
import type { JobHandler } from './job-queue.js';
import type { JobRow } from '../store/jobs-repo.js';

export const INGEST_JOB = 'ingest';

/** Largest frame height the analysis works at; larger sources are downscaled (VID-16). */
export const ANALYSIS_MAX_HEIGHT = 1080;
export const ANALYSIS_FPS = 25;

export interface StoredProbe extends VideoProbe {
  size_bytes: number;
  /** The frame size and rate the analysis decodes at. */
  analysis: { fps: number; width: number; height: number };
}

/** The frame as shown (a phone video's rotation applied), which is what the decoder hands over. */
export function shownSize(probe: Pick<VideoProbe, 'width' | 'height' | 'rotation'>): { width: number; height: number } {
  return probe.rotation === 90 || probe.rotation === 270 ? { width: probe.height, height: probe.width } : { width: probe.width, height: probe.height };
}

export function analysisGeometry(probe: VideoProbe): StoredProbe['analysis'] {
  const { width: w, height: h } = shownSize(probe);
  if (h <= ANALYSIS_MAX_HEIGHT) return { fps: ANALYSIS_FPS, width: w, height: h };
  const scale = ANALYSIS_MAX_HEIGHT / h;
  return { fps: ANALYSIS_FPS, width: Math.round((w * scale) / 2) * 2, height: ANALYSIS_MAX_HEIGHT };
}

/** The probe stored at ingest (null until the video has been read). */
export function storedProbe(video: Pick<VideoRow, 'probe_json'>): StoredProbe | null {
  return video.probe_json ? (JSON.parse(video.probe_json) as StoredProbe) : null;
}

export function videoDir(home: string, videoId: number): string {
  return join(home, 'videos', String(videoId));
}

/** The file the analysis reads: the downloaded copy, or the user's own file read in place. */
export function sourcePath(home: string, video: VideoRow): string {
  if (video.source_kind === 'local') return video.local_path as string;
  if (video.source_kind === 'none') throw new Error(`video ${video.id} is tracking-only: it has no video file`);
  const ext = extname(new URL(video.source_url as string).pathname).toLowerCase();
  return join(videoDir(home, video.id), `source${/^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.mp4'}`);
}

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

