import { groundProjector, projector, type Camera } from '../../geometry/camera.js';
import { GOAL, LINE_WIDTH, PITCH_LENGTH, PITCH_WIDTH, pitchMarkings } from '../../geometry/pitch-markings.js';
import type { LineImage } from '../calibration/line-pixels.js';

/**
 * What stands on the pitch: pixels inside the grass region whose colour differs from the grass around
 * them. The grass colour is the mean of the grass pixels in a window (mowing stripes, shade and
 * floodlight change slowly), and the difference is mostly chromatic, so a player's shadow (darker grass
 * of the same hue) stays background while kits, skin and the ball stand out. Painted lines are removed
 * where the calibrated camera draws them (`band`), so a line does not glue two players together.
 * With `boxes`, only the pixels inside them (to the pixel round each) are decided, the rest left 0:
 * where a network found the people, their kit colours are all the mask is read for, and the whole
 * frame's mask was the frame pass's costliest stage after the lines. Inside the boxes it is the same mask.
 */
export function foregroundMask(
  rgb: Uint8Array, lines: LineImage, band: Uint8Array | null, region: Uint8Array, overlay: Uint8Array | null,
  options: { window?: number; threshold?: number; boxes?: readonly (readonly number[])[] } = {},
): Uint8Array {
  const { width: w, height: h } = lines;
  const r = options.window ?? 8;
  const fg = new Uint8Array(w * h);
  const rects: [number, number, number, number][] = options.boxes
    ? options.boxes.map((b) => [Math.max(0, Math.floor(b[0] as number) - 1), Math.max(0, Math.floor(b[1] as number) - 1), Math.min(w, Math.ceil(b[2] as number) + 2), Math.min(h, Math.ceil(b[3] as number) + 2)])
    : [[0, 0, w, h]];
  for (const rect of rects) if (rect[2] > rect[0] && rect[3] > rect[1]) maskRect(rgb, lines, band, region, overlay, r, options.threshold ?? 40, rect, fg);
  return fg;
}

/** The mask over one rectangle [x0, x1) x [y0, y1), its grass means from a summed-area table of the rectangle grown by the window. */
function maskRect(
  rgb: Uint8Array, lines: LineImage, band: Uint8Array | null, region: Uint8Array, overlay: Uint8Array | null,
  r: number, threshold: number, [rx0, ry0, rx1, ry1]: [number, number, number, number], fg: Uint8Array,
): void {
  const { width: w, height: h, grass } = lines;
  const ox = Math.max(0, rx0 - r);
  const oy = Math.max(0, ry0 - r);
  const tw = Math.min(w, rx1 + r) - ox;
  const th = Math.min(h, ry1 + r) - oy;
  // Summed-area tables of the grass pixels' colour and count, interleaved. Integer sums are exact (a
  // 4K frame's red sum stays under 2^31), and half the bytes of doubles: this table is the stage's
  // memory traffic, so its buffer is kept between frames.
  const W1 = tw + 1;
  const sat = summedAreaBuffer(W1 * (th + 1) * 4);
  sat.fill(0, 0, W1 * 4);
  for (let ty = 0; ty < th; ty++) {
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let sn = 0;
    let o = (ty + 1) * W1 * 4;
    sat[o] = 0;
    sat[o + 1] = 0;
    sat[o + 2] = 0;
    sat[o + 3] = 0;
    o += 4;
    let up = (ty * W1 + 1) * 4;
    for (let tx = 0, i = (ty + oy) * w + ox; tx < tw; tx++, i++, o += 4, up += 4) {
      if (grass[i] === 1) {
        sr += rgb[i * 3] as number;
        sg += rgb[i * 3 + 1] as number;
        sb += rgb[i * 3 + 2] as number;
        sn += 1;
      }
      sat[o] = (sat[up] as number) + sr;
      sat[o + 1] = (sat[up + 1] as number) + sg;
      sat[o + 2] = (sat[up + 2] as number) + sb;
      sat[o + 3] = (sat[up + 3] as number) + sn;
    }
  }
  for (let y = ry0; y < ry1; y++) {
    const top = (Math.max(0, y - r) - oy) * W1;
    const bottom = (Math.min(h, y + r + 1) - oy) * W1;
    for (let x = rx0; x < rx1; x++) {
      const i = y * w + x;
      if (region[i] === 0 || (overlay !== null && overlay[i] === 1)) continue;
      const x0 = Math.max(0, x - r) - ox;
      const x1 = Math.min(w, x + r + 1) - ox;
      const a = (bottom + x1) * 4;
      const b = (top + x1) * 4;
      const c = (bottom + x0) * 4;
      const d = (top + x0) * 4;
      const n = (sat[a + 3] as number) - (sat[b + 3] as number) - (sat[c + 3] as number) + (sat[d + 3] as number);
      if (n < 4) continue;
      const br = ((sat[a] as number) - (sat[b] as number) - (sat[c] as number) + (sat[d] as number)) / n;
      const bg = ((sat[a + 1] as number) - (sat[b + 1] as number) - (sat[c + 1] as number) + (sat[d + 1] as number)) / n;
      const bb = ((sat[a + 2] as number) - (sat[b + 2] as number) - (sat[c + 2] as number) + (sat[d + 2] as number)) / n;
      const pr = rgb[i * 3] as number;
      const pg = rgb[i * 3 + 1] as number;
      const pb = rgb[i * 3 + 2] as number;
      // Chromatic difference at the pixel's own brightness, plus a smaller share of the brightness change.
      const ps = pr + pg + pb + 1;
      const bs = br + bg + bb + 1;
      const k = ps / bs;
      const chroma = Math.abs(pr - br * k) + Math.abs(pg - bg * k) + Math.abs(pb - bb * k);
      const light = Math.abs(ps - bs) / 3;
      // Darker than the grass only by shade: a shadow. Brighter, or a different hue: something there.
      const score = chroma + (ps > bs ? light : 0.35 * light);
      if (score <= threshold) continue;
      // Painted lines where the camera says they are: in a band around each projected line, pixels whose
      // colour lies between the local grass and white (paint, blended into the grass at the line's edges).
      if (band !== null && band[i] === 1 && onPaintSegment(pr, pg, pb, br, bg, bb)) continue;
      fg[i] = 1;
    }
  }
}

