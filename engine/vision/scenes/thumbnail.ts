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
  const sums = new Uint32Array(tw * th * 3);
  const counts = new Uint32Array(tw * th);
  // Sample every other pixel of every other row (every third above 720 columns): plenty for area means.
  const step = width > 720 ? 3 : width >= 640 ? 2 : 1;
  // The sampled columns of each thumbnail column: [first, end) in picture columns.
  const first = new Int32Array(tw);
  const end = new Int32Array(tw);
  for (let tx = 0; tx < tw; tx++) {
    const a = Math.ceil((tx * width) / tw);
    first[tx] = Math.ceil(a / step) * step;
    end[tx] = tx === tw - 1 ? width : Math.ceil(((tx + 1) * width) / tw);
  }
  for (let y = 0; y < height; y += step) {
    const rowK = Math.min(th - 1, Math.floor((y * th) / height)) * tw;
    const row = y * width * 3;
    for (let tx = 0; tx < tw; tx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      const stop = end[tx] as number;
      for (let x = first[tx] as number; x < stop; x += step) {
        const i = row + x * 3;
        r += rgb[i] as number;
        g += rgb[i + 1] as number;
        b += rgb[i + 2] as number;
        n += 1;
      }
      const k = rowK + tx;
      sums[k * 3] = (sums[k * 3] as number) + r;
      sums[k * 3 + 1] = (sums[k * 3 + 1] as number) + g;
      sums[k * 3 + 2] = (sums[k * 3 + 2] as number) + b;
      counts[k] = (counts[k] as number) + n;
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
