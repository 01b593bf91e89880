import { groundProjector, pixelToGround, projector, type Camera } from '../../geometry/camera.js';
import type { Blob } from '../detection/foreground.js';
import { GOAL, PITCH_LENGTH, PITCH_WIDTH, pitchMarkings, pitchSpots } from '../../geometry/pitch-markings.js';
import { pixelRay, type Ray } from './ball-flight.js';

/** Diameter of a size 5 ball, metres. */
export const BALL_DIAMETER = 0.22;

/** Farthest a ball at a player's feet lies from his foot point, metres. */
const FEET_REACH = 2;

/** The lower part of a person's box searched for a ball at his feet, in box heights. */
const FEET_BAND = 0.3;

/** A small bright blob that may be the ball, working-grid pixels. */
export interface BallCandidate {
  u: number;
  v: number;
  /** The ground point under the blob's lowest pixel (metres), as if the ball were on the grass. */
  x: number;
  y: number;
  /** Brightness over the grass around it, and how well its size fits a ball there: higher is likelier. */
  score: number;
  /**
   * A free blob, a white cluster at a person's feet, a white speck found in the pixels (ballSpecks), or a
   * peak of the ball detector's heatmap (net-candidates.ts; its score is the network's, 0-1).
   */
  kind?: 'free' | 'feet' | 'speck' | 'net';
  /** The blob's size, pixels, and the diameter a ball lying at (x, y) would have. */
  w?: number;
  h?: number;
  d?: number;
  /** Pixels in the blob (or cluster). */
  area?: number;
  /** Colour of its brightest pixel, and of the grass around it (free blobs). */
  peak?: [number, number, number];
  bg?: [number, number, number];
  /** At a person's feet: how far its lowest pixel is above the bottom of the person's box, in box heights. */
  lift?: number;
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
    let peakAt = 0;
    for (let y = b.y0; y <= b.y1; y++) {
      for (let x = b.x0; x <= b.x1; x++) {
        const i = (y * w + x) * 3;
        const l = 0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number);
        if (l > peak) {
          peak = l;
          peakAt = i;
        }
      }
    }
    const ring: number[] = [];
    const bg: [number, number, number] = [0, 0, 0];
    for (const [x, y] of [[b.x0 - 2, b.y0 - 2], [b.x1 + 2, b.y0 - 2], [b.x0 - 2, b.y1 + 2], [b.x1 + 2, b.y1 + 2]] as const) {
      if (x < 0 || y < 0 || x >= w || y >= camera.height) continue;
      const i = (y * w + x) * 3;
      ring.push(0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number));
      for (let k = 0; k < 3; k++) bg[k] = (bg[k] as number) + (rgb[i + k] as number);
    }
    const around = ring.length ? ring.reduce((a, c) => a + c, 0) / ring.length : 0;
    if (ring.length) for (let k = 0; k < 3; k++) bg[k] = Math.round((bg[k] as number) / ring.length);
    const contrast = peak - around;
    if (contrast < 25) continue;
    // The painted spots look like a ball lying still: the calibrated camera says where they are.
    if (spots.some(([sx, sy]) => Math.hypot(sx - g[0], sy - g[1]) < 0.6)) continue;
    const sizeFit = Math.exp(-(((short - d) / Math.max(1, d)) ** 2));
    out.push({
      u, v: (b.y0 + b.y1 + 1) / 2, x: g[0], y: g[1], score: (contrast / 100) * (0.5 + sizeFit), kind: 'free', w: bw, h: bh, d,
      area: b.area, peak: [rgb[peakAt] as number, rgb[peakAt + 1] as number, rgb[peakAt + 2] as number], bg,
    });
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
    const ya = Math.max(0, Math.floor(y1 - FEET_BAND * (y1 - y0)));
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
      let peak = -1;
      let peakAt = 0;
      while (stack.length) {
        const q = stack.pop() as number;
        const qx = q % rw;
        const qy = (q - qx) / rw;
        n++;
        const i = ((ya + qy) * w + xa + qx) * 3;
        const sum = (rgb[i] as number) + (rgb[i + 1] as number) + (rgb[i + 2] as number);
        if (sum > peak) {
          peak = sum;
          peakAt = i;
        }
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
      // A ball at a player's feet lies on the grass next to them; a white cluster whose ground point is
      // metres behind the player is higher up (shorts, a shirt's stripes).
      if (!g || Math.hypot(g[0] - p.x, g[1] - p.y) > FEET_REACH) continue;
      out.push({
        u, v, x: g[0], y: g[1], score: 0.3, kind: 'feet', w: cx1 - cx0 + 1, h: cy1 - cy0 + 1, d,
        area: n, peak: [rgb[peakAt] as number, rgb[peakAt + 1] as number, rgb[peakAt + 2] as number], lift: (y1 - (ya + cy1 + 1)) / Math.max(1, y1 - y0),
      });
    }
  }
  return out;
}

