import { simulateMatch } from '../../../../engine/sim/simulate.js';
import { toTruthEvents } from '../../../../engine/match-data/truth-events.js';
import { FrameRenderer } from '../../../../engine/sim/render/frame-renderer.js';
import type { FrameTruth } from '../../../../engine/match-data/frame-truth.js';
import { applyHomography, groundHomography, invert3, pixelToGround, projector, rotation, type Camera } from '../../../../engine/geometry/camera.js';
import type { GrayPicture } from '../../../../engine/vision/calibration/camera-carry.js';
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

/**
 * What camera `to` sees of a scene far away whose picture through camera `from` is `p`: every pixel's ray
 * through `to`, looked up in `p` (bilinear). A camera turning about a fixed point sees exactly this,
 * whatever the depth of what it shows (the renderer's textures are drawn fixed to the screen, so its
 * frames cannot stand in for a turning camera's).
 */
export function turned(p: GrayPicture, from: Camera, to: Camera): GrayPicture {
  const out = new Float32Array(p.width * p.height);
  const s = 1 / p.factor;
  const R1 = rotation(from);
  const R2 = rotation(to);
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const xn = (x + 0.5 - p.width / 2) / (to.focal * s);
      const yn = (y + 0.5 - p.height / 2) / (to.focal * s);
      const d = [R2[0] * xn + R2[3] * yn + R2[6], R2[1] * xn + R2[4] * yn + R2[7], R2[2] * xn + R2[5] * yn + R2[8]] as const;
      const cz = R1[6] * d[0] + R1[7] * d[1] + R1[8] * d[2];
      const u = p.width / 2 + (from.focal * s * (R1[0] * d[0] + R1[1] * d[1] + R1[2] * d[2])) / cz - 0.5;
      const v = p.height / 2 + (from.focal * s * (R1[3] * d[0] + R1[4] * d[1] + R1[5] * d[2])) / cz - 0.5;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= p.width || y0 + 1 >= p.height) continue;
      const ax = u - x0;
      const ay = v - y0;
      const i = y0 * p.width + x0;
      const q = p.data;
      out[y * p.width + x] = (1 - ay) * ((1 - ax) * q[i]! + ax * q[i + 1]!) + ay * ((1 - ax) * q[i + p.width]! + ax * q[i + p.width + 1]!);
    }
  }
  return { ...p, data: out };
}
