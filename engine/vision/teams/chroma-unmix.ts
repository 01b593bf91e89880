/**
 * Video keeps colour at half the resolution of brightness (4:2:0 chroma subsampling), and a decoder or
 * scaler blurs it further, so on a player a few pixels wide the grass's green leaks into the kit's
 * colour while the brightness stays the kit's own: white shirts read greenish, navy reads black. If a
 * pixel's chroma is a blend of kit and grass in the proportion of foreground around it (alpha), the
 * kit's chroma is recovered by undoing the blend: C_kit = C_grass + (C_pixel - C_grass) / alpha,
 * applied in YCbCr (BT.601) with the pixel's own luma.
 */

/** Share of foreground in the (2r+1)^2 window around each pixel, from a summed-area table. */
export function foregroundShare(mask: Uint8Array, w: number, h: number, r = 2): Float32Array {
  const sat = new Uint32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask[y * w + x] as number;
      sat[(y + 1) * (w + 1) + x + 1] = (sat[y * (w + 1) + x + 1] as number) + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      const sum = (sat[yb * (w + 1) + xb] as number) - (sat[ya * (w + 1) + xb] as number) - (sat[yb * (w + 1) + xa] as number) + (sat[ya * (w + 1) + xa] as number);
      out[y * w + x] = sum / ((yb - ya) * (xb - xa));
    }
  }
  return out;
}

/** Below this share the blend is mostly grass and undoing it would amplify noise: left as measured. */
const MIN_ALPHA = 0.35;

/** The kit colour behind a pixel whose chroma is blended with the grass's by share `alpha`. */
export function unmixChroma(rgb: readonly number[], grass: readonly number[], alpha: number): [number, number, number] {
  const ycc = (c: readonly number[]) => {
    const y = 0.299 * (c[0] as number) + 0.587 * (c[1] as number) + 0.114 * (c[2] as number);
    return [y, ((c[2] as number) - y) * 0.564, ((c[0] as number) - y) * 0.713] as const;
  };
  const [y, cb, cr] = ycc(rgb);
  if (alpha >= 0.999 || alpha < MIN_ALPHA) return [rgb[0] as number, rgb[1] as number, rgb[2] as number];
  const [, gcb, gcr] = ycc(grass);
  const kcb = gcb + (cb - gcb) / alpha;
  const kcr = gcr + (cr - gcr) / alpha;
  const r = y + 1.402 * kcr;
  const b = y + 1.772 * kcb;
  const g = (y - 0.299 * r - 0.114 * b) / 0.587;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  return [clamp(r), clamp(g), clamp(b)];
}
