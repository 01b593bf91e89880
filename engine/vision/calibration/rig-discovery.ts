import { CalibrationTracker } from './calibration-tracker.js';
import type { LineImage } from './line-pixels.js';

export interface RigEstimate {
  /** Camera position, metres (median of the frames that calibrated). */
  position: [number, number, number];
  /** Frames that calibrated from scratch, of those tried. */
  calibrated: number;
  tried: number;
}

/**
 * Where the main camera stands, from a handful of frames spread over the video: each frame is searched
 * from scratch (every plausible camera position), and the positions of the frames that calibrated are
 * combined by their median, which ignores the odd frame from another camera. A single frame leaves the
 * position uncertain along the line of sight (further back and zoomed in looks nearly the same); frames
 * with different pan and zoom pin it down, and tracking refines it further.
 */
export function discoverRig(frames: readonly LineImage[], options: { distortion?: boolean; enough?: number } = {}): RigEstimate | null {
  const found: { p: [number, number, number]; w: number }[] = [];
  let tried = 0;
  for (const lines of frames) {
    tried++;
    const tracker = new CalibrationTracker({ distortion: options.distortion });
    const r = tracker.next(lines);
    if (r.camera) found.push({ p: [r.camera.x, r.camera.y, r.camera.z], w: r.inliers });
    // Each search costs seconds: stop once enough frames agree.
    if (found.length >= (options.enough ?? 3)) break;
  }
  if (!found.length) return null;
  const median = (k: 0 | 1 | 2) => {
    const v = found.map((f) => f.p[k]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] as number;
  };
  return { position: [median(0), median(1), median(2)], calibrated: found.length, tried };
}
