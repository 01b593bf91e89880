import type { Thumbnail } from './thumbnail.js';
import type { PictureChange } from './frozen-picture.js';

export interface SceneFeatures {
  /** Share of grass pixels in the whole frame. */
  grass: number;
  /** Share of grass pixels in the bottom half (a wide shot of play is nearly all grass there). */
  grassLow: number;
  /**
   * Size of the largest person standing on the pitch, as a share of the frame height: the height of the
   * tallest person-shaped non-grass blob below the top of the pitch (capped by its area, so two small
   * players one behind the other do not make a big one). A game camera shows people a few to about 25% of
   * the frame tall; a close-up shows one taller than a third of the frame.
   */
  person: number;
  /** Share of pixels with the same colour as their right and lower neighbours: graphics are flat. */
  flat: number;
  /** Colour histogram, 4 x 4 x 4 bins, summing to 1: what shot-cut detection compares. */
  hist: Float32Array;
  /**
   * Share of pixels whose colour changed strongly since the previous frame (a cut changes most of them,
   * a pan a few edges, a graphic sweeping across the band it covers). Absent when no previous frame was given.
   */
  change?: number;
  /** Histogram distance to the previous frame (L1, 0-2); absent when no previous frame was given. */
  histChange?: number;
  /**
   * Shares of the working grid's sampled pixels whose grey level changed since the first frame of the
   * still stretch the frame may belong to and since the last frame (`StillnessWatch`): what tells a
   * frozen picture from play. Absent when not measured.
   */
  pictureChange?: PictureChange;
}

/**
 * Grass by colour ratios rather than fixed hues: green must dominate red and blue by margins that hold
 * under floodlights, shadow and broadcast grading (the real clips and our renders agree on it).
 */
export function isGrass(r: number, g: number, b: number): boolean {
  return g > 40 && g > r * 1.05 && g > b * 1.12 && g - Math.min(r, b) > 18;
}

/** A pixel changed strongly: the sum of its channel differences to the previous frame exceeds this. */
const CHANGED = 90;
/** Neighbours count as the same colour (flat) within this sum of channel differences. */
const FLAT = 6;

/** Colour histogram of a thumbnail, 4 x 4 x 4 bins, normalised to sum 1. */
export function colourHistogram(t: Thumbnail): Float32Array {
  const hist = new Float32Array(64);
  const { rgb } = t;
  const n = t.width * t.height;
  for (let p = 0; p < n; p++) {
    const k = ((rgb[3 * p] as number) >> 6) * 16 + ((rgb[3 * p + 1] as number) >> 6) * 4 + ((rgb[3 * p + 2] as number) >> 6);
    hist[k] = (hist[k] as number) + 1;
  }
  for (let k = 0; k < 64; k++) hist[k] = (hist[k] as number) / n;
  return hist;
}

/** L1 distance of two normalised histograms: 0 for the same colours, 2 for disjoint ones. */
export function histogramDistance(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs((a[i] as number) - (b[i] as number));
  return d;
}

/** Share of pixels that changed strongly between two thumbnails of the same size. */
export function changedShare(a: Thumbnail, b: Thumbnail): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let changed = 0;
  const x = a.rgb;
  const y = b.rgb;
  for (let i = 0; i < x.length; i += 3) {
    const d = Math.abs((x[i] as number) - (y[i] as number)) + Math.abs((x[i + 1] as number) - (y[i + 1] as number)) + Math.abs((x[i + 2] as number) - (y[i + 2] as number));
    if (d > CHANGED) changed += 1;
  }
  return changed / (a.width * a.height);
}

/**
 * The scene statistics of one frame's thumbnail; with the previous frame's thumbnail also how much the
 * picture changed (what cuts and transitions are found from).
 */
export function sceneFeatures(t: Thumbnail, previous?: Thumbnail | null): SceneFeatures {
  const { width: w, height: h, rgb } = t;
  const hist = colourHistogram(t);
  let grass = 0;
  let grassLow = 0;
  let flat = 0;
  const half = Math.floor(h / 2);
  const grassMask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const i = p * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      if (isGrass(r, g, b)) {
        grassMask[p] = 1;
        grass += 1;
        if (y >= half) grassLow += 1;
      }
      if (x + 1 < w && y + 1 < h) {
        const j = i + 3;
        const k = i + w * 3;
        const right = Math.abs(r - (rgb[j] as number)) + Math.abs(g - (rgb[j + 1] as number)) + Math.abs(b - (rgb[j + 2] as number));
        const down = Math.abs(r - (rgb[k] as number)) + Math.abs(g - (rgb[k + 1] as number)) + Math.abs(b - (rgb[k + 2] as number));
        if (right <= FLAT && down <= FLAT) flat += 1;
      }
    }
  }
  const features: SceneFeatures = {
    grass: grass / (w * h),
    grassLow: grassLow / (w * (h - half)),
    person: personSize(grassMask, w, h),
    flat: w > 1 && h > 1 ? flat / ((w - 1) * (h - 1)) : 0,
    hist,
  };
  if (previous) {
    features.change = changedShare(previous, t);
    features.histChange = histogramDistance(colourHistogram(previous), hist);
  }
  return features;
}

