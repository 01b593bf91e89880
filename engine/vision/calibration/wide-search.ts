import { PITCH_LENGTH as L } from '../../geometry/pitch-markings.js';
import { fitCamera, fitScore, type FitResult, type Sigmas } from './camera-fit.js';
import { coarseScore, scoreScratch, searchCamera, type Hypothesis } from './camera-search.js';
import { distanceTransform, type DistanceMap } from './distance-transform.js';
import type { LineImage } from './line-pixels.js';
import { pitchModel, type PitchModel } from './pitch-model.js';

/**
 * Where a club's static camera stands: on a mast or the top of a small stand beside the touchline,
 * near the halfway line, a few metres up and a few to twenty-odd back. The grid is coarse: the climb and
 * the fit below free the position and converge from 6 m or more away.
 */
export function sidePositions(): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (const y of [-8, -15, -25]) for (const z of [6, 10, 16]) out.push([L / 2, y, z]);
  return out;
}

const MODEL_STEP = 2;
const coarse: PitchModel = pitchModel(MODEL_STEP);
const fine: PitchModel = pitchModel(0.5);
/** Wide lenses: fields of view from 34 to 90 degrees, 12-13% apart. */
const HFOVS = [0.6, 0.68, 0.77, 0.87, 0.98, 1.1, 1.24, 1.4, 1.58];
/** Hypotheses the climb refines, and climbed ones the fine fit tries. */
const CLIMB = 100;
const FIT = 10;
/** The fine fit's gates, five Gauss-Newton steps at each: a start several metres off needs them (one each converged from 8 of 75 starts, five from 27). */
const GATES = [40, 30, 20, 12, 8, 5, 3].flatMap((g) => [g, g, g, g, g]).concat([2.5, 2.5, 2.5]);
const FREE: Sigmas = { pan: Infinity, tilt: Infinity, roll: Infinity, logFocal: Infinity, x: 15, y: 15, z: 15, k1: Infinity };

/**
 * The search for a static wide camera low beside the pitch (the camera clubs film with), which the
 * broadcast search misses: its lens bends the lines (k1 about -0.2 to -0.3), it is rarely level (a few
 * degrees of roll), and it shows the far touchline near the middle of the picture. Three steps, each on
 * the length-weighted coarse score (coarseScore with a step): a grid over position, pan, tilt, field of
 * view, roll and distortion; a climb of the best hundred (one parameter at a time, steps halving, the
 * blur narrowing from 10 to 6 px, where the true camera stands out most); the point-to-line fit of the
 * best ten with every parameter free. Seconds per frame (about 5 s on a 640x360 grid on one core): for
 * rig discovery when the broadcast search found nothing, never per frame. Returns the best fit, or null;
 * the caller judges it as any other.
 */
export function searchWideCamera(lines: LineImage): FitResult | null {
  const dt = distanceTransform(lines.line, lines.width, lines.height);
  const hyps = searchCamera(lines, dt, coarse, {
    positions: sidePositions(),
    hfovs: HFOVS,
    keep: 20,
    rolls: [-0.06, 0, 0.06],
    k1s: [0, -0.2],
    tiltMargin: -0.3,
    modelStep: MODEL_STEP,
  });
  const climbed = hyps
    .slice(0, CLIMB)
    .filter((h) => Number.isFinite(h.score))
    .map((h) => climb(lines, dt, h))
    .sort((a, b) => b.score - a.score);
  let best: FitResult | null = null;
  let bestScore = -Infinity;
  for (const h of climbed.slice(0, FIT)) {
    const fit = fitCamera(lines, fine, h.params, { prior: h.params, sigma: FREE, gates: GATES });
    const score = fitScore(fit);
    if (score > bestScore && fit.spread >= 4) {
      bestScore = score;
      best = fit;
    }
  }
  return best;
}

/** First steps of the climb per parameter: pan, tilt, roll, log focal, x, y, z, k1. */
const CLIMB_STEPS = [0.02, 0.015, 0.025, 0.05, 2, 2, 1.5, 0.06];
const CLIMB_BLURS = [10, 6];
/** The climb stops refining once the pan step is below this (radians), or after this many rounds per blur. */
const CLIMB_FINEST = 0.003;
const CLIMB_ROUNDS = 40;

/**
 * Pattern search (one parameter at a time, up or down; every step halved when no move helps) on the
 * coarse score, blur narrowing. Coordinate moves are crude next to the fit, but they need no line
 * correspondences, which from a start 10 degrees off are mostly wrong.
 */
export function climb(lines: LineImage, dt: DistanceMap, start: Hypothesis): Hypothesis {
  const p = Float64Array.from(start.params);
  const scratch = scoreScratch(coarse);
  const steps = [...CLIMB_STEPS];
  let score = start.score;
  for (const blur of CLIMB_BLURS) {
    score = coarseScore(lines, dt, coarse, p, blur, scratch, MODEL_STEP);
    for (let round = 0; round < CLIMB_ROUNDS && (steps[0] as number) >= CLIMB_FINEST; round++) {
      let moved = false;
      for (let j = 0; j < 8; j++) {
        for (const sign of [1, -1]) {
          const old = p[j] as number;
          p[j] = old + sign * (steps[j] as number);
          // Height stays above 3 m (the fit's own floor).
          const s = j === 6 && (p[j] as number) < 3 ? -Infinity : coarseScore(lines, dt, coarse, p, blur, scratch, MODEL_STEP);
          if (s > score) {
            score = s;
            moved = true;
          } else p[j] = old;
        }
      }
      if (!moved) for (let j = 0; j < 8; j++) steps[j] = (steps[j] as number) / 2;
    }
    // The next, narrower blur starts from steps twice the finest again.
    for (let j = 0; j < 8; j++) steps[j] = (CLIMB_STEPS[j] as number) / 4;
  }
  return { params: p, score };
}
