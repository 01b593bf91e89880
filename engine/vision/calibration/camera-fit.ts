import { lensLimit2, principalPoint, rotation, type Camera } from '../../geometry/camera.js';
import { LINE_WIDTH } from '../../geometry/pitch-markings.js';
import type { LineImage } from './line-pixels.js';
import { offsetModel, TANGENT_NUDGE, type PitchModel } from './pitch-model.js';

/** Parameter vector of a camera fit: angles in radians, focal as its logarithm, position in metres. */
export const PARAMS = ['pan', 'tilt', 'roll', 'logFocal', 'x', 'y', 'z', 'k1', 'ppx', 'ppy'] as const;
export type ParamName = (typeof PARAMS)[number];

export function toParams(c: Camera): Float64Array {
  return Float64Array.from([c.pan, c.tilt, c.roll, Math.log(c.focal), c.x, c.y, c.z, c.k1, c.ppx ?? 0, c.ppy ?? 0]);
}

export function fromParams(p: Float64Array, width: number, height: number): Camera {
  const cam: Camera = { pan: p[0] as number, tilt: p[1] as number, roll: p[2] as number, focal: Math.exp(p[3] as number), x: p[4] as number, y: p[5] as number, z: p[6] as number, k1: p[7] as number, width, height };
  // A centred camera carries no offset fields at all (most cameras; the renderer's truth).
  if (p[8] || p[9]) {
    cam.ppx = p[8] as number;
    cam.ppy = p[9] as number;
  }
  return cam;
}

/**
 * What the fit may change and how far from where it starts: a standard deviation per parameter
 * (0 = held fixed, Infinity = free). Finite values act as a Gaussian prior around `prior`, which keeps
 * a view that shows only parallel lines where the previous frames put it instead of letting it drift.
 * The principal point's offset is held unless given (a rig's intrinsic, fitted over frames: principal-point.ts).
 */
export type Sigmas = Record<Exclude<ParamName, 'ppx' | 'ppy'>, number> & Partial<Record<'ppx' | 'ppy', number>>;

export interface FitOptions {
  prior: Float64Array;
  sigma: Sigmas;
  /** Correspondence gates in pixels, one Gauss-Newton step each (coarse to fine). */
  gates?: number[];
}

export interface FitResult {
  camera: Camera;
  params: Float64Array;
  /** Model points in the picture on open grass (where a line should be seen). */
  visible: number;
  /** Of those, points with a line pixel within 1.5 px. */
  inliers: number;
  /** Root mean square distance of the inliers, pixels. */
  rms: number;
  /** Inliers in each third of the picture width and height: a fit must rest on spread-out lines. */
  spread: number;
}

/**
 * How well a fit explains a frame, to compare fits of one frame: its inliers, less half the visible
 * model points with no line under them (a camera showing much open grass where lines should be loses).
 */
export function fitScore(fit: Pick<FitResult, 'inliers' | 'visible'>): number {
  return fit.inliers - 0.5 * (fit.visible - fit.inliers);
}

/**
 * Projects every model point into u, v; NaN for points behind the camera or beyond the lens's reach.
 * With `only`, just the first `count` points it lists (the others keep what they held).
 */
export function projectModel(
  p: Float64Array, width: number, height: number, model: PitchModel, u: Float64Array, v: Float64Array, only?: { list: Int32Array; count: number },
): void {
  const cam = fromParams(p, width, height);
  const R = rotation(cam);
  const [cx, cy] = principalPoint(cam);
  const f = cam.focal;
  const k1 = cam.k1;
  const limit2 = lensLimit2(k1);
  const n = only ? only.count : model.count;
  for (let k = 0; k < n; k++) {
    const i = only ? (only.list[k] as number) : k;
    const dx = (model.x[i] as number) - cam.x;
    const dy = (model.y[i] as number) - cam.y;
    const dz = -cam.z;
    const zc = R[6] * dx + R[7] * dy + R[8] * dz;
    if (zc < 0.5) {
      u[i] = NaN;
      v[i] = NaN;
      continue;
    }
    let xn = (R[0] * dx + R[1] * dy + R[2] * dz) / zc;
    let yn = (R[3] * dx + R[4] * dy + R[5] * dz) / zc;
    if (k1 !== 0) {
      const r2 = xn * xn + yn * yn;
      if (r2 > limit2) {
        u[i] = NaN;
        v[i] = NaN;
        continue;
      }
      const bend = 1 + k1 * r2;
      xn *= bend;
      yn *= bend;
    }
    u[i] = cx + f * xn;
    v[i] = cy + f * yn;
  }
}

