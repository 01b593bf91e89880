/**
 * Removes isolated position spikes from one track's run of consecutive detections (a Hampel filter in
 * two dimensions, on the motion's residuals): each position is compared with where its neighbourhood
 * (`half` frames each side) puts it, every neighbour carried to its frame at the neighbourhood's median
 * velocity; one farther from the median of those than `k` robust deviations of them, and than `minJump`,
 * is replaced by that median. Carrying the neighbours is what lets a sprinting player keep his stride
 * while a foot point misplaced for a frame or two (a leg hidden behind another player, a box that
 * briefly took in a second person) goes; speeds and distances are derivatives and multiply such spikes.
 * With `detrend: false` the neighbours stay where they are (the plain Hampel filter): blind to spikes
 * in fast motion, but surer in the slow phases where most of a match is played.
 * Pearson's Hampel identifier (Pearson 2002; Hampel 1974), the median absolute deviation scaled by
 * 1.4826 to a standard deviation. Works in place on x and y; returns how many positions it replaced.
 */
export function despikeRun(x: Float32Array | Float64Array, y: Float32Array | Float64Array, from: number, to: number,
  o: { half?: number; k?: number; minJump?: number; detrend?: boolean } = {}): number {
  const half = o.half ?? 3;
  const k = o.k ?? 3;
  const minJump = o.minJump ?? 0.5;
  const n = to - from;
  const size = 2 * half + 1;
  if (n < size) return 0;
  const cx = new Float64Array(n);
  const cy = new Float64Array(n);
  const scale = new Float64Array(n);
  const a: number[] = [];
  const b: number[] = [];
  const median = (v: number[]) => {
    v.sort((p, q) => p - q);
    const m = v.length >> 1;
    return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
  };
  // Estimates from the original positions first: a replaced spike must not move its neighbours' estimates.
  for (let i = 0; i < n; i++) {
    const lo = from + Math.max(0, Math.min(i - half, n - size));
    a.length = 0;
    b.length = 0;
    for (let j = lo; j < lo + size - 1; j++) {
      a.push((x[j + 1] as number) - (x[j] as number));
      b.push((y[j + 1] as number) - (y[j] as number));
    }
    const vx = o.detrend === false ? 0 : median(a);
    const vy = o.detrend === false ? 0 : median(b);
    a.length = 0;
    b.length = 0;
    for (let j = lo; j < lo + size; j++) {
      a.push((x[j] as number) + (from + i - j) * vx);
      b.push((y[j] as number) + (from + i - j) * vy);
    }
    const ax = [...a];
    const by = [...b];
    cx[i] = median(a);
    cy[i] = median(b);
    const r = ax.map((v, j) => Math.hypot(v - (cx[i] as number), (by[j] as number) - (cy[i] as number)));
    scale[i] = 1.4826 * median(r);
  }
  let replaced = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.hypot((x[from + i] as number) - (cx[i] as number), (y[from + i] as number) - (cy[i] as number));
    if (d > minJump && d > k * (scale[i] as number)) {
      x[from + i] = cx[i] as number;
      y[from + i] = cy[i] as number;
      replaced++;
    }
  }
  return replaced;
}
