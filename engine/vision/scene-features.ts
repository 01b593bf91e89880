import type { Thumbnail } from './thumbnail.js';

export interface SceneFeatures {
  /** Share of grass pixels in the whole frame. */
  grass: number;
  /** Share of grass pixels in the bottom half (a wide shot of play is nearly all grass there). */
  grassLow: number;
  /**
   * Share of bottom-half columns crossed by a tall non-grass run (>= 30% of the half's height): people
   * seen close up. In a wide shot players are a few percent of the frame tall.
   */
  tall: number;
  /** Colour histogram, 4 x 4 x 4 bins, summing to 1: what shot-cut detection compares. */
  hist: Float32Array;
}

/**
 * Grass by colour ratios rather than fixed hues: green must dominate red and blue by margins that hold
 * under floodlights, shadow and broadcast grading (the real clips and our renders agree on it).
 */
export function isGrass(r: number, g: number, b: number): boolean {
  return g > 40 && g > r * 1.05 && g > b * 1.12 && g - Math.min(r, b) > 18;
}

export function sceneFeatures(t: Thumbnail): SceneFeatures {
  const { width: w, height: h, rgb } = t;
  const hist = new Float32Array(64);
  let grass = 0;
  let grassLow = 0;
  const half = Math.floor(h / 2);
  const grassMask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      hist[(r >> 6) * 16 + (g >> 6) * 4 + (b >> 6)] = (hist[(r >> 6) * 16 + (g >> 6) * 4 + (b >> 6)] as number) + 1;
      if (isGrass(r, g, b)) {
        grassMask[y * w + x] = 1;
        grass += 1;
        if (y >= half) grassLow += 1;
      }
    }
  }
  for (let k = 0; k < 64; k++) hist[k] = (hist[k] as number) / (w * h);
  const need = Math.ceil((h - half) * 0.3);
  let tallColumns = 0;
  for (let x = 0; x < w; x++) {
    let run = 0;
    let best = 0;
    for (let y = half; y < h; y++) {
      run = grassMask[y * w + x] ? 0 : run + 1;
      if (run > best) best = run;
    }
    if (best >= need) tallColumns += 1;
  }
  return { grass: grass / (w * h), grassLow: grassLow / (w * (h - half)), tall: tallColumns / w, hist };
}

/** A frame that looks like play seen from a game camera: mostly grass below, nobody close up. */
export function looksLikePlay(f: SceneFeatures): boolean {
  return f.grass >= 0.35 && f.grassLow >= 0.6 && f.tall <= 0.12;
}
