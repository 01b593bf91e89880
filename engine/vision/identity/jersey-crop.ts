import { resampleRegion } from '../network-runtime/resample-region.js';

/** Size of the jersey reader's input (engine/vision/identity/jersey-reader.ts). */
export const JERSEY_SIZE = 32;

/**
 * The shirt of a person box as the jersey reader sees it: from an eighth to a little over half of the
 * box's height (shoulders to waist, where the number is printed), as wide as 45% of the height around
 * the box's centre (a standing player's torso, whatever the arms and legs do to the box's width),
 * resampled to 32 x 32 packed RGB. Shared by the training data and the engine.
 */
export function jerseyRegion(box: readonly number[]): [number, number, number, number] {
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  const h = y1 - y0;
  const w = 0.45 * h;
  return [(x0 + x1) / 2 - w / 2, y0 + 0.12 * h, w, 0.42 * h];
}

export function cropJersey(rgb: Uint8Array, width: number, height: number, box: readonly number[]): Uint8Array {
  return resampleRegion(rgb, width, height, jerseyRegion(box), JERSEY_SIZE, JERSEY_SIZE);
}

/** Pixel height of a box's torso region: below about 40 px (numbers under ~8 px) nothing is legible. */
export const jerseyHeightPx = (box: readonly number[]) => 0.42 * ((box[3] as number) - (box[1] as number));