/** Columns either side whose pitch tops give a column's pitch boundary. */
const BOUNDARY_HALF_WINDOW = 20;

/**
 * The height (share of the frame) of the largest person-shaped blob of non-grass pixels standing on the
 * pitch. The pitch's top edge per column is a low quantile of where grass starts in the columns around it,
 * so a person in front of the boards or stands (a close-up) is cut from them at the boundary rather than
 * merged into them. Blobs touching the left or right border (stands at the side, channel logos) and blobs
 * wider than tall (boards, running tracks, painted words) are not people.
 */
export function personSize(grassMask: Uint8Array, w: number, h: number): number {
  // Where grass starts in each column: the first run of 3 grass pixels from the top.
  const top = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    let run = 0;
    let start = h;
    for (let y = 0; y < h; y++) {
      run = grassMask[y * w + x] ? run + 1 : 0;
      if (run >= 3) {
        start = y - 2;
        break;
      }
    }
    top[x] = start;
  }
  // The boundary: the lower quartile of the tops in a window, kept in a sliding count of rows.
  const counts = new Int32Array(h + 1);
  const boundary = new Int32Array(w);
  let lo = 0;
  let hi = -1;
  for (let x = 0; x < w; x++) {
    const a = Math.max(0, x - BOUNDARY_HALF_WINDOW);
    const b = Math.min(w - 1, x + BOUNDARY_HALF_WINDOW);
    while (hi < b) {
      hi += 1;
      counts[top[hi] as number] = (counts[top[hi] as number] as number) + 1;
    }
    while (lo < a) {
      counts[top[lo] as number] = (counts[top[lo] as number] as number) - 1;
      lo += 1;
    }
    const rank = Math.floor((b - a + 1) * 0.25);
    let seen = 0;
    let y = 0;
    for (; y <= h; y++) {
      seen += counts[y] as number;
      if (seen > rank) break;
    }
    boundary[x] = y;
  }
  // Connected blobs (4-neighbours) of non-grass pixels on the pitch side of the boundary.
  const label = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  let best = 0;
  let blobs = 0;
  for (let y0 = 0; y0 < h; y0++) {
    for (let x0 = 0; x0 < w; x0++) {
      const p0 = y0 * w + x0;
      if (grassMask[p0] || y0 < (boundary[x0] as number) || (label[p0] as number) >= 0) continue;
      const id = blobs++;
      let sp = 0;
      stack[sp++] = p0;
      label[p0] = id;
      let n = 0;
      let minX = x0;
      let maxX = x0;
      let minY = y0;
      let maxY = y0;
      while (sp > 0) {
        const q = stack[--sp] as number;
        const qx = q % w;
        const qy = (q - qx) / w;
        n += 1;
        if (qx < minX) minX = qx;
        if (qx > maxX) maxX = qx;
        if (qy > maxY) maxY = qy;
        if (qy < minY) minY = qy;
        // The four neighbours: left, right (same row, boundary of their column), up, down (same column).
        if (qx > 0 && !grassMask[q - 1] && qy >= (boundary[qx - 1] as number) && (label[q - 1] as number) < 0) {
          label[q - 1] = id;
          stack[sp++] = q - 1;
        }
        if (qx + 1 < w && !grassMask[q + 1] && qy >= (boundary[qx + 1] as number) && (label[q + 1] as number) < 0) {
          label[q + 1] = id;
          stack[sp++] = q + 1;
        }
        if (qy > 0 && !grassMask[q - w] && qy - 1 >= (boundary[qx] as number) && (label[q - w] as number) < 0) {
          label[q - w] = id;
          stack[sp++] = q - w;
        }
        if (qy + 1 < h && !grassMask[q + w] && (label[q + w] as number) < 0) {
          label[q + w] = id;
          stack[sp++] = q + w;
        }
      }
      const bh = maxY - minY + 1;
      const bw = maxX - minX + 1;
      if (minX === 0 || maxX === w - 1 || bw > bh * 1.2 || n < 0.15 * bh * bw) continue;
      // A standing person's silhouette covers about a sixth of its height squared.
      const size = Math.min(bh, Math.sqrt(6 * n));
      if (size > best) best = size;
    }
  }
  return best / h;
}

/** Tallest person (share of the frame height) a game camera shows; a close-up shows a bigger one. */
export const PERSON_MAX = 0.38;

/** A frame that looks like play seen from a game camera: mostly grass below, nobody close up. */
export function looksLikePlay(f: SceneFeatures): boolean {
  return f.grass >= 0.35 && f.grassLow >= 0.55 && f.person < PERSON_MAX;
}
