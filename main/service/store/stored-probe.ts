import type { VideoProbe } from '../../../engine/api.js';
import type { VideoRow } from './videos-repo.js';

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
