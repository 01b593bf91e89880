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
  const absolute = options.absolute ?? 0.55;
  const relative = options.relative ?? 5;
  const floor = options.floor ?? 0.2;
  const cuts = [0];
  const recent: number[] = [];
  for (let i = 1; i < distances.length; i++) {
    const d = distances[i] as number;
    const sorted = [...recent].sort((a, b) => a - b);
    const median = sorted.length ? (sorted[Math.floor(sorted.length / 2)] as number) : 0;
    const isCut = d >= absolute || (d >= floor && d >= relative * Math.max(median, 0.02));
    if (isCut && i - (cuts[cuts.length - 1] as number) >= 2) {
      cuts.push(i);
      recent.length = 0;
    } else {
      recent.push(d);
      if (recent.length > 25) recent.shift();
    }
  }
  return cuts;
}
