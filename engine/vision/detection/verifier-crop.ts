import { resampleRegion } from '../network-runtime/resample-region.js';

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
  return resampleRegion(rgb, width, height, [x0 - 0.25 * bw, y0 - 0.1 * bh, 1.5 * bw, 1.2 * bh], CROP_W, CROP_H);
}
