import { histogramDistance } from './scene-features.js';

export { histogramDistance };

/**
 * How a frame differs from the one before: the histogram distance (L1, 0-2) and, where known, the share
 * of pixels that changed strongly (see `SceneFeatures.change`). A bare number is a histogram distance.
 */
export type FrameChange = number | { histChange?: number; change?: number };

export interface CutOptions {
  /** Histogram distance that is a cut on its own (with `changeMin` of the pixels changed, where known). */
  absolute?: number;
  /** A cut changes this many times what the shot's recent frames changed. */
  relative?: number;
  /** Histogram-only rule: the least histogram distance a relative cut needs. */
  floor?: number;
  /** The least share of changed pixels a cut needs. */
  changeMin?: number;
}

/**
 * Hard cuts from consecutive-frame changes: a frame starts a new shot when it changed a lot in absolute
 * terms, or several times what the shot's last frames did (a pan changes the picture steadily; a cut
 * changes it at once). Returns the indices of frames that start a shot (0 always does).
 */
export function detectCuts(changes: readonly FrameChange[], options: CutOptions = {}): number[] {
  const detector = new CutDetector(options);
  const cuts: number[] = [];
  changes.forEach((d, i) => {
    if (detector.push(d)) cuts.push(i);
  });
  return cuts;
}

/** A relative cut changes at least this many times what the last three frames did (median). */
const ONSET = 2;

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * The same rule frame by frame, for a pipeline that cannot look ahead: `push` the next frame's change
 * to its predecessor (its `SceneFeatures`, or a histogram distance) and learn whether it starts a shot.
 *
 * With the share of changed pixels known, a cut needs at least `changeMin` of the pixels to change and
 * either a large histogram distance or `relative` times the shot's recent median change: a histogram
 * alone flickers when the light drifts across a bin edge while no pixel really changes. With histogram
 * distances only, the older rule: a large distance, or one several times the recent median.
 */
export class CutDetector {
  private readonly recent: number[] = [];
  private index = 0;
  private lastCut = 0;

  constructor(private readonly options: CutOptions = {}) {}

  push(frame: FrameChange): boolean {
    const i = this.index++;
    if (i === 0) return true;
    const distance = typeof frame === 'number' ? frame : (frame.histChange ?? 0);
    const change = typeof frame === 'number' ? undefined : frame.change;
    let isCut: boolean;
    let level: number;
    if (change === undefined) {
      const absolute = this.options.absolute ?? 0.55;
      const relative = this.options.relative ?? 5;
      const floor = this.options.floor ?? 0.2;
      isCut = distance >= absolute || (distance >= floor && distance >= relative * Math.max(median(this.recent), 0.02));
      level = distance;
    } else {
      const absolute = this.options.absolute ?? 0.5;
      const relative = this.options.relative ?? 3;
      const changeMin = this.options.changeMin ?? 0.1;
      // Against the shot's last second, and as a jump from the last few frames (a pan speeding up ramps).
      const jump = change >= relative * Math.max(median(this.recent), 0.02) && change >= ONSET * median(this.recent.slice(-3));
      isCut = change >= changeMin && (distance >= absolute || (this.recent.length >= 3 && jump));
      level = change;
    }
    if (isCut && i - this.lastCut >= 2) {
      this.lastCut = i;
      this.recent.length = 0;
      return true;
    }
    this.recent.push(level);
    if (this.recent.length > 25) this.recent.shift();
    return false;
  }
}
