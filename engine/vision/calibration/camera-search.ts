import { PITCH_LENGTH as L, PITCH_WIDTH as W } from '../../geometry/pitch-markings.js';
import type { DistanceMap } from './distance-transform.js';
import type { LineImage } from './line-pixels.js';
import { projectModel } from './camera-fit.js';
import { offsetModel, TANGENT_NUDGE, type PitchModel } from './pitch-model.js';
import { BearingWindow, type PointList } from './bearing-window.js';

/**
 * Camera positions tried when nothing is known yet, metres: where match cameras stand. The grid is
 * coarse on purpose: the fine fit frees the position and converges from 10 m or more away.
 */
export function candidatePositions(): [number, number, number][] {
  const out: [number, number, number][] = [];
  // Main and tactical cameras on the near side, at the halfway line. Heights 5-7 m apart where main
  // cameras stand: a view 16 degrees across of a penalty area 70 m away, from 5 m too high or too low,
  // looks down 4 degrees wrong with its lines foreshortened by a third, and no fit from there finds it.
  for (const y of [-12, -30, -55]) for (const z of [10, 15, 22, 40, 70]) out.push([L / 2, y, z]);
  // High cameras behind a goal.
  for (const x of [-25, -55, L + 25, L + 55]) for (const z of [25, 55]) out.push([x, W / 2, z]);
  // Cameras level with a penalty area's front line, on the near side (broadcasts' "18-yard" cameras):
  // 36 m from the halfway line, beyond the fine fit's reach from there.
  for (const x of [16.5, L - 16.5]) for (const [y, z] of [[-20, 15], [-40, 30]] as const) out.push([x, y, z]);
  return out;
}

export interface SearchOptions {
  positions: [number, number, number][];
  /** Horizontal fields of view tried, radians. */
  hfovs?: number[];
  /** Angular grid step, radians. */
  angleStep?: number;
  /** Blur of the coarse score, pixels: a model point this far from a line still counts a little. */
  blur?: number;
  /** Hypotheses kept per position, best first. */
  keep?: number;
  /** The model's point spacing, metres: when given, points are weighted by picture length (coarseScore). */
  modelStep?: number;
  /** Grid steps per field of view in pan and tilt. */
  stepsPerView?: number;
  /**
   * Hypotheses kept per position by the length-weighted score too (lengthScore), from the same
   * projections: a view zoomed in on a few lines has few model points in the picture, and the point
   * count ranks it under wide views that collect blurred hits; weighted by picture length it wins.
   */
  keepByLength?: number;
  /** Rolls tried, radians (a level camera: [0]). */
  rolls?: number[];
  /** Radial distortions tried (a rectilinear lens: [0]). */
  k1s?: number[];
  /** The principal point's offset from the picture centre every hypothesis gets (a rig's, once known), pixels. */
  centre?: readonly [number, number];
  /**
   * How far below the steepest line of sight to a pitch corner the optical axis may point, in fields
   * of view (negative: above it). A high camera sees the whole pitch in the lower part of the picture;
   * a low wide one shows the far touchline near the middle or above.
   */
  tiltMargin?: number;
}

export interface Hypothesis {
  params: Float64Array;
  score: number;
}

/** Scratch arrays of the coarse score, one set per model (projections of each point and of the point nudged along its line). */
export interface ScoreScratch {
  u: Float64Array;
  v: Float64Array;
  u2: Float64Array;
  v2: Float64Array;
}

export function scoreScratch(model: PitchModel): ScoreScratch {
  const n = model.count;
  return { u: new Float64Array(n), v: new Float64Array(n), u2: new Float64Array(n), v2: new Float64Array(n) };
}

/** A point's weight in the length-weighted score is capped: a line passing right under the lens is not worth the whole view. */
const MAX_WEIGHT_PX = 40;

/**
 * Scores a camera for the coarse search: blurred line hits minus open grass where a line should be.
 * With `step` (the model's spacing, metres), each point counts for the picture length of its stretch of
 * line instead of once: a very wide or far-back view squeezes the whole model onto a few lines and
 * collects hits point by point, which outscored the true camera of a low wide lens (on a rendered side
 * view 323 against 230); weighted by picture length the true camera wins (2854 against at most 1764).
 */
