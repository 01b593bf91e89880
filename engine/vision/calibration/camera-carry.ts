import { rotation, type Camera, type Mat3 } from '../../geometry/camera.js';

/** A frame's luma at a reduced size, for aligning consecutive frames. */
export interface GrayPicture {
  width: number;
  height: number;
  data: Float32Array;
  /** How many pixels of the full picture (and of its camera) each pixel spans across. */
  factor: number;
}

/** Luma of packed RGB averaged over `factor` x `factor` blocks. */
export function grayPicture(rgb: Uint8Array, width: number, height: number, factor: number): GrayPicture {
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const data = new Float32Array(w * h);
  const norm = 1 / (factor * factor * 256);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < factor; dy++) {
        let j = ((y * factor + dy) * width + x * factor) * 3;
        for (let dx = 0; dx < factor; dx++, j += 3) s += 77 * (rgb[j] as number) + 150 * (rgb[j + 1] as number) + 29 * (rgb[j + 2] as number);
      }
      data[y * w + x] = s * norm;
    }
  }
  return { width: w, height: h, data, factor };
}

/** Half size, for the coarse pass of the alignment. */
export function halve(p: GrayPicture): GrayPicture {
  const w = p.width >> 1;
  const h = p.height >> 1;
  const data = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = 2 * y * p.width + 2 * x;
      data[y * w + x] = 0.25 * ((p.data[i] as number) + (p.data[i + 1] as number) + (p.data[i + p.width] as number) + (p.data[i + p.width + 1] as number));
    }
  }
  return { width: w, height: h, data, factor: p.factor * 2 };
}

export interface CarryResult {
  /** The camera of the new frame, at the size of `from`. */
  camera: Camera;
  /** Share of the textured samples the warped new frame matches within a few grey levels. */
  agreement: number;
}

export interface CarryOptions {
  /** Lowest agreement to believe the alignment. */
  minAgreement?: number;
  /** Fewest textured samples the old frame must offer. */
  minSamples?: number;
  /**
   * Boxes of the old frame that move on their own (its people: [x0, y0, x1, y1] at the camera's size):
   * left out of the fit, or a camera following play is pulled back by the players it follows.
   */
  movers?: readonly (readonly [number, number, number, number])[];
}

/** Grey levels within which a warped sample matches. */
const MATCH = 8;

/**
 * The camera of a frame from the previous frame's camera and both pictures, for a broadcast camera that
 * turns about a fixed point: between frames only pan, tilt, roll and zoom change, so the old picture maps
 * onto the new one by the homography K2 R2 R1^T K1^-1 whatever the depth of what it shows (grass texture,
 * boards, the crowd's edge). The four parameters are fitted by Gauss-Newton on the brightness of the
 * old picture's textured pixels (Lucas and Kanade 1981; Baker and Matthews 2004), coarse then fine,
 * with Huber weights so that moving players do not pull. Null when the pictures disagree (too little
 * texture, too few samples still in view, or too many that do not match after the fit): then nothing
 * is carried. `start` is the guess (the previous camera moved on by its last motion).
 */
export function carryCamera(from: Camera, fromPic: GrayPicture, toPic: GrayPicture, start: Camera, o: CarryOptions = {}): CarryResult | null {
  const minAgreement = o.minAgreement ?? 0.7;
  const minSamples = o.minSamples ?? 300;
  if (from.k1 !== 0) return null;
  let p = [start.pan, start.tilt, start.roll, Math.log(start.focal)];
  const levels: [GrayPicture, GrayPicture][] = [[halve(fromPic), halve(toPic)], [fromPic, toPic]];
  let last: { agreement: number; inside: number; samples: number } | null = null;
  for (const [a, b] of levels) {
    const scale = 1 / a.factor;
    const k = fromPic.factor / a.factor;
    const samples = textured(a, (o.movers ?? []).map((b) => b.map((v) => v * scale) as [number, number, number, number]));
    if (samples.length / 2 < minSamples * k) return null;
    for (let it = 0; it < 8; it++) {
      const step = gaussNewton(from, scale, a, b, samples, p);
      if (!step) return null;
      p = p.map((v, i) => v + (step.delta[i] as number));
      last = step;
      if (Math.abs(step.delta[0] as number) + Math.abs(step.delta[1] as number) < 1e-5 && Math.abs(step.delta[3] as number) < 1e-4) break;
    }
  }
  if (!last || last.inside < 0.5 * last.samples || last.agreement < minAgreement) return null;
  return { camera: { ...from, pan: p[0] as number, tilt: p[1] as number, roll: p[2] as number, focal: Math.exp(p[3] as number) }, agreement: last.agreement };
}

