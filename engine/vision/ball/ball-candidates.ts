import { pixelToGround, projector, type Camera } from '../../geometry/camera.js';
import type { Blob } from '../detection/foreground.js';
import { pitchSpots } from '../../geometry/pitch-markings.js';

/** Diameter of a size 5 ball, metres. */
export const BALL_DIAMETER = 0.22;

/** A small bright blob that may be the ball, working-grid pixels. */
export interface BallCandidate {
  u: number;
  v: number;
  /** The ground point under the blob's lowest pixel (metres), as if the ball were on the grass. */
  x: number;
  y: number;
  /** Brightness over the grass around it, and how well its size fits a ball there: higher is likelier. */
  score: number;
}

/**
 * Ball candidates among the foreground blobs no person claimed: about the size a ball has at that spot
 * of the pitch (motion blur may stretch it to a few diameters), brighter than the grass. The ball
 * tracker chooses among them over time.
 */
export function ballCandidates(blobs: readonly Blob[], rgb: Uint8Array, camera: Camera, claimed: (b: Blob) => boolean): BallCandidate[] {
  const proj = projector(camera);
  const w = camera.width;
  const out: BallCandidate[] = [];
  const spots = pitchSpots();
  for (const b of blobs) {
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    if (bw > 14 || bh > 14 || claimed(b)) continue;
    const u = (b.x0 + b.x1 + 1) / 2;
    const g = pixelToGround(camera, u, b.y1 + 1);
    if (!g) continue;
    const p0 = proj.project(g[0], g[1], 0);
    const p1 = proj.project(g[0], g[1], BALL_DIAMETER);
    if (!p0 || !p1) continue;
    const d = Math.max(1, Math.hypot(p0[0] - p1[0], p0[1] - p1[1]));
    const long = Math.max(bw, bh);
    const short = Math.min(bw, bh);
    if (short > 2.5 * d + 1 || long > 5 * d + 2) continue;
    // Brightness: the blob's brightest pixel against the luma the grass has (estimated from its border).
    let peak = 0;
    for (let y = b.y0; y <= b.y1; y++) {
      for (let x = b.x0; x <= b.x1; x++) {
        const i = (y * w + x) * 3;
        const l = 0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number);
        if (l > peak) peak = l;
      }
    }
    const ring: number[] = [];
    for (const [x, y] of [[b.x0 - 2, b.y0 - 2], [b.x1 + 2, b.y0 - 2], [b.x0 - 2, b.y1 + 2], [b.x1 + 2, b.y1 + 2]] as const) {
      if (x < 0 || y < 0 || x >= w || y >= camera.height) continue;
      const i = (y * w + x) * 3;
      ring.push(0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number));
    }
    const around = ring.length ? ring.reduce((a, c) => a + c, 0) / ring.length : 0;
    const contrast = peak - around;
    if (contrast < 25) continue;
    // The painted spots look like a ball lying still: the calibrated camera says where they are.
    if (spots.some(([sx, sy]) => Math.hypot(sx - g[0], sy - g[1]) < 0.6)) continue;
    const sizeFit = Math.exp(-(((short - d) / Math.max(1, d)) ** 2));
    out.push({ u, v: (b.y0 + b.y1 + 1) / 2, x: g[0], y: g[1], score: (contrast / 100) * (0.5 + sizeFit) });
  }
  return out;
}

/**
 * Ball candidates at people's feet, where the ball's blob merges with the player's: compact clusters of
 * white pixels in the lower part of each person's box (widened by a third on each side), no bigger
 * than a ball there. They score lower than free candidates; the tracker takes them when they continue
 * its path.
 */
export function ballAtFeet(people: readonly { box: readonly number[]; x: number; y: number }[], rgb: Uint8Array, camera: Camera): BallCandidate[] {
  const proj = projector(camera);
  const { width: w, height: h } = camera;
  const out: BallCandidate[] = [];
  for (const p of people) {
    const [x0, y0, x1, y1] = p.box as [number, number, number, number];
    const bw = x1 - x0;
    const p0 = proj.project(p.x, p.y, 0);
    const p1 = proj.project(p.x, p.y, BALL_DIAMETER);
    if (!p0 || !p1) continue;
    const d = Math.max(1, Math.hypot(p0[0] - p1[0], p0[1] - p1[1]));
    const xa = Math.max(0, Math.floor(x0 - bw / 3));
    const xb = Math.min(w - 1, Math.ceil(x1 + bw / 3));
    const ya = Math.max(0, Math.floor(y1 - 0.3 * (y1 - y0)));
    const yb = Math.min(h - 1, Math.ceil(y1 + d));
    const rw = xb - xa + 1;
    const white = new Uint8Array(rw * (yb - ya + 1));
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const i = (y * w + x) * 3;
        const r = rgb[i] as number;
        const g = rgb[i + 1] as number;
        const b = rgb[i + 2] as number;
        const lo = Math.min(r, g, b);
        if (lo > 150 && Math.max(r, g, b) - lo < 50) white[(y - ya) * rw + (x - xa)] = 1;
      }
    }
    // Clusters of white pixels (4-connected flood fill; the regions are tiny).
    for (let k = 0; k < white.length; k++) {
      if (white[k] !== 1) continue;
      const stack = [k];
      white[k] = 2;
      let cx0 = rw;
      let cx1 = -1;
      let cy0 = Infinity;
      let cy1 = -1;
      let n = 0;
      while (stack.length) {
        const q = stack.pop() as number;
        const qx = q % rw;
        const qy = (q - qx) / rw;
        n++;
        cx0 = Math.min(cx0, qx);
        cx1 = Math.max(cx1, qx);
        cy0 = Math.min(cy0, qy);
        cy1 = Math.max(cy1, qy);
        for (const nb of [q - 1, q + 1, q - rw, q + rw]) {
          if (nb < 0 || nb >= white.length || white[nb] !== 1) continue;
          if ((nb === q - 1 && qx === 0) || (nb === q + 1 && qx === rw - 1)) continue;
          white[nb] = 2;
          stack.push(nb);
        }
      }
      if (cx1 - cx0 + 1 > 2 * d + 1 || cy1 - cy0 + 1 > 2 * d + 1 || n > 4 * d * d + 2) continue;
      const u = xa + (cx0 + cx1 + 1) / 2;
      const v = ya + (cy0 + cy1 + 1) / 2;
      const g = pixelToGround(camera, u, ya + cy1 + 1);
      if (!g) continue;
      out.push({ u, v, x: g[0], y: g[1], score: 0.3 });
    }
  }
  return out;
}
