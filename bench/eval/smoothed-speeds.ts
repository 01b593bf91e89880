import { DEFAULT_SMOOTHING_WINDOW } from '../../engine/metrics/player-speed.js';
import { savgolSlopeWeights } from '../../engine/metrics/savitzky-golay.js';

/** One row of a track: time (ms) and pitch position (any unit; speeds come out in that unit per second). */
export interface TrackSample {
  t: number;
  x: number;
  y: number;
}

/**
 * Speeds along each track as the reports see motion: the quadratic Savitzky-Golay first derivative over
 * `window` consecutive frames (engine/metrics/player-speed.ts and its window), at every sample whose whole
 * window is gap-free. Raw frame-to-frame steps also carry the foot point's jitter; these do not, so they
 * say whether a clip's speeds are believable.
 */
export function smoothedSpeeds(tracks: Iterable<readonly TrackSample[]>, frameMs: number, window = DEFAULT_SMOOTHING_WINDOW): Float64Array {
  const weights = savgolSlopeWeights(window);
  const h = window >> 1;
  const centre = (k: number) => weights[h * window + k + h] as number;
  const out: number[] = [];
  for (const list of tracks) {
    for (let i = h; i + h < list.length; i++) {
      if ((list[i + h] as TrackSample).t - (list[i - h] as TrackSample).t !== frameMs * (window - 1)) continue;
      let vx = 0;
      let vy = 0;
      for (let k = -h; k <= h; k++) {
        vx += centre(k) * (list[i + k] as TrackSample).x;
        vy += centre(k) * (list[i + k] as TrackSample).y;
      }
      out.push((Math.hypot(vx, vy) * 1000) / frameMs);
    }
  }
  return Float64Array.from(out);
}
