/**
 * A region of a packed RGB picture resampled bilinearly to outW x outH (the crops the networks read).
 * The region is [x, y, width, height] in picture pixels and may reach outside it: those pixels are black.
 */
export function resampleRegion(rgb: Uint8Array, width: number, height: number, region: readonly [number, number, number, number], outW: number, outH: number): Uint8Array {
  const [ax, ay, aw, ah] = region;
  const sx = aw / outW;
  const sy = ah / outH;
  const out = new Uint8Array(outW * outH * 3);
  for (let j = 0; j < outH; j++) {
    const fy = ay + (j + 0.5) * sy - 0.5;
    const y = Math.floor(fy);
    const ty = fy - y;
    for (let i = 0; i < outW; i++) {
      const fx = ax + (i + 0.5) * sx - 0.5;
      const x = Math.floor(fx);
      const tx = fx - x;
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= width || yy >= height ? 0 : (rgb[(yy * width + xx) * 3 + c] as number));
        const v = (1 - ty) * ((1 - tx) * at(x, y) + tx * at(x + 1, y)) + ty * ((1 - tx) * at(x, y + 1) + tx * at(x + 1, y + 1));
        out[(j * outW + i) * 3 + c] = Math.round(v);
      }
    }
  }
  return out;
}
