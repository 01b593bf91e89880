import type { PitchModel } from './pitch-model.js';

/** Indices into a model's points: the first `count` of `list`, in increasing order. */
export interface PointList {
  list: Int32Array;
  count: number;
}

/** Slack on the bearing bound, radians: far below a pixel, far above rounding. */
const SLACK = 1e-6;

/**
 * The model points a level camera (no roll, no lens bend) standing at one place can show, picked by
 * their bearing from it. The coarse grid scores a million poses a frame and most are zoomed in, with
 * a small share of the pitch's points in view: a point's bearing off the pan axis bounds where it lands
 * across the picture, so the others need no projection. Every point in the picture is in the window,
 * so a score over the window is the score over all points, term for term in the same order.
 */
export class BearingWindow {
  /** Points whose bearing lies in the window, increasing: the points a score runs over. */
  readonly inView: PointList;
  /**
   * The points to project: inView's, then (when selected with pairs) their neighbours on the marking
   * (model.pair) outside the window, which the length-weighted score reads. The same list as inView's.
   */
  readonly projected: PointList;
  private readonly bearing: Float64Array;
  private readonly mark: Int32Array;
  private stamp = 0;

  constructor(private readonly model: PitchModel, x: number, y: number) {
    const n = model.count;
    this.bearing = new Float64Array(n);
    // The pan convention of geometry/camera.ts: 0 looks along +y, positive turns towards +x.
    for (let i = 0; i < n; i++) this.bearing[i] = Math.atan2((model.x[i] as number) - x, (model.y[i] as number) - y);
    const list = new Int32Array(n);
    this.inView = { list, count: 0 };
    this.projected = { list, count: 0 };
    this.mark = new Int32Array(n);
  }

  /**
   * Selects the points for the camera `p` (camera-fit.ts's parameters, standing where this window was
   * made) and a picture of `width` x `height`. False when no bound holds (a rolled or bent camera, or
   * one whose lower picture edge looks past the vertical): project every point.
   */
  select(p: Float64Array, width: number, height: number, withPairs: boolean): boolean {
    const reach = bearingReach(p, width, height);
    if (!(reach < Math.PI)) return false;
    const pan = p[0] as number;
    const limit = reach + SLACK;
    const { bearing, mark } = this;
    const list = this.inView.list;
    const n = this.model.count;
    const stamp = ++this.stamp;
    let count = 0;
    for (let i = 0; i < n; i++) {
      let off = (bearing[i] as number) - pan;
      while (off > Math.PI) off -= TWO_PI;
      while (off < -Math.PI) off += TWO_PI;
      if (off <= limit && off >= -limit) {
        list[count++] = i;
        mark[i] = stamp;
      }
    }
    this.inView.count = count;
    if (withPairs) {
      const pair = this.model.pair;
      for (let k = 0, end = count; k < end; k++) {
        const j = pair[list[k] as number] as number;
        if (mark[j] !== stamp) {
          mark[j] = stamp;
          list[count++] = j;
        }
      }
    }
    this.projected.count = count;
    return true;
  }
}

const TWO_PI = 2 * Math.PI;

/**
 * The largest bearing off the pan axis of a ray through the picture of a level camera without lens
 * bend, radians (Infinity when there is no bound). A ray through the normalised picture point (xn, yn)
 * runs cos(tilt) - yn sin(tilt) forward and xn right on the ground plane, so its bearing off the pan
 * axis is atan2(xn, cos(tilt) - yn sin(tilt)), largest at the picture's side edges and lower edge.
 */
export function bearingReach(p: Float64Array, width: number, height: number): number {
  if ((p[2] as number) !== 0 || (p[7] as number) !== 0) return Infinity;
  const focal = Math.exp(p[3] as number);
  const xn = (width / 2 + Math.abs(p[8] as number)) / focal;
  const yn = (height / 2 + Math.abs(p[9] as number)) / focal;
  const tilt = p[1] as number;
  const forward = Math.cos(tilt) - yn * Math.abs(Math.sin(tilt));
  return forward > 0 ? Math.atan2(xn, forward) : Infinity;
}