/** Pixel coordinates (x, y pairs) of the textured pixels of a picture, away from its border and outside `skip` boxes (2 px margin). */
function textured(p: GrayPicture, skip: readonly [number, number, number, number][]): Float64Array {
  const { width: w, height: h, data } = p;
  const out: number[] = [];
  // Every other pixel on the fine level: neighbours carry the same information and cost the same.
  const stride = w > 200 ? 2 : 1;
  for (let y = 2; y < h - 2; y += stride) {
    for (let x = 2; x < w - 2; x += stride) {
      const i = y * w + x;
      const gx = (data[i + 1] as number) - (data[i - 1] as number);
      const gy = (data[i + w] as number) - (data[i - w] as number);
      if (gx * gx + gy * gy <= 16) continue;
      const cx = x + 0.5;
      const cy = y + 0.5;
      if (skip.some((b) => cx >= b[0] - 2 && cx <= b[2] + 2 && cy >= b[1] - 2 && cy <= b[3] + 2)) continue;
      out.push(cx, cy);
    }
  }
  return Float64Array.from(out);
}

function sample(p: GrayPicture, x: number, y: number): number {
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= p.width || y0 + 1 >= p.height) return NaN;
  const ax = fx - x0;
  const ay = fy - y0;
  const i = y0 * p.width + x0;
  const d = p.data;
  return (1 - ay) * ((1 - ax) * (d[i] as number) + ax * (d[i + 1] as number)) + ay * ((1 - ax) * (d[i + p.width] as number) + ax * (d[i + p.width + 1] as number));
}

/** The rotation of a camera with these angles (position plays no part in a turn about a fixed point). */
function turn(pan: number, tilt: number, roll: number): Mat3 {
  return rotation({ x: 0, y: 0, z: 0, pan, tilt, roll, focal: 1, width: 1, height: 1, k1: 0 });
}

/**
 * One Gauss-Newton step of the photometric fit: residuals of the warped new picture against the old
 * one, Jacobian by finite differences of the warp times the new picture's gradient, Huber weights at
 * 1.345 robust deviations. Null when too few samples land in the new picture.
 */
