import { pixelDirection, rotation, type Camera, type Mat3 } from '../../geometry/camera.js';

/** Gravity, m/s². The fit below has no drag: over the 1-4 s of a lofted pass it moves the ball by decimetres. */
export const GRAVITY = 9.81;

/** A camera ray in world metres: the camera centre and a unit direction. */
export interface Ray {
  cx: number;
  cy: number;
  cz: number;
  dx: number;
  dy: number;
  dz: number;
}

/** The ray through a picture pixel, normalised. */
export function pixelRay(cam: Camera, u: number, v: number, R: Mat3 = rotation(cam)): Ray {
  const d = pixelDirection(cam, R, u, v, new Float64Array(3));
  const dx = d[0] as number;
  const dy = d[1] as number;
  const dz = d[2] as number;
  const n = Math.hypot(dx, dy, dz);
  return { cx: cam.x, cy: cam.y, cz: cam.z, dx: dx / n, dy: dy / n, dz: dz / n };
}

/** One sighting for a trajectory fit: time (s), the ray through the ball's centre, the camera's focal length. */
export interface RayObservation {
  t: number;
  ray: Ray;
  focal: number;
  /** Weight: pixels per metre across the ray at the ball (focal / depth), so residuals read as pixels. */
  w: number;
}

/**
 * Least squares over the rays, accumulated one observation at a time (normal equations of 6 unknowns),
 * so that a window can grow frame by frame at constant cost. Two models share it:
 * - `flight`: a ball in the air, P(t) = p0 + v t - (0, 0, g t² / 2) (unknowns p0, v: gravity alone
 *   fixes the depth along the rays, which a picture cannot);
 * - `ground`: a ball on the grass, centre at height `zc`, P(t) = p0 + v t + a t² / 2 in x and y
 *   (unknowns x0, y0, vx, vy, ax, ay): a rolling ball decelerates smoothly.
 * Each ray gives two equations: the point lies on the ray when its offsets along two directions
 * across the ray are zero (one horizontal, one in the vertical plane of the ray).
 */
export class RayFit {
  private readonly A = new Float64Array(36);
  private readonly b = new Float64Array(6);
  private bb = 0;
  private readonly r = new Float64Array(6);
  /** Observations added. */
  n = 0;

  constructor(readonly model: 'flight' | 'ground', readonly zc = 0.11) {}

  add(o: RayObservation): void {
    const { ray, t, w } = o;
    const h = Math.hypot(ray.dx, ray.dy);
    if (h < 1e-9) return;
    // a: horizontal, across the ray; b = d x a.
    const ax = ray.dy / h;
    const ay = -ray.dx / h;
    const bx = -ray.dz * ay;
    const by = ray.dz * ax;
    const bz = ray.dx * ay - ray.dy * ax;
    this.row(ax, ay, 0, t, ray, w);
    this.row(bx, by, bz, t, ray, w);
    this.n++;
  }

  /**
   * Flight model: the ball on the grass (centre at zc) at time t, weighted w per metre of height: a kick
   * or a landing seen on the ground next to a stretch in the air. Seen end-on, a short stretch of a
   * flight leaves its height and depth along the rays nearly free; one point known on the grass pins them.
   */
  addGround(t: number, w: number): void {
    const r = this.r;
    r.fill(0);
    r[2] = 1;
    r[5] = t;
    this.accumulate(this.zc + (GRAVITY * t * t) / 2, w);
  }

  private row(ex: number, ey: number, ez: number, t: number, ray: Ray, w: number): void {
    const r = this.r;
    let rhs = ex * ray.cx + ey * ray.cy + ez * ray.cz;
    if (this.model === 'flight') {
      r[0] = ex; r[1] = ey; r[2] = ez; r[3] = t * ex; r[4] = t * ey; r[5] = t * ez;
      rhs += (ez * GRAVITY * t * t) / 2;
    } else {
      const q = (t * t) / 2;
      r[0] = ex; r[1] = ey; r[2] = t * ex; r[3] = t * ey; r[4] = q * ex; r[5] = q * ey;
      rhs -= ez * this.zc;
    }
    this.accumulate(rhs, w);
  }

  /** Adds the equation r . theta = rhs (r in this.r), weighted w, to the normal equations. */
  private accumulate(rhs: number, w: number): void {
    const r = this.r;
    const w2 = w * w;
    for (let i = 0; i < 6; i++) {
      const ri = (r[i] as number) * w2;
      if (ri === 0) continue;
      for (let j = 0; j < 6; j++) this.A[i * 6 + j] = (this.A[i * 6 + j] as number) + ri * (r[j] as number);
      this.b[i] = (this.b[i] as number) + ri * rhs;
    }
    this.bb += w2 * rhs * rhs;
  }

  /** The parameters and the weighted sum of squared residuals (pixels²), or null when singular. */
  solve(): { theta: Float64Array; sse: number } | null {
    const theta = solve6(this.A, this.b);
    if (!theta) return null;
    // SSE = b'b - 2 θ'A'b + θ'A'Aθ = b'b - θ'b at the optimum.
    let tb = 0;
    for (let i = 0; i < 6; i++) tb += (theta[i] as number) * (this.b[i] as number);
    return { theta, sse: Math.max(0, this.bb - tb) };
  }

