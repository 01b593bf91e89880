import { connectedBlobs } from '../detection/foreground.js';
import { labToRgb, rgbToLab } from './kit-colour.js';
import { assignTeams, type TrackKit } from './team-assignment.js';
import type { KitColours } from './preview-kits.js';

/** One decoded frame, RGB24. */
export interface PreviewFrame {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Rows with at least this share of grass-green pixels are pitch (the stands above are not). */
const PITCH_ROW_GREEN = 0.35;
/** A frame with less grass than this is no game view (a close-up, graphics): skipped. */
const MIN_GRASS_SHARE = 0.2;
/** RGB distance from the grass colour beyond which a pixel is foreground. */
const FOREGROUND_DISTANCE = 60;

const isGreen = (r: number, g: number, b: number) => g > r + 8 && g > b + 8;

/** Person-shaped foreground blobs of one frame, as boxes [x0, y0, x1, y1), with the mask they came from. */
function peopleBoxes(f: PreviewFrame): { mask: Uint8Array; boxes: [number, number, number, number][] } | null {
  const { rgb, width: w, height: h } = f;
  let gr = 0;
  let gg = 0;
  let gb = 0;
  let green = 0;
  const rowGreen = new Float32Array(h);
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      if (!isGreen(r, g, b)) continue;
      row++;
      gr += r;
      gg += g;
      gb += b;
    }
    rowGreen[y] = row / w;
    green += row;
  }
  if (green < MIN_GRASS_SHARE * w * h) return null;
  gr /= green;
  gg /= green;
  gb /= green;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    if ((rowGreen[y] as number) < PITCH_ROW_GREEN) continue;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      const d = Math.hypot(r - gr, g - gg, b - gb);
      // Shadows and mown stripes are grass too: green pixels count only when far from the grass colour.
      if (d > (isGreen(r, g, b) ? 2 * FOREGROUND_DISTANCE : FOREGROUND_DISTANCE)) mask[y * w + x] = 1;
    }
  }
  const { blobs } = connectedBlobs(mask, w, h, 12);
  const boxes: [number, number, number, number][] = [];
  for (const b of blobs) {
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    // Standing people: taller than wide, not a painted line (thin) and not a cluster or a board (wide).
    if (bh < 0.025 * h || bh > 0.3 * h || bh < 1.1 * bw || bh > 5 * bw || b.area < 0.3 * bw * bh) continue;
    boxes.push([b.x0, b.y0, b.x1 + 1, b.y1 + 1]);
  }
  return { mask, boxes };
}

/**
 * The dominant colour of a box's foreground in a band of its height (fractions from the top): the mean
 * of the most populated cell of a coarse colour grid (32 levels a channel), so a kit's own colour wins
 * over the skin, numbers and shorts that a mean or median would blend into it.
 */
function bandColour(f: PreviewFrame, mask: Uint8Array, box: readonly number[], top: number, bottom: number): [number, number, number] | null {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const cells = new Map<number, [number, number, number, number]>();
  let n = 0;
  for (let y = Math.floor(y0 + top * (y1 - y0)); y < Math.ceil(y0 + bottom * (y1 - y0)); y++) {
    for (let x = x0; x < x1; x++) {
      if (!mask[y * f.width + x]) continue;
      const i = (y * f.width + x) * 3;
      const r = f.rgb[i] as number;
      const g = f.rgb[i + 1] as number;
      const b = f.rgb[i + 2] as number;
      const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      const cell = cells.get(key) ?? [0, 0, 0, 0];
      cell[0] += r;
      cell[1] += g;
      cell[2] += b;
      cell[3] += 1;
      cells.set(key, cell);
      n++;
    }
  }
  if (n < 4) return null;
  let best: [number, number, number, number] | null = null;
  for (const cell of cells.values()) if (!best || cell[3] > best[3]) best = cell;
  const [r, g, b, k] = best as [number, number, number, number];
  return [r / k, g / k, b / k];
}

/**
 * The two outfield kits from a few frames spread over a video (the preview pass, spec 2.3), without a
 * camera model: the grass colour of each frame, the pitch rows (mostly grass), person-shaped blobs off
 * the grass, the dominant colours of each one's shirt and shorts bands, then the squads' clustering of
 * team-assignment.ts with every person of a frame as one short track, so goalkeepers' and officials'
 * kits (worn by few people at once) fall out as odd kits. Null when the frames show too few people.
 */
export function previewKitsFromFrames(frames: readonly PreviewFrame[]): [KitColours, KitColours] | null {
  const tracks: TrackKit[] = [];
  const shorts = new Map<number, [number, number, number] | null>();
  frames.forEach((f, fi) => {
    const found = peopleBoxes(f);
    if (!found) return;
    for (const box of found.boxes) {
      const shirtRgb = bandColour(f, found.mask, box, 0.15, 0.45);
      if (!shirtRgb) continue;
      const shortsRgb = bandColour(f, found.mask, box, 0.5, 0.7);
      const shirt = rgbToLab(...shirtRgb);
      const sh = shortsRgb ? rgbToLab(...shortsRgb) : null;
      const id = tracks.length;
      shorts.set(id, sh);
      tracks.push({
        id, feature: [...shirt, ...(sh ?? shirt), 0, 0] as TrackKit['feature'], samples: 1,
        firstMs: fi * 1000, lastMs: fi * 1000, meanX: 52.5, meanY: 34, inBoxShare: 0,
      });
    }
  });
  const model = assignTeams(tracks, { minSamples: 1 });
  if (!model) return null;
  const kits = ([0, 1] as const).map((team): KitColours => {
    let n = 0;
    const sum = [0, 0, 0];
    for (const t of tracks) {
      const l = model.labels.get(t.id);
      const s = shorts.get(t.id);
      if (l?.team !== team || l.role !== 'player' || !s) continue;
      s.forEach((v, i) => { sum[i]! += v; });
      n++;
    }
    const shirt = model.kits[team];
    return {
      shirt: labToRgb(...shirt), secondary: null,
      shorts: n ? labToRgb((sum[0] as number) / n, (sum[1] as number) / n, (sum[2] as number) / n) : null,
      socks: null, pattern: 'unknown',
    };
  });
  return [kits[0] as KitColours, kits[1] as KitColours];
}
