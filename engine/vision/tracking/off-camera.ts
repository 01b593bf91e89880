/** Where one identified player was seen: a frame index and pitch metres, in frame order. */
export interface Sighting {
  frame: number;
  x: number;
  y: number;
}

export interface OffCameraRow {
  frame: number;
  x: number;
  y: number;
  /** 0-1: decays with the time to the nearest sighting. */
  positionConf: number;
  /** True where no frame of the video was calibrated (a replay, a close-up, graphics): no camera coverage at all. */
  nocam: boolean;
}

export interface OffCameraOptions {
  frames: number;
  /** Projected rows every this many frames (5: 5 Hz at 25 FPS, spec 2.7). */
  every?: number;
  frameMs?: number;
  /** Whether the camera covered the pitch at a frame (calibrated, analysable). */
  covered: (frame: number) => boolean;
  /** A sighting this close (frames) means the player is on camera: a one-frame miss is no projection. */
  nearFrames?: number;
  /** Seconds over which the position confidence falls to 1/e. */
  confSeconds?: number;
}

/**
 * Projected rows of one player while he is off camera (spec 2.7 `projected`, `projected_nocam`): every
 * `every` frames with no sighting near, his position between the last sighting before and the first
 * after, moving at a constant velocity from one to the other (a player off camera is rarely far from the
 * straight line for a few seconds); held at the nearest sighting before the first and after the last.
 * Pure: sightings in, rows out.
 */
export function projectOffCamera(sightings: readonly Sighting[], o: OffCameraOptions): OffCameraRow[] {
  const every = o.every ?? 5;
  const near = o.nearFrames ?? 2;
  const frameS = (o.frameMs ?? 40) / 1000;
  const confS = o.confSeconds ?? 10;
  const out: OffCameraRow[] = [];
  if (sightings.length === 0) return out;
  let k = 0; // the first sighting at or after the frame
  for (let f = 0; f < o.frames; f += every) {
    while (k < sightings.length && (sightings[k] as Sighting).frame < f) k++;
    const after = sightings[k];
    const before = k > 0 ? sightings[k - 1] : undefined;
    if ((after && after.frame - f <= near) || (before && f - before.frame <= near)) continue;
    let x: number;
    let y: number;
    if (before && after) {
      const t = (f - before.frame) / (after.frame - before.frame);
      x = before.x + t * (after.x - before.x);
      y = before.y + t * (after.y - before.y);
    } else {
      const s = (before ?? after) as Sighting;
      x = s.x;
      y = s.y;
    }
    const gap = Math.min(before ? f - before.frame : Infinity, after ? after.frame - f : Infinity) * frameS;
    out.push({ frame: f, x, y, positionConf: Math.max(0.05, Math.exp(-gap / confS)), nocam: !o.covered(f) });
  }
  return out;
}