let markingSegments: Float64Array | null = null;

/** Distance (metres) from a ground point to the nearest painted line or spot. */
export function distanceToMarking(x: number, y: number): number {
  if (!markingSegments) {
    const segs: number[] = [];
    for (const line of pitchMarkings()) {
      for (let k = 1; k < line.length; k++) segs.push(...(line[k - 1] as [number, number]), ...(line[k] as [number, number]));
    }
    markingSegments = Float64Array.from(segs);
  }
  const m = markingSegments;
  let best = Infinity;
  for (let i = 0; i < m.length; i += 4) {
    const ax = m[i] as number;
    const ay = m[i + 1] as number;
    const dx = (m[i + 2] as number) - ax;
    const dy = (m[i + 3] as number) - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    const d = Math.hypot(x - ax - t * dx, y - ay - t * dy);
    if (d < best) best = d;
  }
  for (const [sx, sy] of pitchSpots()) best = Math.min(best, Math.hypot(x - sx, y - sy));
  return best;
}

/**
 * Whether a camera ray passes through either goal (posts, crossbar and net, with a margin): the white
 * frame and mesh break into ball-sized specks.
 */
export function throughGoal(ray: Ray): boolean {
  const m = 0.3;
  const y0 = PITCH_WIDTH / 2 - GOAL.width / 2 - m;
  const y1 = PITCH_WIDTH / 2 + GOAL.width / 2 + m;
  for (const [x0, x1] of [[-GOAL.depth - m, m], [PITCH_LENGTH - m, PITCH_LENGTH + GOAL.depth + m]] as const) {
    // Slabs: the ray's parameter range inside the box along each axis.
    let lo = 0;
    let hi = Infinity;
    for (const [o, d, a, b] of [[ray.cx, ray.dx, x0, x1], [ray.cy, ray.dy, y0, y1], [ray.cz, ray.dz, 0, GOAL.height + m]] as const) {
      if (Math.abs(d) < 1e-12) {
        if (o < a || o > b) {
          lo = Infinity;
          break;
        }
        continue;
      }
      const t0 = (a - o) / d;
      const t1 = (b - o) / d;
      lo = Math.max(lo, Math.min(t0, t1));
      hi = Math.min(hi, Math.max(t0, t1));
    }
    if (lo <= hi) return true;
  }
  return false;
}

/** Smallest ball diameter, pixels, at which a speck inside a person's box (above his feet) is taken as the ball. */
const IN_BOX_MIN_D = 2.4;

/** How far off the pitch a ball is still looked for, metres (a ball out of play lies between the lines and the boards). */
const SPECK_OFF_PITCH = 6;
let speckBuffer = new Uint8Array(0);
let speckStack = new Int32Array(0);

/**
 * Ball candidates straight from the pixels, for the balls the foreground blobs miss: compact clusters
 * of white pixels about the size of a ball there, on grass (the pixels under the cluster are green),
 * darker around, on the pitch or up to SPECK_OFF_PITCH beyond it. They find a ball whose blob merged
 * with something bigger (the boards it lies against, the goal net, a blob of paint and players) or that
 * lies outside the region searched for people. Clusters inside a person's box are ballAtFeet's; those
 * next to a candidate already found, or under a broadcast overlay (`hidden`), are skipped.
 */
