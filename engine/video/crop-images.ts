import { rgbJpeg } from '../io/encode-image.js';
import type { ExemplarCrop, ExemplarPicker, TrackCrops } from './exemplar-picker.js';

type TrackAt<T> = (trackId: number, tMs: number) => T;

/** The crops kept during the pass, chosen now that squads and ids are known, as JPEG (spec 2.5). */
export async function cropImages(
  picker: ExemplarPicker, trackCrops: TrackCrops, squadOf: TrackAt<0 | 1 | null>, playerOf: TrackAt<string | null>,
): Promise<{ exemplars: [Buffer[], Buffer[]]; playerCrops: Map<string, Buffer[]> }> {
  const jpegs = (crops: readonly ExemplarCrop[]) => Promise.all(crops.map((c) => rgbJpeg(c.rgb, c.width, c.height)));
  const [first, second] = picker.pick(squadOf);
  const exemplars: [Buffer[], Buffer[]] = [await jpegs(first), await jpegs(second)];
  const playerCrops = new Map<string, Buffer[]>();
  for (const [id, crops] of trackCrops.pick(playerOf)) playerCrops.set(id, await jpegs(crops));
  return { exemplars, playerCrops };
}
