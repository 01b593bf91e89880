/**
 * A frozen picture: a screen recording whose stream stalled, or a still frame held on air, repeats one
 * image while only codec noise and a blinking overlay change. Live football never holds one picture for a
 * second, even from a still camera: players, the crowd and the sensor's noise move. Frames of a frozen
 * picture show nothing happening now, so they give no rows.
 */

/** Every `STEP`-th column of every `STEP`-th row: a stall is frame-wide, so a quarter of the pixels shows it. */
const STEP = 2;
/** A sampled pixel changed when its grey level moved by more than this (a stall's codec noise: a few levels). */
const CHANGED = 10;
/**
 * A frame is still when under this share of its sampled pixels changed since its anchor: a stalled
 * recording stays under 10 in 10,000 (a blinking dot, codec noise), the quietest second of live play from
 * a still camera (a whole-pitch high view, a 4K side view) reaches 128, of a noiseless render 19-32.
 */
export const STILL_SHARE = 0.0015;
/**
 * Still frames in a row that make a frozen picture (1 s at 25 frames/s). A lone still frame is common: a
 * 24 or 30 frames/s video brought to 25 repeats or drops one now and then.
 */
export const FROZEN_MIN = 25;

/** The grey levels of the sampled pixels of an RGB frame, kept to compare the next frame with. */
export function greySample(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const cols = Math.ceil(width / STEP);
  const rows = Math.ceil(height / STEP);
  const out = new Uint8Array(cols * rows);
  let k = 0;
  for (let y = 0; y < height; y += STEP) {
    let i = y * width * 3;
    for (let x = 0; x < width; x += STEP, i += 3 * STEP) {
      out[k++] = ((rgb[i] as number) + 2 * (rgb[i + 1] as number) + (rgb[i + 2] as number)) >> 2;
    }
  }
  return out;
}

/** Share of sampled pixels whose grey level changed by more than `CHANGED`; 1 for samples of different sizes. */
export function pixelChange(before: Uint8Array, now: Uint8Array): number {
  if (before.length !== now.length || !now.length) return 1;
  let changed = 0;
  for (let i = 0; i < now.length; i++) if (Math.abs((now[i] as number) - (before[i] as number)) > CHANGED) changed += 1;
  return changed / now.length;
}

/** How much a frame changed: since its anchor (the first frame of its still stretch) and since the last frame. */
export interface PictureChange {
  sinceAnchor: number;
  sinceLast: number;
}

/**
 * Each frame's change since the first frame of the still stretch it may belong to (its anchor), frame by
 * frame: a frozen picture stays within noise of its anchor, while play that moves less than a grey level
 * step a frame (a noiseless render's slow players, antialiased) drifts away from it within a few frames.
 * A frame that changed becomes the next anchor.
 */
export class StillnessWatch {
  private anchor: Uint8Array | null = null;
  private last: Uint8Array | null = null;

  /** The frame's change (undefined for the first frame). */
  push(grey: Uint8Array): PictureChange | undefined {
    const { anchor, last } = this;
    this.last = grey;
    if (!anchor || !last) {
      this.anchor = grey;
      return undefined;
    }
    const sinceAnchor = pixelChange(anchor, grey);
    if (sinceAnchor >= STILL_SHARE) this.anchor = grey;
    // In play every frame re-anchors, so the anchor is usually the last frame: one comparison serves both.
    return { sinceAnchor, sinceLast: last === anchor ? sinceAnchor : pixelChange(last, grey) };
  }
}

/**
 * One changed frame between two still stretches of at least `KEYFRAME_SIDES` frames does not end a freeze
 * when it changed in one step, not by drifting: a stalled recording's codec still sends a keyframe now and
 * then, redrawing the same picture with new noise (0.6-4.5% of the pixels at once), where slow play crosses
 * `STILL_SHARE` over several frames. Video at 5 frames/s or more brought to 25 repeats each picture at most
 * 4 times, so its changes are never bridged.
 */
const KEYFRAME_SIDES = 5;

function isKeyframe(c: PictureChange | undefined): boolean {
  return c !== undefined && c.sinceLast >= STILL_SHARE && c.sinceLast >= 0.5 * c.sinceAnchor;
}

/**
 * Frozen stretches, frames [from, to), from each frame's change (`StillnessWatch`; undefined where unknown:
 * the first frame, or a frame not compared). A stretch starts at its first still frame: the frame before
 * it was the last new picture.
 */
export function frozenRuns(change: readonly (PictureChange | undefined)[]): { from: number; to: number }[] {
  const still: { from: number; to: number }[] = [];
  let start = -1;
  for (let i = 0; i <= change.length; i++) {
    const c = change[i];
    if (i < change.length && c !== undefined && c.sinceAnchor < STILL_SHARE) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      still.push({ from: start, to: i });
      start = -1;
    }
  }
  const joined: { from: number; to: number }[] = [];
  still.forEach((r, k) => {
    const before = still[k - 1];
    const last = joined[joined.length - 1];
    const bridged = before && last && r.from === before.to + 1 && isKeyframe(change[before.to]);
    if (bridged && before.to - before.from >= KEYFRAME_SIDES && r.to - r.from >= KEYFRAME_SIDES) last.to = r.to;
    else joined.push({ ...r });
  });
  return joined.filter((r) => r.to - r.from >= FROZEN_MIN);
}
