import type { Mat3 } from './camera.js';

type Point = readonly [number, number];

/** Hartley's normalisation: centroid to the origin, mean distance sqrt(2), so the solve is well conditioned. */
function normaliser(points: readonly Point[]): { apply(p: Point): [number, number]; matrix: Mat3; inverse: Mat3 } {
  const n = points.length;
  const cx = points.reduce((s, p) => s + p[0], 0) / n;
  const cy = points.reduce((s, p) => s + p[1], 0) / n;
  const mean = points.reduce((s, p) => s + Math.hypot(p[0] - cx, p[1] - cy), 0) / n || 1;
  const k = Math.SQRT2 / mean;
  return {
    apply: (p) => [(p[0] - cx) * k, (p[1] - cy) * k],
    matrix: [k, 0, -k * cx, 0, k, -k * cy, 0, 0, 1],
    inverse: [1 / k, 0, cx, 0, 1 / k, cy, 0, 0, 1],
  };
}

function multiply(a: Mat3, b: Mat3): Mat3 {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  }
  return out as Mat3;
}

/** Solves the square system A x = b in place (Gaussian elimination, partial pivoting); null when singular. */
function solve(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(A[r]![col]!) > Math.abs(A[pivot]![col]!)) pivot = r;
    if (Math.abs(A[pivot]![col]!) < 1e-12) return null;
    [A[col], A[pivot]] = [A[pivot]!, A[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = A[r]![col]! / A[col]![col]!;
      for (let c = col; c < n; c++) A[r]![c]! -= f * A[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= A[r]![c]! * x[c]!;
    x[r] = s / A[r]![r]!;
  }
  return x;
}

/**
 * The plane-to-plane homography taking each `from` point to its `to` point, least squares over all pairs
 * (direct linear transform with h33 = 1 on normalised coordinates). Needs four or more pairs not all on a
 * line; null when they do not determine one.
 */
export function fitHomography(from: readonly Point[], to: readonly Point[]): Mat3 | null {
  if (from.length < 4 || from.length !== to.length) return null;
  const nf = normaliser(from);
  const nt = normaliser(to);
  // Normal equations of the 2n x 8 system: A^T A h = A^T b.
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  for (let i = 0; i < from.length; i++) {
    const [x, y] = nf.apply(from[i]!);
    const [u, v] = nt.apply(to[i]!);
    const rows: [number[], number][] = [[[x, y, 1, 0, 0, 0, -u * x, -u * y], u], [[0, 0, 0, x, y, 1, -v * x, -v * y], v]];
    for (const [a, rhs] of rows) {
      for (let r = 0; r < 8; r++) {
        atb[r]! += a[r]! * rhs;
        for (let c = 0; c < 8; c++) ata[r]![c]! += a[r]! * a[c]!;
      }
    }
  }
  const h = solve(ata, atb);
  if (!h || h.some((v) => !Number.isFinite(v))) return null;
  const H = multiply(nt.inverse, multiply([h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1], nf.matrix));
  return Math.abs(H[8]) < 1e-12 ? null : (H.map((v) => v / H[8]) as Mat3);
}

/**
 * How many pixels one metre of ground spans at a ground point, in the direction the picture shrinks it
 * least: the largest singular value of the homography's Jacobian there. For a camera looking across the
 * pitch that is the direction along the image rows, which scales as focal length over depth, the same as
 * a standing person's height; the other direction is foreshortened by the tilt.
 */
export function groundScaleAt(H: Mat3, x: number, y: number): number {
  const w = H[6] * x + H[7] * y + H[8];
  const u = (H[0] * x + H[1] * y + H[2]) / w;
  const v = (H[3] * x + H[4] * y + H[5]) / w;
  const a = (H[0] - u * H[6]) / w;
  const b = (H[1] - u * H[7]) / w;
  const c = (H[3] - v * H[6]) / w;
  const d = (H[4] - v * H[7]) / w;
  // Largest singular value of [[a, b], [c, d]].
  const s = a * a + b * b + c * c + d * d;
  const det = a * d - b * c;
  return Math.sqrt((s + Math.sqrt(Math.max(0, s * s - 4 * det * det))) / 2);
}