export function ballSpecks(rgb: Uint8Array, camera: Camera, people: readonly { box: readonly number[] }[], existing: readonly BallCandidate[], hidden: Uint8Array | null = null): BallCandidate[] {
  const { width: w, height: h } = camera;
  if (speckBuffer.length < w * h) speckBuffer = new Uint8Array(w * h);
  const white = speckBuffer;
  white.fill(0, 0, w * h);
  // Only the rows whose ground lies on the pitch or within SPECK_OFF_PITCH of it: sampled every 16 columns
  // and 6 rows, each column takes the union of the spans of the samples on either side, widened a little.
  const ground = groundProjector(camera);
  const STEP = 16;
  const samples = Math.ceil(w / STEP) + 1;
  const spanTop = new Int32Array(samples).fill(h);
  const spanBottom = new Int32Array(samples).fill(-1);
  for (let k = 0; k < samples; k++) {
    const u = Math.min(w - 0.5, k * STEP + 0.5);
    for (let y = 0; y < h; y += 6) {
      const g = ground(u, y + 0.5);
      if (!g || Math.max(-g[0], g[0] - PITCH_LENGTH, -g[1], g[1] - PITCH_WIDTH) > SPECK_OFF_PITCH) continue;
      if (y < (spanTop[k] as number)) spanTop[k] = y;
      spanBottom[k] = y;
    }
  }
  const colTop = new Int32Array(w);
  const colBottom = new Int32Array(w);
  let rowMin = h;
  let rowMax = -1;
  for (let x = 0; x < w; x++) {
    const k = Math.floor(x / STEP);
    colTop[x] = Math.max(0, Math.min(spanTop[k] as number, spanTop[k + 1] as number) - 8);
    colBottom[x] = Math.min(h - 1, Math.max(spanBottom[k] as number, spanBottom[k + 1] as number) + 8);
    rowMin = Math.min(rowMin, colTop[x] as number);
    rowMax = Math.max(rowMax, colBottom[x] as number);
  }
  // State per pixel: 0 not looked at, 2 white (in a cluster), 3 not white. The border counts as not white,
  // so no neighbour falls off the picture.
  const state = white;
  state.fill(3, 0, w);
  state.fill(3, (h - 1) * w, h * w);
  for (let y = 0; y < h; y++) {
    state[y * w] = 3;
    state[y * w + w - 1] = 3;
  }
  const isWhite = (i: number): boolean => {
    const p = i * 3;
    const b = rgb[p + 2] as number;
    if (b < 165) return false;
    const r = rgb[p] as number;
    const g = rgb[p + 1] as number;
    if (r < 165 || g < 165) return false;
    const y = (i / w) | 0;
    const x = i - y * w;
    if (y < (colTop[x] as number) || y > (colBottom[x] as number)) return false;
    const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
    const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
    return hi - lo <= 60 && (hidden === null || hidden[i] !== 1);
  };
  const proj = projector(camera);
  const out: BallCandidate[] = [];
  const luma = (i: number) => 0.299 * (rgb[i * 3] as number) + 0.587 * (rgb[i * 3 + 1] as number) + 0.114 * (rgb[i * 3 + 2] as number);
  if (speckStack.length < w * h) speckStack = new Int32Array(w * h);
  const stack = speckStack;
  // 8-connected neighbours: a painted line's staircase of pixels is one long cluster, not a row of specks.
  const nbs = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1];
  // Seeds on a checkerboard (half the pixels): every cluster of two pixels or more has one.
  for (let y = Math.max(1, rowMin); y <= Math.min(h - 2, rowMax); y++) {
    for (let x = 1 + ((y + 1) & 1), i = y * w + x, p = i * 3 + 2; x < w - 1; x += 2, i += 2, p += 6) {
      // Blue first: grass fails there at once.
      if ((rgb[p] as number) < 165 || state[i] !== 0) continue;
      if (!isWhite(i)) {
        state[i] = 3;
        continue;
      }
      let top = 0;
      stack[top++] = i;
      state[i] = 2;
      let x0 = w;
      let x1 = -1;
      let y0 = h;
      let y1 = -1;
      let n = 0;
      let peakAt = i;
      let peakSum = -1;
      while (top > 0) {
        const q = stack[--top] as number;
        const qy = (q / w) | 0;
        const qx = q - qy * w;
        n++;
        if (qx < x0) x0 = qx;
        if (qx > x1) x1 = qx;
        if (qy < y0) y0 = qy;
        if (qy > y1) y1 = qy;
        const sum = (rgb[q * 3] as number) + (rgb[q * 3 + 1] as number) + (rgb[q * 3 + 2] as number);
        if (sum > peakSum) {
          peakSum = sum;
          peakAt = q;
        }
        for (let j = 0; j < 8; j++) {
          const nb = q + (nbs[j] as number);
          if (state[nb] !== 0) continue;
          if (isWhite(nb)) {
            state[nb] = 2;
            stack[top++] = nb;
          } else {
            state[nb] = 3;
          }
        }
      }
      const c = speck(x0, x1, y0, y1, n, peakAt);
      if (c) out.push(c);
    }
  }
  return out;

  /** A cluster's candidate, or null. */
  function speck(x0: number, x1: number, y0: number, y1: number, n: number, peakAt: number): BallCandidate | null {
    const peak = luma(peakAt);
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (bw > 12 || bh > 12 || y1 + 2 >= h || x0 < 2 || x1 + 2 >= w || y0 < 2) return null;
    const u = (x0 + x1 + 1) / 2;
    const v = (y0 + y1 + 1) / 2;
    if (existing.some((c) => Math.abs(c.u - u) <= 2 && Math.abs(c.v - v) <= 2)) return null;
    // The feet band of a person's box is ballAtFeet's. Higher up a box is looser than the body: a cluster
    // there with grass all around it (below and beside, checked next, and above) is a ball just beyond
    // the player, farther from the camera (a throw-in's ball beside the thrower); a far player's white
    // shorts, with his thin legs blurred into the grass below, have his shirt above.
    const inBox = people.filter((p) => u >= (p.box[0] as number) - 1 && u <= (p.box[2] as number) + 1 && v >= (p.box[1] as number) - 1 && v <= (p.box[3] as number) + 1);
    if (inBox.some((p) => v >= (p.box[3] as number) - FEET_BAND * ((p.box[3] as number) - (p.box[1] as number)) - 1)) return null;
    // On grass: green under the cluster (left, middle, right), on both sides of it and, on the pitch,
    // above it. A ball on the grass has it; white letters on the boards, the shorts or shirt of a player
    // the detector missed, the net do not (nor a ball seen against the boards or a player, which is lost
    // here: letting those through brings ten board letters per ball).
    const isGrass = (x: number, y: number) => {
      const i = (y * w + x) * 3;
      const gg = rgb[i + 1] as number;
      return gg > (rgb[i] as number) + 8 && gg > (rgb[i + 2] as number) + 8;
    };
    const cy = Math.round(v - 0.5);
    const cx = Math.round(u - 0.5);
    if (!isGrass(x0, y1 + 2) || !isGrass(cx, y1 + 2) || !isGrass(x1, y1 + 2) || !isGrass(x0 - 2, cy) || !isGrass(x1 + 2, cy)) return null;
    const g = ground(u, y1 + 1);
    const off = g ? Math.max(-g[0], g[0] - PITCH_LENGTH, -g[1], g[1] - PITCH_WIDTH) : Infinity;
    // Above it too, on the pitch; off it, the boards may rise right behind a ball lying by them.
    if (!g || off > SPECK_OFF_PITCH || ((off <= 0 || inBox.length > 0) && !isGrass(cx, y0 - 2))) return null;
    // Darker all around: the corners of a ring two pixels out.
    let around = 0;
    for (const [x, y] of [[x0 - 2, y0 - 2], [x1 + 2, y0 - 2], [x0 - 2, y1 + 2], [x1 + 2, y1 + 2]] as const) around += luma(y * w + x);
    const contrast = peak - around / 4;
    if (contrast < 40) return null;
    const p0 = proj.project(g[0], g[1], 0);
    const p1 = proj.project(g[0], g[1], BALL_DIAMETER);
    if (!p0 || !p1) return null;
    const d = Math.max(1, Math.hypot(p0[0] - p1[0], p0[1] - p1[1]));
    const long = Math.max(bw, bh);
    const short = Math.min(bw, bh);
    if (short > 2 * d + 1 || long > 4 * d + 2) return null;
    // Beside a player the ball is round: a thin white stroke there is a sock, a sleeve or a stripe. Below
    // IN_BOX_MIN_D pixels shape tells nothing (a tactical or far static view: there such specks chained
    // the white kit of small players into false ball paths).
    if (inBox.length > 0 && (d < IN_BOX_MIN_D || short < 0.6 * d || long > 1.6 * d + 1)) return null;
    // Not paint: a fragment of a painted line (their pixels break into specks where a line runs
    // diagonally) lies on the line, give or take a couple of pixels of calibration error. A ball on
    // a line is lost here; the foreground blobs may still have it.
    const gc = ground(u, v);
    if (gc && distanceToMarking(gc[0], gc[1]) * (d / BALL_DIAMETER) < 3) return null;
    // Not the goal frame or net, and not bluish white (boards, a sky-blue shirt's highlight): a ball is
    // white, or greenish where its few pixels mix with the grass.
    const pi = peakAt * 3;
    if ((rgb[pi + 2] as number) > (rgb[pi + 1] as number) + 10 || throughGoal(pixelRay(camera, u, v))) return null;
    const sizeFit = Math.exp(-(((short - d) / Math.max(1, d)) ** 2));
    return {
      u, v, x: g[0], y: g[1], score: (contrast / 100) * (0.5 + sizeFit), kind: 'speck', w: bw, h: bh, d, area: n,
      peak: [rgb[pi] as number, rgb[pi + 1] as number, rgb[pi + 2] as number],
    };
  }
}
