import { isGrass } from '../scenes/scene-features.js';

/**
 * Broadcast graphics drawn over the picture (score bug, channel logo): pixels that are not grass and
 * keep their colour while the camera moves (uniform grass also keeps its colour under a pan). Learned as the video plays: per pixel, a running share of frames (while the
 * camera pans) in which it changed; a pixel that has been watched for `holdFrames` such frames and
 * changed in under a tenth of the recent ones is overlay. A running share rather than a run of
 * identical frames, because a semi-transparent bug and compression make a few frames flicker.
 * Frames from a still camera teach nothing (everything there is still).
 */
export class OverlayMask {
  private readonly changed: Float32Array;
  /** Frames since the pixel last changed (saturating). */
  private readonly still: Uint8Array;
  private watched = 0;
  private prev: Uint8Array | null = null;
  private hasPrev = false;
  readonly mask: Uint8Array;

  constructor(readonly width: number, readonly height: number, private readonly holdFrames = 50, private readonly tolerance = 10) {
    this.changed = new Float32Array(width * height).fill(1);
    this.still = new Uint8Array(width * height);
    this.mask = new Uint8Array(width * height);
  }

  /**
   * Feeds the next frame; `moving` is whether the camera moved since the previous one. Only pixels of
   * `region` (where people can be) are judged: graphics elsewhere hide nobody, and stands textures
   * change too little under a pan to tell from a graphic.
   */
  update(rgb: Uint8Array, moving: boolean, region: Uint8Array, paint: Uint8Array | null = null): void {
    const prev = this.hasPrev ? this.prev : null;
    if (prev && moving) {
      const n = this.width * this.height;
      const rate = 1 / 25;
      this.watched++;
      const ready = this.watched >= this.holdFrames;
      for (let i = 0, j = 0; i < n; i++, j += 3) {
        const d = Math.abs((rgb[j] as number) - (prev[j] as number)) + Math.abs((rgb[j + 1] as number) - (prev[j + 1] as number)) + Math.abs((rgb[j + 2] as number) - (prev[j + 2] as number));
        const moved = d > this.tolerance;
        const c = (this.changed[i] as number) + ((moved ? 1 : 0) - (this.changed[i] as number)) * rate;
        this.changed[i] = c;
        const still = moved ? 0 : Math.min(255, (this.still[i] as number) + 1);
        this.still[i] = still;
        // Rarely changing, and not changed lately: a person arriving on a still patch unmasks it at once.
        // Painted lines where the camera draws them stay put in the picture whenever the camera does (a
        // static camera whose calibration jitters looks "moving"): they are paint, not an overlay.
        this.mask[i] = ready && c < 0.1 && still >= 12 && region[i] !== 0 && paint?.[i] !== 1 && !isGrass(rgb[j] as number, rgb[j + 1] as number, rgb[j + 2] as number) ? 1 : 0;
      }
    }
    this.hasPrev = true;
    // A copy: a caller may reuse its frame buffer.
    if (!this.prev || this.prev.length !== rgb.length) this.prev = new Uint8Array(rgb.length);
    this.prev.set(rgb);
  }

  /**
   * The overlay as filled rectangles: a score bug is a box, but only its steady parts show as still
   * pixels. Regions of still pixels of some size are replaced by their bounding boxes, grown by 2 px.
   */
  regions(minArea = 30): Uint8Array {
    const { width: w, height: h } = this;
    const out = new Uint8Array(w * h);
    const seen = new Uint8Array(w * h);
    const stack: number[] = [];
    for (let start = 0; start < w * h; start++) {
      if (this.mask[start] !== 1 || seen[start] === 1) continue;
      let x0 = w;
      let y0 = h;
      let x1 = -1;
      let y1 = -1;
      let area = 0;
      stack.push(start);
      seen[start] = 1;
      while (stack.length) {
        const k = stack.pop() as number;
        const x = k % w;
        const y = (k - x) / w;
        area++;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
        // 8-neighbours within two pixels: a bug's still parts are separated by its flickering text.
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            const q = yy * w + xx;
            if (this.mask[q] === 1 && seen[q] !== 1) {
              seen[q] = 1;
              stack.push(q);
            }
          }
        }
      }
      if (area < minArea || area < 0.15 * (x1 - x0 + 1) * (y1 - y0 + 1)) continue;
      for (let y = Math.max(0, y0 - 2); y <= Math.min(h - 1, y1 + 2); y++) out.fill(1, y * w + Math.max(0, x0 - 2), y * w + Math.min(w - 1, x1 + 2) + 1);
    }
    return out;
  }

  /** Forget everything (a new video or another camera). */
  reset(): void {
    this.changed.fill(1);
    this.still.fill(0);
    this.watched = 0;
    this.mask.fill(0);
    this.hasPrev = false;
  }
}