function gaussNewton(from: Camera, scale: number, a: GrayPicture, b: GrayPicture, samples: Float64Array, p: number[]):
  { delta: number[]; agreement: number; inside: number; samples: number } | null {
  const n = samples.length / 2;
  const w = a.width;
  const h = a.height;
  const f1 = from.focal * scale;
  // The principal point at this level (the offset scales with the picture).
  const ox = w / 2 + (from.ppx ?? 0) * scale;
  const oy = h / 2 + (from.ppy ?? 0) * scale;
  const R1 = rotation(from);
  const eps = [1e-4, 1e-4, 1e-4, 1e-4];
  const warps = [p, ...p.map((_, j) => p.map((v, i) => (i === j ? v + (eps[i] as number) : v)))].map((q) => ({ R: turn(q[0] as number, q[1] as number, q[2] as number), f: Math.exp(q[3] as number) * scale }));
  const res: number[] = [];
  const rows: number[][] = [];
  const uv = new Float64Array(10);
  for (let s = 0; s < n; s++) {
    const u = samples[2 * s] as number;
    const v = samples[2 * s + 1] as number;
    // The old pixel's ray in the world (R1^T K1^-1 [u v 1]).
    const xn = (u - ox) / f1;
    const yn = (v - oy) / f1;
    const dx = R1[0] * xn + R1[3] * yn + R1[6];
    const dy = R1[1] * xn + R1[4] * yn + R1[7];
    const dz = R1[2] * xn + R1[5] * yn + R1[8];
    let ok = true;
    for (let k = 0; k < 5; k++) {
      const { R, f } = warps[k] as { R: Mat3; f: number };
      const cz = R[6] * dx + R[7] * dy + R[8] * dz;
      if (cz <= 1e-6) {
        ok = false;
        break;
      }
      uv[2 * k] = ox + (f * (R[0] * dx + R[1] * dy + R[2] * dz)) / cz;
      uv[2 * k + 1] = oy + (f * (R[3] * dx + R[4] * dy + R[5] * dz)) / cz;
    }
    if (!ok) continue;
    const x2 = uv[0] as number;
    const y2 = uv[1] as number;
    const i2 = sample(b, x2, y2);
    if (!(i2 === i2)) continue;
    const gx = (sample(b, x2 + 1, y2) - sample(b, x2 - 1, y2)) / 2;
    const gy = (sample(b, x2, y2 + 1) - sample(b, x2, y2 - 1)) / 2;
    if (!(gx === gx) || !(gy === gy)) continue;
    const i1 = sample(a, u, v);
    res.push(i2 - i1);
    rows.push([0, 1, 2, 3].map((j) => (gx * ((uv[2 * j + 2] as number) - x2) + gy * ((uv[2 * j + 3] as number) - y2)) / (eps[j] as number)));
  }
  if (res.length < 50) return null;
  const abs = res.map(Math.abs).sort((x, y) => x - y);
  const sigma = Math.max(1, 1.4826 * (abs[abs.length >> 1] as number));
  const c = 1.345 * sigma;
  const A = new Float64Array(16);
  const g = new Float64Array(4);
  let agree = 0;
  for (let s = 0; s < res.length; s++) {
    const r = res[s] as number;
    if (Math.abs(r) < MATCH) agree++;
    const wt = Math.abs(r) <= c ? 1 : c / Math.abs(r);
    const J = rows[s] as number[];
    for (let i = 0; i < 4; i++) {
      g[i] = (g[i] as number) - wt * (J[i] as number) * r;
      for (let j = 0; j < 4; j++) A[4 * i + j] = (A[4 * i + j] as number) + wt * (J[i] as number) * (J[j] as number);
    }
  }
  // A little damping keeps a direction the picture does not constrain (roll on a plain picture) still.
  for (let i = 0; i < 4; i++) A[5 * i] = (A[5 * i] as number) * 1.001 + 1e-6;
  const delta = solve4(A, g);
  if (!delta) return null;
  return { delta, agreement: agree / res.length, inside: res.length, samples: n };
}

/** Solves the 4 x 4 system A x = b by Gaussian elimination with partial pivoting; null when singular. */
function solve4(A: Float64Array, b: Float64Array): number[] | null {
  const m = Array.from({ length: 4 }, (_, i) => [A[4 * i] as number, A[4 * i + 1] as number, A[4 * i + 2] as number, A[4 * i + 3] as number, b[i] as number]);
  for (let col = 0; col < 4; col++) {
    let piv = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs((m[r] as number[])[col] as number) > Math.abs((m[piv] as number[])[col] as number)) piv = r;
    if (Math.abs((m[piv] as number[])[col] as number) < 1e-12) return null;
    [m[col], m[piv]] = [m[piv] as number[], m[col] as number[]];
    const pr = m[col] as number[];
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const k = (row[col] as number) / (pr[col] as number);
      for (let c = col; c < 5; c++) row[c] = (row[c] as number) - k * (pr[c] as number);
    }
  }
  return m.map((row, i) => (row[4] as number) / (row[i] as number));
}
