/** Size of the person verifier's input crop (engine/vision/detection/person-verifier.ts). */
export const CROP_W = 24;
export const CROP_H = 48;

/**
 * A candidate's crop as the verifier sees it: the box widened by a quarter on each side and heightened
 * by a tenth (context: grass around a player, the boards behind a piece of board), resampled bilinearly
 * to CROP_W x CROP_H, packed RGB. Pixels outside the picture are black.
 */
export function cropForVerifier(rgb: Uint8Array, width: number, height: number, box: readonly number[]): Uint8Array {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const bw = x1 - x0;
  const bh = y1 - y0;
  const ax = x0 - 0.25 * bw;
  const ay = y0 - 0.1 * bh;
  const sx = (1.5 * bw) / CROP_W;
  const sy = (1.2 * bh) / CROP_H;
  const out = new Uint8Array(CROP_W * CROP_H * 3);
  for (let j = 0; j < CROP_H; j++) {
    const fy = ay + (j + 0.5) * sy - 0.5;
    const y = Math.floor(fy);
    const ty = fy - y;
    for (let i = 0; i < CROP_W; i++) {
      const fx = ax + (i + 0.5) * sx - 0.5;
      const x = Math.floor(fx);
      const tx = fx - x;
      for (let c = 0; c < 3; c++) {
        const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= width || yy >= height ? 0 : (rgb[(yy * width + xx) * 3 + c] as number));
        const v = (1 - ty) * ((1 - tx) * at(x, y) + tx * at(x + 1, y)) + ty * ((1 - tx) * at(x, y + 1) + tx * at(x + 1, y + 1));
        out[(j * CROP_W + i) * 3 + c] = Math.round(v);
      }
    }
  }
  return out;
}