export function coarseScore(lines: LineImage, dt: DistanceMap, model: PitchModel, p: Float64Array, blur: number, scratch: ScoreScratch, step?: number): number {
  const { width: w, height: h } = lines;
  projectModel(p, w, h, model, scratch.u, scratch.v);
  if (step !== undefined) projectModel(p, w, h, offsetModel(model, TANGENT_NUDGE, 0), scratch.u2, scratch.v2);
  return projectedScore(lines, dt, model, blur, scratch, step);
}

/** The coarse score from projections already in `scratch` (of every point, or of those `only` lists: every point in the picture). */
function projectedScore(lines: LineImage, dt: DistanceMap, model: PitchModel, blur: number, scratch: ScoreScratch, step?: number, only?: PointList): number {
  const { width: w, height: h } = lines;
  const { u, v, u2, v2 } = scratch;
  let s = 0;
  let inside = 0;
  const n = only ? only.count : model.count;
  for (let k = 0; k < n; k++) {
    const i = only ? (only.list[k] as number) : k;
    const x = u[i] as number;
    const y = v[i] as number;
    if (!(x === x) || x < 0 || y < 0 || x > w - 1 || y > h - 1) continue;
    let weight = 1;
    if (step !== undefined) {
      weight = Math.min(MAX_WEIGHT_PX, (Math.hypot((u2[i] as number) - x, (v2[i] as number) - y) * step) / TANGENT_NUDGE);
      if (!(weight === weight)) continue;
    }
    inside++;
    s += weight * pointScore(lines, dt, Math.floor(y) * w + Math.floor(x), blur);
  }
  // A view must show a fair amount of the pitch's lines to be judged at all.
  return inside < 12 ? -Infinity : s;
}

/** One model point's part of a coarse score at pixel `k`: a blurred hit on a line, a penalty on open grass, else nothing. */
function pointScore(lines: LineImage, dt: DistanceMap, k: number, blur: number): number {
  const d2 = dt.dist2[k] as number;
  if (d2 < blur * blur) return 1 - Math.sqrt(d2) / blur;
  return lines.grass[k] === 1 || (lines.pitch[k] as number) < 64 ? -0.5 : 0;
}

/**
 * The coarse score with each point counted for the picture length of its stretch of line (the distance
 * to its neighbour on the marking, capped), from projections already in `scratch` (coarseScore's):
 * no second projection, so the grid can rank by both at once.
 */
export function lengthScore(lines: LineImage, dt: DistanceMap, model: PitchModel, blur: number, scratch: ScoreScratch, only?: PointList): number {
  const { width: w, height: h } = lines;
  const { u, v } = scratch;
  const pair = model.pair;
  let s = 0;
  let inside = 0;
  const n = only ? only.count : model.count;
  for (let k = 0; k < n; k++) {
    const i = only ? (only.list[k] as number) : k;
    const x = u[i] as number;
    const y = v[i] as number;
    if (!(x === x) || x < 0 || y < 0 || x > w - 1 || y > h - 1) continue;
    const j = pair[i] as number;
    const weight = Math.min(MAX_WEIGHT_PX, Math.hypot((u[j] as number) - x, (v[j] as number) - y));
    if (!(weight === weight)) continue;
    inside++;
    s += weight * pointScore(lines, dt, Math.floor(y) * w + Math.floor(x), blur);
  }
  return inside < 12 ? -Infinity : s;
}

/**
 * Exhaustive coarse search over camera poses (position x pan x tilt x field of view, no roll) scored
 * against a frame's line pixels; the best few go to the fine fit. Pan and tilt ranges per position cover
 * just the pitch, so the grid is spent where a match camera can look.
 */
