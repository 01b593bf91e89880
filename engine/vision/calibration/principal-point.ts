import { pixelDirection, rotation } from '../../geometry/camera.js';
import { fitCamera, fitScore, fromParams, type FitResult, type Sigmas } from './camera-fit.js';
import type { LineImage } from './line-pixels.js';
import { pitchModel } from './pitch-model.js';

const DEG = Math.PI / 180;
const model = pitchModel(0.5);
/** Each frame's camera refitted with the offset held: angles and zoom free, the position a few metres. */
const REFIT: Sigmas = { pan: Infinity, tilt: Infinity, roll: 2 * DEG, logFocal: Infinity, x: 5, y: 5, z: 5, k1: 0 };

/**
 * The camera with its principal point moved to offset (ox, oy) and turned so that it still looks where
 * it looked: its new optical axis is the old camera's ray through the new principal point. The fit
 * then starts near the same picture, whatever the move (a fit from the unturned camera would start
 * tens of pixels off and settle elsewhere).
 */
export function recentred(p: Float64Array, width: number, height: number, ox: number, oy: number): Float64Array {
  const cam = fromParams(p, width, height);
  const d = pixelDirection(cam, rotation(cam), width / 2 + ox, height / 2 + oy, new Float64Array(3));
  const out = Float64Array.from(p);
  // rotation(): forward = (sin pan cos tilt, cos pan cos tilt, -sin tilt).
  out[0] = Math.atan2(d[0] as number, d[1] as number);
  out[1] = Math.atan2(-(d[2] as number), Math.hypot(d[0] as number, d[1] as number));
  out[8] = ox;
  out[9] = oy;
  return out;
}

/** A frame's camera refitted with its principal point at offset (ox, oy), started from it recentred. */
export function centredFit(lines: LineImage, params: Float64Array, ox: number, oy: number, gates: readonly number[]): FitResult {
  const p0 = recentred(params, lines.width, lines.height, ox, oy);
  return fitCamera(lines, model, p0, { prior: p0, sigma: REFIT, gates: [...gates] });
}

/** The estimate's refits: coarse to fine gates, pixels. */
const SCORE_GATES = [30, 20, 12, 8, 5, 3, 2.5, 2.5];

export interface CentreEstimate {
  /** The principal point's offset from the picture centre, pixels (right, down). */
  offset: [number, number];
  /** The frames' total fit score with that offset, and with none. */
  score: number;
  centred: number;
}

/**
 * Where a rig's optical axis meets the picture, from frames it calibrated (their cameras as `params`):
 * a pattern search over the offset, each candidate scored by refitting every frame with it held. A
 * picture cut out of a larger one (a tactical camera's feed cropped to 16:9) has its principal point far
 * off centre, which no centred camera fits (the lines drift by metres across the pitch); a broadcast
 * picture's is at the centre.
 */
export function estimateCentre(frames: readonly LineImage[], params: readonly Float64Array[]): CentreEstimate {
  const score = (ox: number, oy: number) => {
    let total = 0;
    frames.forEach((lines, i) => {
      total += fitScore(centredFit(lines, params[i] as Float64Array, ox, oy, SCORE_GATES));
    });
    return total;
  };
  const width = frames[0]?.width ?? 0;
  let best: [number, number] = [0, 0];
  const centred = score(0, 0);
  let bestScore = centred;
  for (let step = width / 8; step >= 2; step /= 2) {
    for (let improved = true; improved;) {
      improved = false;
      for (const [dx, dy] of [[step, 0], [-step, 0], [0, step], [0, -step]] as const) {
        const cand: [number, number] = [best[0] + dx, best[1] + dy];
        if (Math.abs(cand[0]) > width / 2 || Math.abs(cand[1]) > width / 2) continue;
        const s = score(cand[0], cand[1]);
        if (s > bestScore) {
          bestScore = s;
          best = cand;
          improved = true;
        }
      }
    }
  }
  return { offset: best, score: bestScore, centred };
}
