/**
 * Kit colour of one detected person: the mean CIE Lab colour of the foreground pixels in the shirt band
 * (rows 18-50% of the box, the middle 70% of its width) and in the shorts band (50-68%). Lab, because
 * distances there follow perceived colour difference, which is what tells two kits apart; the mean of
 * foreground pixels only, because grass between arms and torso would pull every kit towards green.
 */
export interface KitSample {
  shirt: [number, number, number];
  /**
   * Shares of the shirt band's kit pixels that are dark (luma < 60) and bright (luma > 180): a mean
   * cannot tell black-and-white stripes from a plain grey, or a black referee from a striped shirt with
   * black shorts; these can.
   */
  dark: number;
  bright: number;
  shorts: [number, number, number] | null;
  /** Foreground pixels behind the shirt mean. */
  pixels: number;
}

/**
 * A kit sample as the squads' feature vector: shirt Lab, shorts Lab (the shirt's when the shorts did not
 * show), and the shirt's dark and bright shares x 120 (so a share weighs about as much as a colour).
 */
export function kitVector(k: KitSample): [number, number, number, number, number, number, number, number] {
  const shorts = k.shorts ?? k.shirt;
  return [k.shirt[0], k.shirt[1], k.shirt[2], shorts[0], shorts[1], shorts[2], k.dark * 120, k.bright * 120];
}

/** sRGB (0-255) to CIE Lab (D65). */
export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const R = lin(r);
  const G = lin(g);
  const B = lin(b);
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE Lab (D65) back to sRGB (0-255, clamped): for naming and drawing a colour measured in Lab. */
export function labToRgb(l: number, a: number, b: number): [number, number, number] {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const inv = (t: number) => (t ** 3 > 0.008856 ? t ** 3 : (t - 16 / 116) / 7.787);
  const x = inv(fx) * 0.95047;
  const y = inv(fy);
  const z = inv(fz) * 1.08883;
  const R = 3.2406 * x - 1.5372 * y - 0.4986 * z;
  const G = -0.9689 * x + 1.8758 * y + 0.0415 * z;
  const B = 0.0557 * x - 0.204 * y + 1.057 * z;
  const gamma = (c: number) => 255 * Math.max(0, Math.min(1, c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  return [gamma(R), gamma(G), gamma(B)];
}

function bandMean(rgb: Uint8Array, mask: Uint8Array, w: number, box: readonly number[], top: number, bottom: number): { lab: [number, number, number]; n: number; dark: number; bright: number } | null {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const bh = y1 - y0;
  const bw = x1 - x0;
  const ya = Math.max(0, Math.floor(y0 + top * bh));
  const yb = Math.ceil(y0 + bottom * bh);
  const xa = Math.max(0, Math.floor(x0 + 0.15 * bw));
  const xb = Math.min(w, Math.ceil(x1 - 0.15 * bw));
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  let dark = 0;
  let bright = 0;
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const i = y * w + x;
      if (mask[i] !== 1) continue;
      const pr = rgb[i * 3] as number;
      const pg = rgb[i * 3 + 1] as number;
      const pb = rgb[i * 3 + 2] as number;
      r += pr;
      g += pg;
      b += pb;
      const luma = 0.299 * pr + 0.587 * pg + 0.114 * pb;
      if (luma < 60) dark++;
      else if (luma > 180) bright++;
      n++;
    }
  }
  if (n === 0) return null;
  return { lab: rgbToLab(r / n, g / n, b / n), n, dark: dark / n, bright: bright / n };
}

/**
 * The kit sample of a person's box (working-grid pixels), or null when too little of the shirt shows or
 * the box runs off the picture's side: half a shirt at the edge reads as another kit (its stripes, its
 * dark and bright shares), and a whole track of such samples once passed for an odd kit, a goalkeeper.
 */
export function kitSample(rgb: Uint8Array, mask: Uint8Array, width: number, box: readonly number[]): KitSample | null {
  if ((box[0] as number) < -1 || (box[2] as number) > width + 1) return null;
  const shirt = bandMean(rgb, mask, width, box, 0.18, 0.5);
  if (!shirt || shirt.n < 3) return null;
  const shorts = bandMean(rgb, mask, width, box, 0.5, 0.68);
  return { shirt: shirt.lab, dark: shirt.dark, bright: shirt.bright, shorts: shorts && shorts.n >= 2 ? shorts.lab : null, pixels: shirt.n };
}
