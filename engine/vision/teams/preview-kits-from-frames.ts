import { connectedBlobs } from '../detection/foreground.js';
import { labToRgb, rgbToLab } from './kit-colour.js';
import { squadKits } from './squad-kits.js';
import { foregroundShare, unmixChroma } from './chroma-unmix.js';
import { assignTeams, type TrackKit } from './team-assignment.js';
import type { KitColours } from './preview-kits.js';

/** One decoded frame, RGB24. */
export interface PreviewFrame {
  rgb: Uint8Array;
  width: number;
  height: number;
  /**
   * Its colour has less resolution than its brightness: decoded from 4:2:0 video at more than half the
   * source's size. Kit colours are then unmixed from the grass (chroma-unmix.ts); a picture downscaled
   * by 2 or more, or never compressed, has full-resolution colour and is read as it is.
   */
  coarseChroma?: boolean;
}

/** Rows with at least this share of grass-green pixels are pitch (the stands above are not). */
const PITCH_ROW_GREEN = 0.35;
/** A frame with less grass than this is no game view (a close-up, graphics): skipped. */
const MIN_GRASS_SHARE = 0.2;
/** RGB distance from the grass colour beyond which a pixel is foreground. */
const FOREGROUND_DISTANCE = 60;

const isGreen = (r: number, g: number, b: number) => g > r + 8 && g > b + 8;

/** Person-shaped foreground blobs of one frame, as boxes [x0, y0, x1, y1), with the mask they came from. */
function peopleBoxes(f: PreviewFrame): { mask: Uint8Array; grass: [number, number, number]; boxes: [number, number, number, number][] } | null {
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
  // A small player is a few pixels wide and his number, skin and shorts break him into specks: the
  // blobs are found on the mask grown by one pixel, the colours read from the mask itself.
  const { blobs } = connectedBlobs(dilate(mask, w, h), w, h, 12);
  const boxes: [number, number, number, number][] = [];
  for (const grown of blobs) {
    const b = { x0: Math.min(grown.x0 + 1, grown.x1), y0: Math.min(grown.y0 + 1, grown.y1), x1: Math.max(grown.x1 - 1, grown.x0), y1: Math.max(grown.y1 - 1, grown.y0), area: grown.area };
    const bw = b.x1 - b.x0 + 1;
    const bh = b.y1 - b.y0 + 1;
    // Standing people: taller than wide, not a painted line (thin) and not a cluster or a board (wide).
    if (bh < 0.025 * h || bh > 0.3 * h || bh < 1.1 * bw || bh > 5 * bw || b.area < 0.3 * bw * bh) continue;
    boxes.push([b.x0, b.y0, b.x1 + 1, b.y1 + 1]);
  }
  return { mask, grass: [gr, gg, gb], boxes };
}

/** The mask grown by one pixel in each direction (3 x 3 dilation). */
function dilate(mask: Uint8Array, w: number, h: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (mask[i] || (x > 0 && mask[i - 1]) || (x < w - 1 && mask[i + 1])) rows[i] = 1;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (rows[i] || (y > 0 && rows[i - w]) || (y < h - 1 && rows[i + w])) out[i] = 1;
    }
  }
  return out;
}

/**
 * The dominant colour of a box's foreground in a band of its height (fractions from the top): the mean
 * of the most populated cell of a coarse colour grid (32 levels a channel), so a kit's own colour wins
 * over the skin, numbers and shorts that a mean or median would blend into it. Only the half of the
 * pixels farthest from the grass colour vote: on a player a few pixels wide most pixels are blends
 * of kit and grass, and a blend lies between them, nearer the grass than the kit itself.
 */
function bandColour(f: PreviewFrame, mask: Uint8Array, share: Float32Array | null, box: readonly number[], top: number, bottom: number, grass: readonly number[]): [number, number, number] | null {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const picked: [number, number, number][] = [];
  const far: number[] = [];
  for (let y = Math.floor(y0 + top * (y1 - y0)); y < Math.ceil(y0 + bottom * (y1 - y0)); y++) {
    for (let x = x0; x < x1; x++) {
      const p = y * f.width + x;
      if (!mask[p]) continue;
      const rgb: [number, number, number] = [f.rgb[p * 3] as number, f.rgb[p * 3 + 1] as number, f.rgb[p * 3 + 2] as number];
      const c = share ? unmixChroma(rgb, grass, share[p] as number) : rgb;
      picked.push(c);
      far.push(Math.hypot(c[0] - (grass[0] as number), c[1] - (grass[1] as number), c[2] - (grass[2] as number)));
    }
  }
  if (picked.length < 4) return null;
  const cut = [...far].sort((a, b) => a - b)[Math.floor(far.length / 2)] as number;
  const cells = new Map<number, [number, number, number, number]>();
  picked.forEach(([r, g, b], k) => {
    if ((far[k] as number) < cut) return;
    const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    const cell = cells.get(key) ?? [0, 0, 0, 0];
    cell[0] += r;
    cell[1] += g;
    cell[2] += b;
    cell[3] += 1;
    cells.set(key, cell);
  });
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
  return previewTeamsFromFrames(frames)?.kits ?? null;
}

