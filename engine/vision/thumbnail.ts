/**
 * A small RGB thumbnail by area averaging: scene statistics need the layout of a frame, not its detail,
 * and a 96 x 54 thumbnail costs a fraction of a millisecond to scan.
 */
export interface Thumbnail {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export function thumbnail(rgb: Uint8Array, width: number, height: number, tw = 96, th = 54): Thumbnail {
  const out = new Uint8Array(tw * th * 3);
  const sums = new Float64Array(tw * th * 3);
  const counts = new Float64Array(tw * th);
  // Sample every other pixel of every other row: plenty for area means at broadcast sizes.
  const step = width >= 640 ? 2 : 1;
  for (let y = 0; y < height; y += step) {
    const ty = Math.min(th - 1, Math.floor((y * th) / height));
    const row = y * width * 3;
    for (let x = 0; x < width; x += step) {
      const tx = Math.min(tw - 1, Math.floor((x * tw) / width));
      const k = ty * tw + tx;
      const i = row + x * 3;
      sums[k * 3] = (sums[k * 3] as number) + (rgb[i] as number);
      sums[k * 3 + 1] = (sums[k * 3 + 1] as number) + (rgb[i + 1] as number);
      sums[k * 3 + 2] = (sums[k * 3 + 2] as number) + (rgb[i + 2] as number);
      counts[k] = (counts[k] as number) + 1;
    }
  }
  for (let k = 0; k < tw * th; k++) {
    const n = (counts[k] as number) || 1;
    out[k * 3] = Math.round((sums[k * 3] as number) / n);
    out[k * 3 + 1] = Math.round((sums[k * 3 + 1] as number) / n);
    out[k * 3 + 2] = Math.round((sums[k * 3 + 2] as number) / n);
  }
  return { width: tw, height: th, rgb: out };
}