  /** The model's point at time t for parameters theta. */
  point(theta: Float64Array, t: number): [number, number, number] {
    const th = theta as unknown as number[];
    if (this.model === 'flight') {
      return [th[0]! + th[3]! * t, th[1]! + th[4]! * t, th[2]! + th[5]! * t - (GRAVITY * t * t) / 2];
    }
    const q = (t * t) / 2;
    return [th[0]! + th[2]! * t + th[4]! * q, th[1]! + th[3]! * t + th[5]! * q, this.zc];
  }
}

/**
 * How far (pixels) a point is from an observation's ray as the camera sees it: the angle between the ray
 * and the direction to the point, times the focal length. Infinite for a point behind the camera or
 * closer than a metre (a fit that collapses onto the camera centre is near every ray in metres).
 */
export function rayResidual(o: RayObservation, p: readonly [number, number, number]): number {
  const { ray } = o;
  const qx = p[0] - ray.cx;
  const qy = p[1] - ray.cy;
  const qz = p[2] - ray.cz;
  const s = qx * ray.dx + qy * ray.dy + qz * ray.dz;
  if (s < 1) return Infinity;
  return (Math.hypot(qx - s * ray.dx, qy - s * ray.dy, qz - s * ray.dz) / s) * o.focal;
}

/** Depth of a point along an observation's ray, metres. */
export function rayDepth(o: RayObservation, p: readonly [number, number, number]): number {
  const { ray } = o;
  return (p[0] - ray.cx) * ray.dx + (p[1] - ray.cy) * ray.dy + (p[2] - ray.cz) * ray.dz;
}

/** Solves the symmetric 6x6 system by Gaussian elimination with partial pivoting; null when singular. */
function solve6(A0: Float64Array, b0: Float64Array): Float64Array | null {
  const A = Float64Array.from(A0);
  const b = Float64Array.from(b0);
  let scale = 0;
  for (let i = 0; i < 6; i++) scale = Math.max(scale, Math.abs(A[i * 7] as number));
  if (scale === 0) return null;
  for (let c = 0; c < 6; c++) {
    let p = c;
    for (let r = c + 1; r < 6; r++) if (Math.abs(A[r * 6 + c] as number) > Math.abs(A[p * 6 + c] as number)) p = r;
    if (Math.abs(A[p * 6 + c] as number) < scale * 1e-12) return null;
    if (p !== c) {
      for (let j = 0; j < 6; j++) {
        const tmp = A[c * 6 + j] as number;
        A[c * 6 + j] = A[p * 6 + j] as number;
        A[p * 6 + j] = tmp;
      }
      const tb = b[c] as number;
      b[c] = b[p] as number;
      b[p] = tb;
    }
    const piv = A[c * 6 + c] as number;
    for (let r = c + 1; r < 6; r++) {
      const f = (A[r * 6 + c] as number) / piv;
      if (f === 0) continue;
      for (let j = c; j < 6; j++) A[r * 6 + j] = (A[r * 6 + j] as number) - f * (A[c * 6 + j] as number);
      b[r] = (b[r] as number) - f * (b[c] as number);
    }
  }
  const x = new Float64Array(6);
  for (let r = 5; r >= 0; r--) {
    let s = b[r] as number;
    for (let j = r + 1; j < 6; j++) s -= (A[r * 6 + j] as number) * (x[j] as number);
    x[r] = s / (A[r * 6 + r] as number);
  }
  return x;
}

/** A fitted model over a set of observations, with its residuals in pixels. */
export interface RayFitResult {
  fit: RayFit;
  theta: Float64Array;
  rms: number;
  max: number;
}

/**
 * Fits a model to observations and measures it in pixels. A flight is refitted with each observation
 * weighted by the focal length over the depth of its fitted point (iteratively reweighted least squares):
 * the first pass weighs by the depth of the ray's ground point, too far for a ball high in the air.
 * `grounded`: times (s) at which a flight is known to be on the grass, with weights as the rays'.
 */
export function fitRays(obs: readonly RayObservation[], model: 'flight' | 'ground', zc = 0.11, grounded: readonly { t: number; w: number }[] = []): RayFitResult | null {
  let weights = obs.map((o) => o.w);
  let result: RayFitResult | null = null;
  for (let pass = 0; pass < (model === 'flight' ? 3 : 1); pass++) {
    const fit = new RayFit(model, zc);
    obs.forEach((o, k) => fit.add({ ...o, w: weights[k] as number }));
    if (model === 'flight') for (const g of grounded) fit.addGround(g.t, g.w);
    const sol = fit.solve();
    if (!sol) return result;
    let sq = 0;
    let max = 0;
    const next: number[] = [];
    for (const o of obs) {
      const p = fit.point(sol.theta, o.t);
      const r = rayResidual(o, p);
      sq += r * r;
      max = Math.max(max, r);
      next.push(o.focal / Math.max(1, rayDepth(o, p)));
    }
    result = { fit, theta: sol.theta, rms: Math.sqrt(sq / Math.max(1, 2 * obs.length - 6)), max };
    if (!Number.isFinite(max)) return result;
    weights = next;
  }
  return result;
}
