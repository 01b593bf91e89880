import * as ort from 'onnxruntime-node';
import { createSession, type SessionOptions } from '../network-runtime/onnx-session.js';
import type { BallPeak } from './ball-peak.js';

/** The verifier's patch side, working-grid pixels (models/ball-verifier/train.py, PATCH). */
export const VERIFIER_PATCH = 32;
/** Pictures per patch: the frame and the two before it, as the detector takes them. */
export const VERIFIER_FRAMES = 3;

/** The side of the square the verifier looks at in a picture `width` wide: 5% of the width (32 px at 640), so a ball fills about as much of it in a 1280-wide picture as in a 640-wide one (train.py, `patch_side`). */
export function patchSide(width: number): number {
  return Math.max(8, Math.round((VERIFIER_PATCH * width) / 640));
}

/**
 * Cuts the square of `patchSide(width)` centred on each peak out of the frame and the two before it
 * (packed RGB, newest first; a missing one repeats the frame), zero beyond the picture, and brings it to
 * PATCH x PATCH: each output pixel the mean of the source pixels its footprint starts in, at least one
 * (train.py's `patch_of` and `resample`). The centre is the peak's pixel rounded half up. Into `out`:
 * peaks x frames x PATCH x PATCH x 3 bytes, as the verifier takes them. Pure.
 */
export function cutPatches(pictures: readonly Uint8Array[], width: number, height: number, peaks: readonly BallPeak[], out: Uint8Array): void {
  const side = patchSide(width);
  const n = VERIFIER_PATCH;
  const f = side / n;
  const lo = Int32Array.from({ length: n }, (_, i) => Math.floor(i * f));
  const hi = Int32Array.from({ length: n }, (_, i) => Math.max((lo[i] as number) + 1, Math.floor((i + 1) * f)));
  peaks.forEach((p, k) => {
    const x0 = Math.floor(p.u + 0.5) - Math.floor(side / 2);
    const y0 = Math.floor(p.v + 0.5) - Math.floor(side / 2);
    for (let fr = 0; fr < VERIFIER_FRAMES; fr++) {
      const rgb = (pictures[fr] ?? pictures[0]) as Uint8Array;
      const base = (k * VERIFIER_FRAMES + fr) * n * n * 3;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          let r = 0;
          let g = 0;
          let b = 0;
          for (let y = y0 + (lo[i] as number); y < y0 + (hi[i] as number); y++) {
            if (y < 0 || y >= height) continue;
            for (let x = x0 + (lo[j] as number); x < x0 + (hi[j] as number); x++) {
              if (x < 0 || x >= width) continue;
              const q = (y * width + x) * 3;
              r += rgb[q] as number;
              g += rgb[q + 1] as number;
              b += rgb[q + 2] as number;
            }
          }
          // Pixels beyond the picture count as zero in the mean, as the zero-padded patch does in train.py.
          const count = ((hi[i] as number) - (lo[i] as number)) * ((hi[j] as number) - (lo[j] as number));
          const o = base + (i * n + j) * 3;
          out[o] = Math.round(r / count);
          out[o + 1] = Math.round(g / count);
          out[o + 2] = Math.round(b / count);
        }
      }
    }
  });
}

/**
 * The ball verifier (models/ball-verifier): a second, closer look at a patch around each of the ball
 * detector's peaks, giving the probability that it is the ball. The detector runs over every cell of
 * the picture; the verifier spends more on the few places it found.
 */
export class BallVerifier {
  private input = new Uint8Array(0);

  private constructor(private readonly session: ort.InferenceSession) {}

  static async load(modelPath: string, o: SessionOptions = {}): Promise<BallVerifier> {
    return new BallVerifier(await createSession(modelPath, o));
  }

  /** Each peak's probability of being the ball, in the peaks' order. */
  async judge(pictures: readonly Uint8Array[], width: number, height: number, peaks: readonly BallPeak[]): Promise<number[]> {
    if (peaks.length === 0) return [];
    const size = peaks.length * VERIFIER_FRAMES * VERIFIER_PATCH * VERIFIER_PATCH * 3;
    if (this.input.length < size) this.input = new Uint8Array(size);
    cutPatches(pictures, width, height, peaks, this.input);
    const out = await this.session.run({ patches: new ort.Tensor('uint8', this.input.subarray(0, size), [peaks.length, VERIFIER_FRAMES, VERIFIER_PATCH, VERIFIER_PATCH, 3]) });
    return Array.from((out.ball as ort.Tensor).data as Float32Array);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/**
 * The peaks scored again with the verifier's verdicts (`verdicts[i]` for `peaks[i]`): the geometric mean
 * of the detector's score and the verifier's, strongest first. Chosen over the verifier's score alone on
 * the real validation clips (models/ball-verifier/README.md): the mean keeps the detector's doubt where
 * the verifier is sure of a speck in a wide view. Pure.
 */
export function withVerdicts(peaks: readonly BallPeak[], verdicts: readonly number[]): BallPeak[] {
  return peaks
    .map((p, i) => ({ ...p, score: Math.sqrt(p.score * (verdicts[i] ?? 0)) }))
    .sort((a, b) => b.score - a.score);
}
