/** Squared Euclidean distance to the nearest feature pixel and that pixel's index, per pixel. */
export interface DistanceMap {
  width: number;
  height: number;
  /** Squared distance in pixels² (Infinity where the image has no feature at all). */
  dist2: Float32Array;
  /** Index (y * width + x) of the nearest feature pixel, -1 where none. */
  nearest: Int32Array;
}

const INF = 1e20;

/**
 * 1-D squared distance transform of a sampled function (Felzenszwalb and Huttenlocher 2012, "Distance
 * transforms of sampled functions"): the lower envelope of parabolas rooted at each sample, in linear
 * time. `arg` receives, per position, the sample whose parabola is lowest there.
 */
function dt1d(f: Float64Array, n: number, out: Float64Array, arg: Int32Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  let first = -1;
  for (let q = 0; q < n; q++) {
    if ((f[q] as number) >= INF) continue;
    if (first < 0) {
      first = q;
      v[0] = q;
      z[0] = -INF;
      z[1] = INF;
      continue;
    }
    for (;;) {
      const p = v[k] as number;
      const s = ((f[q] as number) + q * q - ((f[p] as number) + p * p)) / (2 * q - 2 * p);
      if (s <= (z[k] as number)) {
        k--;
        if (k < 0) {
          k = 0;
          v[0] = q;
          z[0] = -INF;
          z[1] = INF;
          break;
        }
        continue;
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
      break;
    }
  }
  if (first < 0) {
    for (let q = 0; q < n; q++) {
      out[q] = INF;
      arg[q] = -1;
    }
    return;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while ((z[k + 1] as number) < q) k++;
    const p = v[k] as number;
    out[q] = (q - p) * (q - p) + (f[p] as number);
    arg[q] = p;
  }
}

/** Exact Euclidean distance transform of a binary mask with the nearest feature of every pixel. */
export function distanceTransform(mask: Uint8Array, width: number, height: number): DistanceMap {
  const n = Math.max(width, height);
  const f = new Float64Array(n);
  const out = new Float64Array(n);
  const arg = new Int32Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  // Columns first: per pixel, the squared vertical distance to the nearest feature in its column.
  const colDist = new Float64Array(width * height);
  const colArg = new Int32Array(width * height);
  for (let x = 0; x < width; x++) {
    for (let y = 0; y < height; y++) f[y] = mask[y * width + x] ? 0 : INF;
    dt1d(f, height, out, arg, v, z);
    for (let y = 0; y < height; y++) {
      colDist[y * width + x] = out[y] as number;
      colArg[y * width + x] = arg[y] as number;
    }
  }
  const dist2 = new Float32Array(width * height);
  const nearest = new Int32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) f[x] = colDist[row + x] as number;
    dt1d(f, width, out, arg, v, z);
    for (let x = 0; x < width; x++) {
      const d = out[x] as number;
      const ax = arg[x] as number;
      if (d >= INF || ax < 0) {
        dist2[row + x] = Infinity;
        nearest[row + x] = -1;
      } else {
        dist2[row + x] = d;
        nearest[row + x] = (colArg[row + ax] as number) * width + ax;
      }
    }
  }
  return { width, height, dist2, nearest };
}
