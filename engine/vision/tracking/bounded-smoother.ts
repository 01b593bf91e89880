import { HUMAN_MOTION, type MotionLimits } from '../../results/human-motion.js';

export interface SmoothOptions {
  /**
   * Spectral density of the model's random acceleration, m^2/s^3: how freely the path may bend.
   * Players change pace by a few m/s within a second: 4 keeps a sprint start and a turn, and still
   * averages a foot point's jitter over about a third of a second.
   */
  accelDensity?: number;
  /** The foot point's noise is estimated per run; bounds on that estimate, metres. */
  noise?: [number, number];
  /** Rounds of trusting less the samples where the path still needs an impossible movement. */
  rounds?: number;
}

/** Frames each side over which acceleration is judged: a 40 ms second difference is all noise. */
const ACCEL_HALF = 2;

/**
 * One person's positions over a run of consecutive frames (metres, `dt` seconds apart), smoothed in
 * place into a path a body can run: a Rauch-Tung-Striebel smoother with a constant-velocity model
 * (Rauch, Tung and Striebel 1965) on each axis, whose measurement noise is the run's own foot-point
 * jitter (from the spread of second differences, which running hardly moves at 25 fps). Where the
 * smoothed path still needs a speed or an acceleration beyond `limits`, the samples there are trusted
 * less (their noise quadrupled) and the run smoothed again; a last forward pass shortens any step still
 * over the top speed. A run's speeds then come from a path that respects the body, not from
 * differentiated jitter. Returns how many samples were trusted less.
 */
export function smoothRun(x: Float32Array | Float64Array, y: Float32Array | Float64Array, from: number, to: number, dt: number,
  limits: MotionLimits = HUMAN_MOTION, o: SmoothOptions = {}): number {
  const n = to - from;
  if (n < 3) return 0;
  const q = o.accelDensity ?? 4;
  const [lo, hi] = o.noise ?? [0.03, 0.8];
  const sigma = Math.min(hi, Math.max(lo, jitter(x, y, from, to) ?? 0.2));
  const weight = new Float64Array(n).fill(1);
  const zx = Float64Array.from(x.subarray(from, to));
  const zy = Float64Array.from(y.subarray(from, to));
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  const marked = new Uint8Array(n);
  let distrusted = 0;
  const rounds = o.rounds ?? 6;
  for (let round = 0; ; round++) {
    rts(zx, weight, sigma * sigma, q, dt, px);
    rts(zy, weight, sigma * sigma, q, dt, py);
    const bad = violations(px, py, dt, limits, marked);
    if (bad === 0 || round === rounds) break;
    for (let k = 0; k < n; k++) {
      if (!marked[k]) continue;
      if (weight[k] === 1) distrusted++;
      weight[k] = (weight[k] as number) * 4;
    }
  }
  // Whatever the rounds left over the top speed is cut to it, step by step.
  const maxStep = limits.maxSpeed * dt;
  for (let k = 1; k < n; k++) {
    const dx = (px[k] as number) - (px[k - 1] as number);
    const dy = (py[k] as number) - (py[k - 1] as number);
    const d = Math.hypot(dx, dy);
    if (d > maxStep) {
      px[k] = (px[k - 1] as number) + (dx * maxStep) / d;
      py[k] = (py[k - 1] as number) + (dy * maxStep) / d;
    }
  }
  for (let k = 0; k < n; k++) {
    x[from + k] = px[k] as number;
    y[from + k] = py[k] as number;
  }
  return distrusted;
}

/**
 * The foot point's noise over a run, metres, or null for a run too short to tell: second differences of
 * white noise have six times its variance, and a player's acceleration adds under a centimetre at 25 fps.
 * A robust spread (median absolute value, scaled to a standard deviation) ignores the odd step of a turn.
 */
export function jitter(x: ArrayLike<number>, y: ArrayLike<number>, from: number, to: number): number | null {
  if (to - from < 7) return null;
  const d: number[] = [];
  for (let k = from + 1; k < to - 1; k++) {
    d.push(Math.abs((x[k + 1] as number) - 2 * (x[k] as number) + (x[k - 1] as number)));
    d.push(Math.abs((y[k + 1] as number) - 2 * (y[k] as number) + (y[k - 1] as number)));
  }
  d.sort((a, b) => a - b);
  return (1.4826 * (d[d.length >> 1] as number)) / Math.sqrt(6);
}