export function searchCamera(lines: LineImage, dt: DistanceMap, model: PitchModel, o: SearchOptions): Hypothesis[] {
  const { width: w, height: h } = lines;
  const hfovs = o.hfovs ?? [0.14, 0.2, 0.28, 0.38, 0.5, 0.66, 0.85, 1.1, 1.4];
  const step = o.angleStep ?? 0.01;
  const blur = o.blur ?? 16;
  const keep = o.keep ?? 12;
  const perView = o.stepsPerView ?? 16;
  const rolls = o.rolls ?? [0];
  const k1s = o.k1s ?? [0];
  const tiltMargin = o.tiltMargin ?? 0.2;
  const keepByLength = o.keepByLength ?? 0;
  const scratch = scoreScratch(model);
  const nudged = offsetModel(model, TANGENT_NUDGE, 0);
  const all: Hypothesis[] = [];
  const p = new Float64Array(10);
  p[8] = o.centre?.[0] ?? 0;
  p[9] = o.centre?.[1] ?? 0;
  const corners: [number, number][] = [[0, 0], [L, 0], [L, W], [0, W], [L / 2, 0], [L / 2, W], [0, W / 2], [L, W / 2]];
  const offer = (list: Hypothesis[], size: number, score: number) => {
    if (list.length < size || score > (list[list.length - 1] as Hypothesis).score) {
      list.push({ params: Float64Array.from(p), score });
      list.sort((a, b) => b.score - a.score);
      if (list.length > size) list.pop();
    }
  };
  for (const [cx, cy, cz] of o.positions) {
    const best: Hypothesis[] = [];
    const byLength: Hypothesis[] = [];
    const window = new BearingWindow(model, cx, cy);
    const pans = corners.map(([x, y]) => Math.atan2(x - cx, y - cy));
    // Unwrap around the pitch centre's bearing so ranges do not split at +-pi.
    const mid = Math.atan2(L / 2 - cx, W / 2 - cy);
    const rel = pans.map((a) => Math.atan2(Math.sin(a - mid), Math.cos(a - mid)));
    const tilts = corners.map(([x, y]) => Math.atan2(cz, Math.hypot(x - cx, y - cy)));
    for (const hfov of hfovs) {
      const focal = w / 2 / Math.tan(hfov / 2);
      const vfov = 2 * Math.atan(h / 2 / focal);
      const panLo = mid + Math.min(...rel) + hfov * 0.3;
      const panHi = mid + Math.max(...rel) - hfov * 0.3;
      const tiltLo = Math.max(0.02, Math.min(...tilts) + vfov * tiltMargin);
      const tiltHi = Math.min(Math.PI / 2, Math.max(...tilts) + vfov * 0.5);
      const ps = Math.max(step, hfov / perView);
      const ts = Math.max(step * 0.7, vfov / perView);
      for (let pan = Math.min(panLo, panHi); pan <= Math.max(panLo, panHi) + 1e-9; pan += ps) {
        for (let tilt = tiltLo; tilt <= tiltHi + 1e-9; tilt += ts) {
          for (const roll of rolls) {
            for (const k1 of k1s) {
              p[0] = pan;
              p[1] = tilt;
              p[2] = roll;
              p[3] = Math.log(focal);
              p[4] = cx;
              p[5] = cy;
              p[6] = cz;
              p[7] = k1;
              if (window.select(p, w, h, keepByLength > 0)) {
                projectModel(p, w, h, model, scratch.u, scratch.v, window.projected);
                if (o.modelStep !== undefined) projectModel(p, w, h, nudged, scratch.u2, scratch.v2, window.inView);
                offer(best, keep, projectedScore(lines, dt, model, blur, scratch, o.modelStep, window.inView));
                if (keepByLength > 0) offer(byLength, keepByLength, lengthScore(lines, dt, model, blur, scratch, window.inView));
              } else {
                offer(best, keep, coarseScore(lines, dt, model, p, blur, scratch, o.modelStep));
                if (keepByLength > 0) offer(byLength, keepByLength, lengthScore(lines, dt, model, blur, scratch));
              }
            }
          }
        }
      }
    }
    all.push(...best);
    // Ranked among the rest by their point count, so they are fitted whatever the other score says.
    for (const h of byLength) if (!best.some((b) => b.params.every((v, i) => v === h.params[i]))) all.push({ params: h.params, score: coarseScore(lines, dt, model, h.params, blur, scratch, o.modelStep) });
  }
  return all.sort((a, b) => b.score - a.score);
}