/** Solves the small symmetric system A x = b in place (Gaussian elimination, partial pivoting). */
function solve(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const M = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r * n + c] as number) > Math.abs(M[piv * n + c] as number)) piv = r;
    if (Math.abs(M[piv * n + c] as number) < 1e-12) return null;
    if (piv !== c) {
      for (let k = 0; k < n; k++) {
        const t = M[c * n + k] as number;
        M[c * n + k] = M[piv * n + k] as number;
        M[piv * n + k] = t;
      }
      const t = x[c] as number;
      x[c] = x[piv] as number;
      x[piv] = t;
    }
    for (let r = c + 1; r < n; r++) {
      const fct = (M[r * n + c] as number) / (M[c * n + c] as number);
      if (fct === 0) continue;
      for (let k = c; k < n; k++) M[r * n + k] = (M[r * n + k] as number) - fct * (M[c * n + k] as number);
      x[r] = (x[r] as number) - fct * (x[c] as number);
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r] as number;
    for (let k = r + 1; k < n; k++) s -= (M[r * n + k] as number) * (x[k] as number);
    x[r] = s / (M[r * n + r] as number);
  }
  return x;
}

const STEP: Record<ParamName, number> = { pan: 1e-4, tilt: 1e-4, roll: 1e-4, logFocal: 1e-4, x: 0.01, y: 0.01, z: 0.01, k1: 1e-4, ppx: 0.5, ppy: 0.5 };

/**
 * Fits a camera to the painted lines of one frame: iterative closest points with point-to-line residuals
 * (each projected model point against the nearest ridge pixel, measured along the projected line's
 * normal), Huber-weighted Gauss-Newton with a numeric Jacobian and a Gaussian prior per parameter.
 */
