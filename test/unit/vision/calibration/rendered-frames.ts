import { simulateMatch } from '../../../../engine/sim/simulate.js';
import { toTruthEvents } from '../../../../engine/sim/truth-events.js';
import { FrameRenderer, type FrameTruth } from '../../../../engine/sim/render/frame-renderer.js';
import { applyHomography, groundHomography, invert3, pixelToGround, projector, type Camera } from '../../../../engine/geometry/camera.js';
import { sampleMinute } from '../../../helpers/synthetic-match.js';

/** The size the engine's calibration and detection work at (half of 1280x720). */
export const W = 640;
export const H = 360;

export interface RenderedFrame {
  /** Packed RGB, 3 bytes per pixel, W x H. */
  rgb: Uint8Array;
  truth: FrameTruth;
}

/** Packed RGB from the renderer's RGBA. */
export function rgbaToRgb(rgba: Uint8ClampedArray): Uint8Array {
  const n = rgba.length / 4;
  const out = new Uint8Array(n * 3);
  for (let i = 0, j = 0, k = 0; i < n; i++, j += 4, k += 3) {
    out[k] = rgba[j] as number;
    out[k + 1] = rgba[j + 1] as number;
    out[k + 2] = rgba[j + 2] as number;
  }
  return out;
}

/**
 * `count` consecutive live frames of a simulated match, rendered by the broadcast (or tactical, or side) camera
 * without director's cuts, starting `fromMs` into the sample minute. The renderer's truth gives the exact
 * camera of each frame. Frames before `skip` are rendered (the camera operator's springs need them) but
 * not returned.
 */
export function renderFrames(opts: { count: number; skip?: number; seed?: number; fromMs?: number; camera?: 'broadcast' | 'tactical' | 'side'; k1?: number }): RenderedFrame[] {
  const source = sampleMinute();
  const skip = opts.skip ?? 0;
  const track = simulateMatch(source, { seed: 2, fromMs: opts.fromMs ?? 4_000, durationMs: Math.ceil(((skip + opts.count) * 40) / 1000 + 1) * 1000 });
  const r = new FrameRenderer(track, toTruthEvents(source), source.periods, { camera: opts.camera ?? 'broadcast', width: W, height: H, seed: opts.seed ?? 9, cuts: false, k1: opts.k1 ?? 0 });
  const out: RenderedFrame[] = [];
  for (let f = 0; f < skip + opts.count; f++) {
    const x = r.renderNext();
    if (f >= skip) out.push({ rgb: rgbaToRgb(x.rgba), truth: x.truth });
  }
  return out;
}

/**
 * Pitch-point errors (metres) of a camera against the true one, as the calibration bench measures them:
 * every point of a 7.5 m x 6.8 m grid over the pitch that the true camera sees is taken to its pixel and
 * back to the pitch through the estimated camera (its ground homography; with lens distortion, through
 * pixelToGround, which undoes k1 first).
 */
export function gridErrors(truth: Camera, estimate: Camera): number[] {
  const proj = projector(truth);
  const Hi = invert3(groundHomography(estimate));
  const out: number[] = [];
  for (let x = 0; x <= 105; x += 7.5) {
    for (let y = 0; y <= 68; y += 6.8) {
      const px = proj.project(x, y, 0);
      if (!px || px[0] < 0 || px[1] < 0 || px[0] >= truth.width || px[1] >= truth.height) continue;
      const back = estimate.k1 === 0 ? applyHomography(Hi, px[0], px[1]) : pixelToGround(estimate, px[0], px[1]);
      out.push(back ? Math.hypot(back[0] - x, back[1] - y) : Infinity);
    }
  }
  return out;
}

export const median = (v: readonly number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : NaN;
};
