import { extname, join } from 'node:path';
import type { VideoRow } from './videos-repo.js';

/** Where a video's files live in the data directory: its downloaded source, preview, analyses. */
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

/** An analysis's results folder. */
export function analysisDir(home: string, videoId: number, analysisId: number): string {
  return join(videoDir(home, videoId), 'analyses', String(analysisId));
}