let satBuffer = new Int32Array(0);

/** A scratch table of at least `length` entries, reused between frames (its first row is cleared by the caller, the rest overwritten). */
function summedAreaBuffer(length: number): Int32Array {
  if (satBuffer.length < length) satBuffer = new Int32Array(length);
  return satBuffer;
}

/**
 * Whether a colour lies near the segment from the grass colour to white: a painted line, partly
 * blended with the grass around it. Kits of strong colour lie far from it.
 */
function onPaintSegment(r: number, g: number, b: number, gr: number, gg: number, gb: number): boolean {
  const dr = 255 - gr;
  const dg = 255 - gg;
  const db = 255 - gb;
  const len2 = dr * dr + dg * dg + db * db || 1;
  const t = Math.max(0, Math.min(1, ((r - gr) * dr + (g - gg) * dg + (b - gb) * db) / len2));
  const er = r - (gr + t * dr);
  const eg = g - (gg + t * dg);
  const eb = b - (gb + t * db);
  return er * er + eg * eg + eb * eb < 30 * 30;
}

/**
 * The pixels within about a line's width of every painted line as the camera projects them: marks
 * where a whitish pixel is paint, not a player. Lines are sampled finely enough that consecutive
 * projected samples are under a pixel apart.
 */
export function lineBand(camera: Camera): Uint8Array {
  const { width: w, height: h } = camera;
  const band = new Uint8Array(w * h);
  const proj = projector(camera);
  const mark = (u: number, v: number, r: number) => {
    const x0 = Math.max(0, Math.floor(u - r));
    const x1 = Math.min(w - 1, Math.ceil(u + r));
    const y0 = Math.max(0, Math.floor(v - r));
    const y1 = Math.min(h - 1, Math.ceil(v + r));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) band[y * w + x] = 1;
  };
  for (const line of pitchMarkings()) {
    for (let k = 1; k < line.length; k++) {
      const [ax, ay] = line[k - 1] as [number, number];
      const [bx, by] = line[k] as [number, number];
      const a = proj.project(ax, ay, 0);
      const b = proj.project(bx, by, 0);
      if (!a || !b) continue;
      if ((a[0] < -50 && b[0] < -50) || (a[0] > w + 50 && b[0] > w + 50) || (a[1] < -50 && b[1] < -50) || (a[1] > h + 50 && b[1] > h + 50)) continue;
      const steps = Math.min(4000, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.8) + 1);
      for (let s = 0; s <= steps; s++) {
        const t = s / steps;
        const x = ax + (bx - ax) * t;
        const y = ay + (by - ay) * t;
        const p = proj.project(x, y, 0);
        if (!p || p[0] < -3 || p[1] < -3 || p[0] > w + 3 || p[1] > h + 3) continue;
        // Half the painted width in pixels here, plus a pixel of anti-aliasing.
        const q = proj.project(x + LINE_WIDTH, y + LINE_WIDTH, 0);
        const half = q ? Math.hypot(q[0] - p[0], q[1] - p[1]) / 2 : 1;
        mark(p[0], p[1], Math.min(4, half + 1));
      }
    }
  }
  // Goal frames: posts and crossbar are white paint standing up.
  for (const gx of [0, PITCH_LENGTH]) {
    for (const [x0, y0, z0, x1, y1, z1] of [
      [gx, PITCH_WIDTH / 2 - GOAL.width / 2, 0, gx, PITCH_WIDTH / 2 - GOAL.width / 2, GOAL.height],
      [gx, PITCH_WIDTH / 2 + GOAL.width / 2, 0, gx, PITCH_WIDTH / 2 + GOAL.width / 2, GOAL.height],
      [gx, PITCH_WIDTH / 2 - GOAL.width / 2, GOAL.height, gx, PITCH_WIDTH / 2 + GOAL.width / 2, GOAL.height],
    ] as const) {
      const a = proj.project(x0, y0, z0);
      const b = proj.project(x1, y1, z1);
      if (!a || !b) continue;
      const steps = Math.min(2000, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.8) + 1);
      for (let s = 0; s <= steps; s++) mark(a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps, 2);
    }
  }
  return band;
}

