
/** A frame reduced for calibration: luma, grass mask and the painted-line ridge pixels, same grid. */
export interface LineImage {
  width: number;
  height: number;
  /** Line ridge pixels: 1 where a painted line's centre runs. */
  line: Uint8Array;
  /** Sub-pixel offset of the ridge centre across the line, in pixels (x for vertical ridges, y for horizontal). */
  offset: Float32Array;
  /** 1 = the ridge runs mostly vertically (its offset is along x), 2 = horizontally (along y). */
  axis: Uint8Array;
  grass: Uint8Array;
  /**
   * Share of grass in the window around each pixel (0-255): high on the pitch even under players and
   * lines, low over stands, boards and graphics. Lines are only looked for where it is high, and a
   * camera that puts the pitch where it is low is wrong.
   */
  pitch: Uint8Array;
  /** Number of line pixels. */
  count: number;
  /** Pixels where lines were looked for (inside the grass region). */
  area: number;
}

/**
 * Downscales packed RGB by an integer factor with a box filter (area average). Calibration works at
 * half the analysis size: painted lines stay 1-3 px wide there and every later step is 4x cheaper.
 */
export function downscaleRgb(rgb: Uint8Array, width: number, height: number, factor: number): { rgb: Uint8Array; width: number; height: number } {
  if (factor === 1) return { rgb, width, height };
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = new Uint8Array(w * h * 3);
  const n = factor * factor;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * width + x * factor) * 3;
        for (let dx = 0; dx < factor; dx++, i += 3) {
          r += rgb[i] as number;
          g += rgb[i + 1] as number;
          b += rgb[i + 2] as number;
        }
      }
      const o = (y * w + x) * 3;
      out[o] = (r / n + 0.5) | 0;
      out[o + 1] = (g / n + 0.5) | 0;
      out[o + 2] = (b / n + 0.5) | 0;
    }
  }
  return { rgb: out, width: w, height: h };
}

export interface LinePixelOptions {
  /** Flank distance in pixels: wider than half a line, narrower than the grass gap between lines. */
  flank?: number;
  /** How much brighter than both flanks a ridge must be (luma, 0-255). */
  contrast?: number;
  /** Half-size of the grass-share window, pixels. */
  window?: number;
}

/** Mean of a 0/1 mask over a (2r+1)² window, scaled to 0-255, from a summed-area table. */
export function boxMean(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const W1 = width + 1;
  const sat = new Int32Array(W1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    const o = (y + 1) * W1 + 1;
    const up = y * W1 + 1;
    const m = y * width;
    for (let x = 0; x < width; x++) {
      row += mask[m + x] as number;
      sat[o + x] = (sat[up + x] as number) + row;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    const a = y1 * W1;
    const b = y0 * W1;
    for (let x = 0; x < width; x++) {
      const x0 = x > r ? x - r : 0;
      const x1 = x + r + 1 < width ? x + r + 1 : width;
      const s = (sat[a + x1] as number) - (sat[b + x1] as number) - (sat[a + x0] as number) + (sat[b + x0] as number);
      out[y * width + x] = ((255 * s) / ((x1 - x0) * (y1 - y0)) + 0.5) | 0;
    }
  }
  return out;
}

/**
 * Painted lines as ridges: a pixel brighter by `contrast` than the pixels `flank` away on both sides
 * (across x or across y), a local maximum there, not itself grass-coloured-dark, with grass on at least
 * one flank. Grass on a flank keeps stands, boards and most of the players out; what survives is handled
 * by the robust fit. Each ridge pixel keeps a sub-pixel centre from a parabola through its neighbours.
 */
export function linePixels(rgb: Uint8Array, width: number, height: number, options: LinePixelOptions = {}): LineImage {
  const d = options.flank ?? 3;
  const contrast = options.contrast ?? 15;
  const n = width * height;
  // Integer luma (BT.601 weights in 1/256ths) and the grass test inlined: this loop sees every pixel.
  const luma = new Int16Array(n);
  const grass = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const r = rgb[j] as number;
    const g = rgb[j + 1] as number;
    const b = rgb[j + 2] as number;
    luma[i] = (77 * r + 150 * g + 29 * b) >> 8;
    grass[i] = g > 40 && g > r * 1.05 && g > b * 1.12 && g - (r < b ? r : b) > 18 ? 1 : 0;
  }
  const pitch = boxMean(grass, width, height, options.window ?? 7);
  const line = new Uint8Array(n);
  const offset = new Float32Array(n);
  const axis = new Uint8Array(n);
  let count = 0;
  let area = 0;
  const dw = width * d;
  for (let y = d; y < height - d; y++) {
    for (let x = d; x < width - d; x++) {
      const i = y * width + x;
      if ((pitch[i] as number) < 128) continue;
      area++;
      const c = luma[i] as number;
      // Across x: a vertical-ish ridge. Cheapest test first: most pixels are plain grass.
      const l = luma[i - d] as number;
      const r = luma[i + d] as number;
      const hx = c - (l > r ? l : r);
      const okX = hx > contrast && c >= (luma[i - 1] as number) && c > (luma[i + 1] as number) && ((grass[i - d] as number) | (grass[i + d] as number)) === 1;
      const u = luma[i - dw] as number;
      const w = luma[i + dw] as number;
      const hy = c - (u > w ? u : w);
      const okY = hy > contrast && c >= (luma[i - width] as number) && c > (luma[i + width] as number) && ((grass[i - dw] as number) | (grass[i + dw] as number)) === 1;
      if (!okX && !okY) continue;
      line[i] = 1;
      count++;
      const useX = okX && (!okY || hx >= hy);
      const a = useX ? (luma[i - 1] as number) : (luma[i - width] as number);
      const b2 = useX ? (luma[i + 1] as number) : (luma[i + width] as number);
      const den = a - 2 * c + b2;
      offset[i] = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - b2)) / den)) : 0;
      axis[i] = useX ? 1 : 2;
    }
  }
  return { width, height, line, offset, axis, grass, pitch, count, area };
}
