/** L1 distance of two normalised histograms: 0 for the same colours, 2 for disjoint ones. */
export function histogramDistance(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs((a[i] as number) - (b[i] as number));
  return d;
}

/**
 * Hard cuts from consecutive-frame histogram distances: a frame starts a new shot when its distance to
 * the previous frame is large in absolute terms, or several times what the last second of the shot
 * showed (a pan over the crowd changes colours steadily; a cut changes them at once). Returns the
 * indices of frames that start a shot (0 always does).
 */
export function detectCuts(distances: readonly number[], options: { absolute?: number; relative?: number; floor?: number } = {}): number[] {
  const detector = new CutDetector(options);
  const cuts: number[] = [];
  distances.forEach((d, i) => {
    if (detector.push(d)) cuts.push(i);
  });
  return cuts;
}

/**
 * The same rule frame by frame, for a pipeline that cannot look ahead: `push` the next frame's
 * histogram distance to its predecessor and learn whether the frame starts a new shot.
 */
export class CutDetector {
  private readonly recent: number[] = [];
  private index = 0;
  private lastCut = 0;

  constructor(private readonly options: { absolute?: number; relative?: number; floor?: number } = {}) {}

  push(distance: number): boolean {
    const i = this.index++;
    if (i === 0) return true;
    const absolute = this.options.absolute ?? 0.55;
    const relative = this.options.relative ?? 5;
    const floor = this.options.floor ?? 0.2;
    const sorted = [...this.recent].sort((a, b) => a - b);
    const median = sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : 0;
    const isCut = distance >= absolute || (distance >= floor && distance >= relative * Math.max(median, 0.02));
    if (isCut && i - this.lastCut >= 2) {
      this.lastCut = i;
      this.recent.length = 0;
      return true;
    }
    this.recent.push(distance);
    if (this.recent.length > 25) this.recent.shift();
    return false;
  }
}