/** A player seen wearing a squad's kit: the frame and box (pixels) to crop him from. */
export interface KitExemplar {
  frame: number;
  box: [number, number, number, number];
}

/** The most exemplars kept per squad, and the least height (pixels) a crop needs to show anything. */
const EXEMPLARS = 3;
const EXEMPLAR_MIN_HEIGHT = 16;
/** The lower legs, as a share of a standing player's box from the top (below the knee, above the boots). */
const SOCKS_BAND: [number, number] = [0.8, 0.93];
const MIN_SOCKS_SAMPLES = 4;

/**
 * The kits (team 0 first) and, for each squad, its clearest outfield players (the tallest boxes, from
 * different frames where possible): the preview's crops show them, so a person can check the swatch.
 */
export function previewTeamsFromFrames(frames: readonly PreviewFrame[]): { kits: [KitColours, KitColours]; exemplars: [KitExemplar[], KitExemplar[]] } | null {
  const tracks: TrackKit[] = [];
  const seen: KitExemplar[] = [];
  const socks: ([number, number, number] | null)[] = [];
  frames.forEach((f, fi) => {
    const found = peopleBoxes(f);
    if (!found) return;
    const share = f.coarseChroma ? foregroundShare(found.mask, f.width, f.height, 1) : null;
    for (const box of found.boxes) {
      const shirtRgb = bandColour(f, found.mask, share, box, 0.15, 0.45, found.grass);
      if (!shirtRgb) continue;
      const shortsRgb = bandColour(f, found.mask, share, box, 0.5, 0.7, found.grass);
      const shirt = rgbToLab(...shirtRgb);
      const sh = shortsRgb ? rgbToLab(...shortsRgb) : shirt;
      tracks.push({
        id: tracks.length, feature: [...shirt, ...sh, 0, 0] as TrackKit['feature'], samples: 1,
        firstMs: fi * 1000, lastMs: fi * 1000, meanX: 52.5, meanY: 34, inBoxShare: 0,
      });
      seen.push({ frame: fi, box });
      const socksRgb = bandColour(f, found.mask, share, box, SOCKS_BAND[0], SOCKS_BAND[1], found.grass);
      socks.push(socksRgb ? rgbToLab(...socksRgb) : null);
    }
  });
  const model = assignTeams(tracks, { minSamples: 1 });
  if (!model) return null;
  const exemplars = ([0, 1] as const).map((team) => {
    const own = seen.filter((e, id) => {
      const l = model.labels.get(id);
      return l?.team === team && l.role === 'player' && e.box[3] - e.box[1] >= EXEMPLAR_MIN_HEIGHT;
    }).sort((a, b) => (b.box[3] - b.box[1]) - (a.box[3] - a.box[1]));
    const picked: KitExemplar[] = [];
    for (const e of own) if (picked.length < EXEMPLARS && !picked.some((p) => p.frame === e.frame)) picked.push(e);
    for (const e of own) if (picked.length < EXEMPLARS && !picked.includes(e)) picked.push(e);
    return picked;
  }) as [KitExemplar[], KitExemplar[]];
  const kits = squadKits(model, tracks);
  for (const team of [0, 1] as const) {
    const sum = [0, 0, 0];
    let n = 0;
    socks.forEach((lab, id) => {
      const l = model.labels.get(id);
      if (!lab || l?.team !== team || l.role !== 'player') return;
      lab.forEach((v, i) => { sum[i]! += v; });
      n++;
    });
    // Socks are a few pixels of a small player: named only when enough players showed them.
    if (n >= MIN_SOCKS_SAMPLES) kits[team].socks = labToRgb((sum[0] as number) / n, (sum[1] as number) / n, (sum[2] as number) / n);
  }
  return { kits, exemplars };
}
