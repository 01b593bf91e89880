import { pixelToGround, personPixelHeight, projector, type Camera } from '../../geometry/camera.js';
import type { Blob } from './foreground.js';

/** A person seen in one frame, in working-grid pixels, with the ground point under the feet. */
export interface PersonDetection {
  /** Box [x0, y0, x1, y1], working-grid pixels (x1, y1 exclusive). */
  box: [number, number, number, number];
  /** Foot point: the box's bottom centre. */
  foot: [number, number];
  /** Pitch metres under the feet. */
  x: number;
  y: number;
  /** Box height over the height a 1.8 m person has there: about 1 for one upright person. */
  scale: number;
  /** True when the box came from splitting a blob of several people. */
  split: boolean;
  /** The learned detector's confidence, 0-1 (absent for the classical detector's candidates). */
  confidence?: number;
}

/** Typical standing height used to size people in the picture, metres. */
export const PERSON_HEIGHT = 1.8;

/**
 * People from foreground blobs and the frame's camera. Parts of one person (head, shirt, shorts and
 * legs often separate at low resolution) are merged when they share columns and lie within a person's
 * height; blobs much wider than a person are split at the emptiest columns. Each candidate is judged
 * against the height a person standing at its foot point has in this picture, which removes the ball,
 * spots, flags and fragments without a fixed pixel size.
 */
export function detectPeople(blobs: readonly Blob[], labels: Int32Array, camera: Camera, mask: Uint8Array, region: Uint8Array, options: { keepUnsplit?: boolean } = {}): PersonDetection[] {
  const proj = projector(camera);
  const w = camera.width;
  const expected = (u: number, v: number): number | null => {
    const g = pixelToGround(camera, u, v);
    if (!g) return null;
    return personPixelHeight(proj, g[0], g[1], PERSON_HEIGHT);
  };
  // Merge parts of one person, tallest-first.
  const parts = blobs.map((b) => ({ ...b, ids: [b.id], alive: true }));
  parts.sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0));
  for (let i = 0; i < parts.length; i++) {
    const a = parts[i]!;
    if (!a.alive) continue;
    const hExp = expected((a.x0 + a.x1) / 2, a.y1 + 1);
    if (!hExp) continue;
    for (let j = i + 1; j < parts.length; j++) {
      const b = parts[j]!;
      if (!b.alive) continue;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1;
      const narrow = Math.min(a.x1 - a.x0, b.x1 - b.x0) + 1;
      if (overlap < 0.5 * narrow) continue;
      const top = Math.min(a.y0, b.y0);
      const bottom = Math.max(a.y1, b.y1);
      const gap = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1);
      if (gap > 0.4 * hExp || bottom - top + 1 > 1.25 * hExp) continue;
      a.x0 = Math.min(a.x0, b.x0);
      a.x1 = Math.max(a.x1, b.x1);
      a.y0 = top;
      a.y1 = bottom;
      a.area += b.area;
      a.ids.push(...b.ids);
      b.alive = false;
    }
  }
  const out: PersonDetection[] = [];
  const emit = (x0: number, y0: number, x1: number, y1: number, split: boolean) => {
    const fu = (x0 + x1 + 1) / 2;
    const fv = y1 + 1;
    const g = pixelToGround(camera, fu, fv);
    const hExp = expected(fu, fv);
    if (!g || !hExp) return;
    // Half a pixel on each side: the mask's edge pixels are blends that often fall below the threshold.
    out.push({ box: [x0 - 0.5, y0 - 0.5, x1 + 1.5, y1 + 1.5], foot: [fu, fv + 0.5], x: g[0], y: g[1], scale: (y1 + 1 - y0) / hExp, split });
  };
  for (const p of parts) {
    if (!p.alive) continue;
    if (!groundColumns(p, p.ids, labels, region, w)) continue;
    const hExp = expected((p.x0 + p.x1 + 1) / 2, p.y1 + 1);
    if (!hExp || hExp < 4) continue;
    // Wide and reaching above the pitch's far edge: boards (or a wall) with perhaps people in front.
    if (p.x1 - p.x0 + 1 > 1.5 * hExp && region[p.y0 * w + Math.round((p.x0 + p.x1) / 2)] !== 2) {
      for (const f of frontColumns(p, p.ids, labels, w, hExp)) emit(f.x0, f.y0, f.x1, f.y1, true);
      continue;
    }
    const bh = p.y1 - p.y0 + 1;
    const bw = p.x1 - p.x0 + 1;
    if (bh < 0.45 * hExp || p.area < 0.04 * hExp * hExp) continue;
    // Touching the picture's edge: a person cut by the frame, judged on what is visible.
    if (bw <= 0.8 * hExp || p.x0 === 0 || p.x1 === w - 1) {
      emit(p.x0, p.y0, p.x1, p.y1, false);
      continue;
    }
    // Training data for the verifier also wants the blob before splitting (it learns to count).
    if (options.keepUnsplit) emit(p.x0, p.y0, p.x1, p.y1, false);
    for (const [a, b] of splitColumns(mask, w, p, Math.max(2, Math.round(bw / (0.45 * hExp))))) emit(a, p.y0, b, p.y1, true);
  }
  return out;
}

/**
 * Keeps the columns of a blob that stand on the ground region (their lowest pixel is where feet can
 * be): boards and stands that touch a player's head are cut away. Returns false when nothing stands.
 */