export function fitCamera(lines: LineImage, model: PitchModel, start: Float64Array, o: FitOptions): FitResult {
  const { width: w, height: h } = lines;
  const p = Float64Array.from(start);
  const free: number[] = [];
  PARAMS.forEach((name, j) => {
    if ((o.sigma[name] ?? 0) > 0) free.push(j);
  });
  const F = free.length;
  const m = model.count;
  const u = new Float64Array(m);
  const v = new Float64Array(m);
  const u2 = new Float64Array(m);
  const v2 = new Float64Array(m);
  const nx = new Float64Array(m);
  const ny = new Float64Array(m);
  const qx = new Float64Array(m);
  const qy = new Float64Array(m);
  const active = new Int32Array(m);
  const ju = new Float64Array(m * F);
  const jv = new Float64Array(m * F);
  const gates = o.gates ?? [10, 6, 4, 3, 2.5, 2.5];
  const inside = (x: number, y: number) => x >= 1 && y >= 1 && x <= w - 2 && y <= h - 2;

  for (const gate of gates) {
    projectModel(p, w, h, model, u, v);
    // Normals from a second projection 0.25 m along each line.
    const shifted = offsetModel(model, TANGENT_NUDGE, 0);
    projectModel(p, w, h, shifted, u2, v2);
    let count = 0;
    for (let i = 0; i < m; i++) {
      const x = u[i] as number;
      const y = v[i] as number;
      if (!(x === x) || !inside(x, y)) continue;
      let dx = (u2[i] as number) - x;
      let dy = (v2[i] as number) - y;
      const len = Math.hypot(dx, dy);
      if (!(len > 1e-6)) continue;
      dx /= len;
      dy /= len;
      const hit = lineAlongNormal(lines, x, y, -dy, dx, gate);
      if (hit < 0) continue;
      qx[count] = lineX(lines, hit);
      qy[count] = lineY(lines, hit);
      nx[count] = -dy;
      ny[count] = dx;
      active[count++] = i;
    }
    if (count < 8) break;
    // Numeric Jacobian of the projections.
    for (let fj = 0; fj < F; fj++) {
      const j = free[fj] as number;
      const step = STEP[PARAMS[j] as ParamName];
      const saved = p[j] as number;
      p[j] = saved + step;
      projectModel(p, w, h, model, u2, v2);
      p[j] = saved;
      for (let c = 0; c < count; c++) {
        const i = active[c] as number;
        ju[c * F + fj] = ((u2[i] as number) - (u[i] as number)) / step;
        jv[c * F + fj] = ((v2[i] as number) - (v[i] as number)) / step;
      }
    }
    const A = new Float64Array(F * F);
    const b = new Float64Array(F);
    const huber = 1.5;
    for (let c = 0; c < count; c++) {
      const i = active[c] as number;
      // A point the nudged camera no longer images (past the lens's reach) has no derivative: no vote.
      let defined = true;
      for (let a = 0; a < F; a++) if (!((ju[c * F + a] as number) === (ju[c * F + a] as number)) || !((jv[c * F + a] as number) === (jv[c * F + a] as number))) defined = false;
      if (!defined) continue;
      const r = (nx[c] as number) * ((u[i] as number) - (qx[c] as number)) + (ny[c] as number) * ((v[i] as number) - (qy[c] as number));
      const wgt = Math.abs(r) <= huber ? 1 : huber / Math.abs(r);
      for (let a = 0; a < F; a++) {
        const ja = (nx[c] as number) * (ju[c * F + a] as number) + (ny[c] as number) * (jv[c * F + a] as number);
        b[a] = (b[a] as number) - wgt * ja * r;
        for (let bb = a; bb < F; bb++) {
          const jb = (nx[c] as number) * (ju[c * F + bb] as number) + (ny[c] as number) * (jv[c * F + bb] as number);
          A[a * F + bb] = (A[a * F + bb] as number) + wgt * ja * jb;
        }
      }
    }
    for (let a = 0; a < F; a++) {
      for (let bb = 0; bb < a; bb++) A[a * F + bb] = A[bb * F + a] as number;
      const j = free[a] as number;
      const s = o.sigma[PARAMS[j] as ParamName] as number;
      if (Number.isFinite(s)) {
        A[a * F + a] = (A[a * F + a] as number) + 1 / (s * s);
        b[a] = (b[a] as number) - ((p[j] as number) - (o.prior[j] as number)) / (s * s);
      }
      // A touch of damping (Levenberg) keeps weakly constrained directions from jumping.
      A[a * F + a] = (A[a * F + a] as number) * 1.001 + 1e-9;
    }
    const delta = solve(A, b, F);
    if (!delta) break;
    for (let a = 0; a < F; a++) {
      const j = free[a] as number;
      p[j] = (p[j] as number) + (delta[a] as number);
    }
    clampParams(p, w);
  }
  return { ...scoreCamera(lines, model, p), params: p, camera: fromParams(p, w, h) };
}

/**
 * Keeps a fit among cameras that can film a match: above the grass, looking down, a focal length
 * between a fisheye's and a long lens's. Outside these, degenerate poses (a camera on the ground sees
 * every line on its horizon) fit line pixels too well.
 */
export function clampParams(p: Float64Array, width: number): void {
  p[6] = Math.max(3, p[6] as number);
  p[1] = Math.min(Math.PI / 2, Math.max(0.02, p[1] as number));
  p[2] = Math.max(-0.2, Math.min(0.2, p[2] as number));
  p[3] = Math.max(Math.log(0.25 * width), Math.min(Math.log(40 * width), p[3] as number));
  p[7] = Math.max(-0.5, Math.min(0.5, p[7] as number));
  if (p.length > 9) {
    p[8] = Math.max(-0.5 * width, Math.min(0.5 * width, p[8] as number));
    p[9] = Math.max(-0.5 * width, Math.min(0.5 * width, p[9] as number));
  }
}