/** Marks the samples around every step over the top speed and every acceleration over the limit; returns how many places. */
function violations(px: Float64Array, py: Float64Array, dt: number, limits: MotionLimits, marked: Uint8Array): number {
  marked.fill(0);
  const n = px.length;
  let bad = 0;
  const maxStep = limits.maxSpeed * dt;
  for (let k = 0; k + 1 < n; k++) {
    if (Math.hypot((px[k + 1] as number) - (px[k] as number), (py[k + 1] as number) - (py[k] as number)) > maxStep * (1 + 1e-9)) {
      marked[k] = 1;
      marked[k + 1] = 1;
      bad++;
    }
  }
  // Acceleration as the change of the velocity over ACCEL_HALF frames each side.
  const h = ACCEL_HALF;
  const span = 2 * h * dt;
  for (let k = 2 * h; k + 2 * h < n; k++) {
    const v1x = ((px[k] as number) - (px[k - 2 * h] as number)) / span;
    const v1y = ((py[k] as number) - (py[k - 2 * h] as number)) / span;
    const v2x = ((px[k + 2 * h] as number) - (px[k] as number)) / span;
    const v2y = ((py[k + 2 * h] as number) - (py[k] as number)) / span;
    if (Math.hypot(v2x - v1x, v2y - v1y) / span > limits.maxAccel) {
      for (let j = k - h; j <= k + h; j++) marked[j] = 1;
      bad++;
    }
  }
  return bad;
}

/**
 * Rauch-Tung-Striebel smoothing of one axis with a constant-velocity model: state (position, velocity),
 * white random acceleration of density `q`, measurement noise `r x weight[k]` per sample. Writes the
 * smoothed positions to `out`.
 */
export function rts(z: Float64Array, weight: Float64Array, r: number, q: number, dt: number, out: Float64Array): void {
  const n = z.length;
  // Filtered state and covariance (p00, p01, p11), and the predictions they came from.
  const m0 = new Float64Array(n);
  const m1 = new Float64Array(n);
  const c00 = new Float64Array(n);
  const c01 = new Float64Array(n);
  const c11 = new Float64Array(n);
  const pm0 = new Float64Array(n);
  const pm1 = new Float64Array(n);
  const pc00 = new Float64Array(n);
  const pc01 = new Float64Array(n);
  const pc11 = new Float64Array(n);
  const q00 = (q * dt * dt * dt) / 3;
  const q01 = (q * dt * dt) / 2;
  const q11 = q * dt;
  let a0 = z[0] as number;
  let a1 = 0;
  // Nothing is known before the first sample; the velocity's prior is wide (a sprint is 10 m/s).
  let p00 = 1e6;
  let p01 = 0;
  let p11 = 100;
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      a0 += dt * a1;
      const n00 = p00 + 2 * dt * p01 + dt * dt * p11 + q00;
      const n01 = p01 + dt * p11 + q01;
      const n11 = p11 + q11;
      p00 = n00;
      p01 = n01;
      p11 = n11;
    }
    pm0[k] = a0;
    pm1[k] = a1;
    pc00[k] = p00;
    pc01[k] = p01;
    pc11[k] = p11;
    const s = p00 + r * (weight[k] as number);
    const k0 = p00 / s;
    const k1 = p01 / s;
    const innovation = (z[k] as number) - a0;
    a0 += k0 * innovation;
    a1 += k1 * innovation;
    const u00 = p00 - k0 * p00;
    const u01 = p01 - k0 * p01;
    const u11 = p11 - k1 * p01;
    p00 = u00;
    p01 = u01;
    p11 = u11;
    m0[k] = a0;
    m1[k] = a1;
    c00[k] = p00;
    c01[k] = p01;
    c11[k] = p11;
  }
  let s0 = m0[n - 1] as number;
  let s1 = m1[n - 1] as number;
  out[n - 1] = s0;
  for (let k = n - 2; k >= 0; k--) {
    // C = P_k F^T (P_{k+1|k})^-1
    const f00 = (c00[k] as number) + dt * (c01[k] as number);
    const f01 = c01[k] as number;
    const f10 = (c01[k] as number) + dt * (c11[k] as number);
    const f11 = c11[k] as number;
    const b00 = pc00[k + 1] as number;
    const b01 = pc01[k + 1] as number;
    const b11 = pc11[k + 1] as number;
    const det = b00 * b11 - b01 * b01;
    const i00 = b11 / det;
    const i01 = -b01 / det;
    const i11 = b00 / det;
    const g00 = f00 * i00 + f01 * i01;
    const g01 = f00 * i01 + f01 * i11;
    const g10 = f10 * i00 + f11 * i01;
    const g11 = f10 * i01 + f11 * i11;
    const d0 = s0 - (pm0[k + 1] as number);
    const d1 = s1 - (pm1[k + 1] as number);
    s0 = (m0[k] as number) + g00 * d0 + g01 * d1;
    s1 = (m1[k] as number) + g10 * d0 + g11 * d1;
    out[k] = s0;
  }
}