function groundColumns(b: Blob, ids: number[], labels: Int32Array, region: Uint8Array, w: number): boolean {
  const mine = (k: number) => ids.includes(labels[k] as number);
  let x0 = -1;
  let x1 = -1;
  let y0 = Infinity;
  let y1 = -1;
  for (let x = b.x0; x <= b.x1; x++) {
    let bottom = -1;
    for (let y = b.y1; y >= b.y0; y--) {
      if (mine(y * w + x)) {
        bottom = y;
        break;
      }
    }
    if (bottom < 0 || region[bottom * w + x] !== 2) continue;
    if (x0 < 0) x0 = x;
    x1 = x;
    if (bottom > y1) y1 = bottom;
    for (let y = b.y0; y <= bottom; y++) {
      if (mine(y * w + x)) {
        if (y < y0) y0 = y;
        break;
      }
    }
  }
  if (x0 < 0) return false;
  b.x0 = x0;
  b.x1 = x1;
  b.y0 = y0;
  b.y1 = y1;
  return true;
}

/**
 * A blob far wider than a person whose columns mostly end on one smooth base line is a board or a
 * wall along the pitch edge; people standing in front of it reach below that line. Returns the runs of
 * columns that reach a fifth of a person's height below the running median base, each as its own blob
 * (its top is the highest pixel of its columns, which may include the board behind the head).
 */
function frontColumns(b: Blob, ids: number[], labels: Int32Array, w: number, hExp: number): Blob[] {
  const bottoms: number[] = [];
  const tops: number[] = [];
  for (let x = b.x0; x <= b.x1; x++) {
    let bottom = -1;
    let top = -1;
    for (let y = b.y0; y <= b.y1; y++) {
      if (ids.includes(labels[y * w + x] as number)) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    bottoms.push(bottom);
    tops.push(top);
  }
  const span = Math.max(3, Math.round(hExp));
  const front = bottoms.map((bi, i) => {
    if (bi < 0) return false;
    const near = bottoms.slice(Math.max(0, i - span), i + span + 1).filter((v) => v >= 0).sort((a, c) => a - c);
    return bi - (near[Math.floor(near.length / 2)] as number) >= 0.3 * hExp;
  });
  const out: Blob[] = [];
  for (let i = 0; i < front.length; i++) {
    if (!front[i]) continue;
    let j = i;
    while (j + 1 < front.length && front[j + 1]) j++;
    if (j - i + 1 >= Math.max(2, 0.15 * hExp)) {
      const cols = bottoms.slice(i, j + 1);
      out.push({ id: b.id, x0: b.x0 + i, x1: b.x0 + j, y0: Math.min(...tops.slice(i, j + 1).filter((v) => v >= 0)), y1: Math.max(...cols), area: 0 });
    }
    i = j;
  }
  return out;
}

/**
 * Splits a blob of people standing side by side into `k` column ranges at the columns with the fewest
 * foreground pixels (searched near the even split points), each range trimmed to its own rows later.
 */
function splitColumns(mask: Uint8Array, w: number, b: Blob, k: number): [number, number][] {
  const width = b.x1 - b.x0 + 1;
  const counts = new Int32Array(width);
  for (let y = b.y0; y <= b.y1; y++) for (let x = b.x0; x <= b.x1; x++) if (mask[y * w + x] === 1) counts[x - b.x0] = (counts[x - b.x0] as number) + 1;
  const cuts: number[] = [];
  for (let s = 1; s < k; s++) {
    const centre = Math.round((s * width) / k);
    const radius = Math.max(1, Math.round(width / (3 * k)));
    let best = centre;
    for (let c = Math.max(1, centre - radius); c <= Math.min(width - 2, centre + radius); c++) if ((counts[c] as number) < (counts[best] as number)) best = c;
    cuts.push(best);
  }
  const ranges: [number, number][] = [];
  let start = 0;
  for (const c of [...cuts, width]) {
    if (c - 1 >= start) ranges.push([b.x0 + start, b.x0 + c - 1]);
    start = c;
  }
  return ranges;
}

/** Boxes taller or shorter than this many times a standing person's height there are not one person. */
const SCALE_RANGE: [number, number] = [0.3, 2.2];

/**
 * People from the learned detector's foot points (person-detector.ts) and the frame's camera: a foot on
 * the pitch or within `margin` metres of it, not under a broadcast graphic (`hidden`, 1 where one is
 * drawn), and a box about as tall as a person standing there (what is much shorter or taller is a ball,
 * a post or a board). The box stands on the foot point, as the classical detector's do.
 */
export function peopleFromFeet(
  feet: readonly { score: number; foot: [number, number]; width: number; height: number }[],
  camera: Camera,
  inside: (x: number, y: number) => boolean,
  hidden: Uint8Array | null = null,
): PersonDetection[] {
  const proj = projector(camera);
  const out: PersonDetection[] = [];
  for (const d of feet) {
    const [fu, fv] = d.foot;
    const px = Math.min(camera.width - 1, Math.max(0, Math.floor(fu)));
    const py = Math.min(camera.height - 1, Math.max(0, Math.floor(fv)));
    if (hidden && hidden[py * camera.width + px] === 1) continue;
    const g = pixelToGround(camera, fu, fv);
    if (!g || !inside(g[0], g[1])) continue;
    const hExp = personPixelHeight(proj, g[0], g[1], PERSON_HEIGHT);
    if (!hExp) continue;
    const scale = d.height / hExp;
    if (scale < SCALE_RANGE[0] || scale > SCALE_RANGE[1]) continue;
    out.push({ box: [fu - d.width / 2, fv - d.height, fu + d.width / 2, fv], foot: [fu, fv], x: g[0], y: g[1], scale, split: false, confidence: d.score });
  }
  return out;
}