/** Inliers, visible points, rms and spread of a camera against a frame's lines. */
export function scoreCamera(lines: LineImage, model: PitchModel, p: Float64Array): Omit<FitResult, 'camera' | 'params'> {
  const { width: w, height: h } = lines;
  const u = new Float64Array(model.count);
  const v = new Float64Array(model.count);
  const u2 = new Float64Array(model.count);
  const v2 = new Float64Array(model.count);
  const u3 = new Float64Array(model.count);
  const v3 = new Float64Array(model.count);
  projectModel(p, w, h, model, u, v);
  projectModel(p, w, h, offsetModel(model, TANGENT_NUDGE, 0), u2, v2);
  // The model moved one line width across its lines: each line's width in the picture.
  projectModel(p, w, h, offsetModel(model, 0, LINE_WIDTH), u3, v3);
  let visible = 0;
  let inliers = 0;
  let sq = 0;
  const cells = new Uint8Array(9);
  for (let i = 0; i < model.count; i++) {
    const x = u[i] as number;
    const y = v[i] as number;
    if (!(x === x) || x < 2 || y < 2 || x > w - 3 || y > h - 3) continue;
    const k = Math.floor(y) * w + Math.floor(x);
    // Off the pitch altogether (stands, boards): the model says a line should be here, and none can be.
    if ((lines.pitch[k] as number) < 64) {
      visible++;
      continue;
    }
    let dx = (u2[i] as number) - x;
    let dy = (v2[i] as number) - y;
    const len = Math.hypot(dx, dy) || 1;
    dx /= len;
    dy /= len;
    // A line seen so edge-on that its paint covers a tenth of a pixel across (the far touchline of a low
    // wide camera) shows as a ridge a sixth of the time: it says nothing either way.
    const across = Math.abs(-dy * ((u3[i] as number) - x) + dx * ((v3[i] as number) - y));
    if (!(across >= MIN_LINE_PX)) continue;
    const hit = lineAlongNormal(lines, x, y, -dy, dx, 2);
    // Open grass here with no line: a miss. Anything else (a player, a graphic) hides the line: no vote.
    if (hit < 0) {
      if (lines.grass[k] === 1) visible++;
      continue;
    }
    const r = -dy * (x - lineX(lines, hit)) + dx * (y - lineY(lines, hit));
    visible++;
    if (Math.abs(r) <= 1.5) {
      inliers++;
      sq += r * r;
      cells[Math.min(2, Math.floor((3 * x) / w)) * 3 + Math.min(2, Math.floor((3 * y) / h))] = 1;
    }
  }
  return { visible, inliers, rms: inliers ? Math.sqrt(sq / inliers) : Infinity, spread: cells.reduce((a, c) => a + c, 0) };
}

/**
 * Narrowest painted line, in pixels across, a fit is judged on. Measured on rendered side views (lines at
 * 640x360 from 720p): model points of lines 0.05-0.1 px across had a ridge within 2 px 17-18% of the time,
 * 0.1-0.15 px 21-29%, 0.15-0.2 px 54-56%, wider 75-100%; on the tactical fixture none is under 0.1 px and
 * 0.1-0.2 px lines show 37-39% of the time, still evidence a camera 3 m off needs against it.
 */
const MIN_LINE_PX = 0.1;

// Ridge centres in picture coordinates, where pixel i covers [i, i + 1) (the projector's convention):
// the centre of pixel i is i + 0.5.
const lineX = (lines: LineImage, q: number) => (q % lines.width) + 0.5 + (lines.axis[q] === 1 ? (lines.offset[q] as number) : 0);
const lineY = (lines: LineImage, q: number) => Math.floor(q / lines.width) + 0.5 + (lines.axis[q] === 2 ? (lines.offset[q] as number) : 0);

/**
 * The nearest line pixel to (x, y) along the normal (nx, ny), within `gate` pixels either way, or -1.
 * Searching along the normal only (as edge-based model trackers do) is all a point-to-line residual
 * needs, and far cheaper than a distance transform of the whole frame.
 */
export function lineAlongNormal(lines: LineImage, x: number, y: number, nx: number, ny: number, gate: number): number {
  const { width: w, height: h, line } = lines;
  const at = (t: number): number => {
    const px = Math.floor(x + nx * t);
    const py = Math.floor(y + ny * t);
    if (px < 0 || py < 0 || px >= w || py >= h) return -1;
    const k = py * w + px;
    return line[k] === 1 ? k : -1;
  };
  const first = at(0);
  if (first >= 0) return first;
  for (let t = 0.7; t <= gate; t += 0.7) {
    const a = at(t);
    if (a >= 0) return a;
    const b = at(-t);
    if (b >= 0) return b;
  }
  return -1;
}