/** How far beyond the lines people are still looked for, metres (assistant referees, throw-ins). */
export const PITCH_MARGIN = 1.5;

/** A pitch point on the pitch or within PITCH_MARGIN of its lines: where a person's feet may be. */
export function nearPitch(x: number, y: number): boolean {
  return x >= -PITCH_MARGIN && x <= PITCH_LENGTH + PITCH_MARGIN && y >= -PITCH_MARGIN && y <= PITCH_WIDTH + PITCH_MARGIN;
}

/**
 * Where people can be: 2 where the ground point lies on the pitch or within PITCH_MARGIN of it (feet
 * may stand there), 1 above those up to a standing person's height (the heads of people at the far
 * touchline are drawn over the boards behind them), 0 elsewhere. Computed per column from the camera.
 */
export function pitchRegion(camera: Camera): Uint8Array {
  const { width: w, height: h } = camera;
  const region = new Uint8Array(w * h);
  const proj = projector(camera);
  const ground = groundProjector(camera);
  const inside = (u: number, v: number) => {
    const g = ground(u, v);
    return g !== null && nearPitch(g[0], g[1]);
  };
  // The pitch rectangle cuts each column in one run of rows (a convex shape seen through a camera
  // without roll to speak of): find it on a coarse step, then refine both ends by bisection.
  const step = 6;
  for (let x = 0; x < w; x++) {
    const u = x + 0.5;
    let first = -1;
    let last = -1;
    for (let y = 0; y < h; y += step) {
      if (!inside(u, y + 0.5)) continue;
      if (first < 0) first = y;
      last = y;
    }
    if (first < 0) continue;
    let lo = Math.max(0, first - step);
    let hi = first;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (inside(u, mid + 0.5)) hi = mid;
      else lo = mid;
    }
    const top = inside(u, lo + 0.5) ? lo : hi;
    lo = last;
    hi = Math.min(h, last + step);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (inside(u, mid + 0.5)) lo = mid;
      else hi = mid;
    }
    const bottom = lo;
    for (let y = top; y <= bottom; y++) region[y * w + x] = 2;
    if (top <= 0) continue;
    const g = ground(u, top + 0.5);
    if (!g) continue;
    const foot = proj.project(g[0], g[1], 0);
    const head = proj.project(g[0], g[1], 2);
    const lift = foot && head ? Math.ceil(foot[1] - head[1]) : 0;
    for (let y = Math.max(0, top - lift); y < top; y++) region[y * w + x] = 1;
  }
  return region;
}

/** A connected region of the foreground: bounding box (inclusive pixels), area and pixel sums. */
export interface Blob {
  /** Label of the blob's pixels in the label image. */
  id: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** 8-connected components of a mask, by union-find over one raster pass, with their label image. */
export function connectedBlobs(mask: Uint8Array, w: number, h: number, minArea = 2): { blobs: Blob[]; labels: Int32Array } {
  const parent = new Int32Array(w * h).fill(-1);
  const find = (a: number): number => {
    let r = a;
    while ((parent[r] as number) !== r) r = parent[r] as number;
    while ((parent[a] as number) !== r) {
      const next = parent[a] as number;
      parent[a] = r;
      a = next;
    }
    return r;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (mask[i] !== 1) continue;
      parent[i] = i;
      if (x > 0 && mask[i - 1] === 1) union(i, i - 1);
      if (y > 0) {
        if (mask[i - w] === 1) union(i, i - w);
        if (x > 0 && mask[i - w - 1] === 1) union(i, i - w - 1);
        if (x < w - 1 && mask[i - w + 1] === 1) union(i, i - w + 1);
      }
    }
  }
  const byRoot = new Map<number, Blob>();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (mask[i] !== 1) continue;
      const r = find(i);
      parent[i] = r;
      const b = byRoot.get(r);
      if (!b) byRoot.set(r, { id: r, x0: x, y0: y, x1: x, y1: y, area: 1 });
      else {
        if (x < b.x0) b.x0 = x;
        if (x > b.x1) b.x1 = x;
        if (y > b.y1) b.y1 = y;
        b.area++;
      }
    }
  }
  return { blobs: [...byRoot.values()].filter((b) => b.area >= minArea), labels: parent };
}
