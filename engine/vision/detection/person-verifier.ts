import * as ort from 'onnxruntime-node';
import { cropForVerifier, CROP_H, CROP_W } from './verifier-crop.js';
import { createSession, type ExecutionProvider, type SessionOptions } from '../network-runtime/onnx-session.js';

export type { ExecutionProvider } from '../network-runtime/onnx-session.js';
export type VerifierOptions = SessionOptions;

/**
 * The person verifier (models/person-verifier): for each candidate box, how likely it holds nobody, one
 * person, or two or more. A small CNN over a 24x48 crop, run in one batch per frame by onnxruntime.
 */
export class PersonVerifier {
  private constructor(private readonly session: ort.InferenceSession, readonly provider: ExecutionProvider) {}

  static async load(modelPath: string, o: VerifierOptions = {}): Promise<PersonVerifier> {
    return new PersonVerifier(await createSession(modelPath, o), o.executionProvider ?? 'cpu');
  }

  /** Probabilities (none, one, two or more) per box, row by row. */
  async classify(rgb: Uint8Array, width: number, height: number, boxes: readonly (readonly number[])[]): Promise<Float32Array> {
    const n = boxes.length;
    if (n === 0) return new Float32Array(0);
    const plane = CROP_W * CROP_H;
    const input = new Float32Array(n * 3 * plane);
    boxes.forEach((box, k) => {
      const crop = cropForVerifier(rgb, width, height, box);
      const base = k * 3 * plane;
      for (let p = 0; p < plane; p++) {
        input[base + p] = (crop[p * 3] as number) / 255;
        input[base + plane + p] = (crop[p * 3 + 1] as number) / 255;
        input[base + 2 * plane + p] = (crop[p * 3 + 2] as number) / 255;
      }
    });
    const out = await this.session.run({ crops: new ort.Tensor('float32', input, [n, 3, CROP_H, CROP_W]) });
    const logits = out.logits?.data as Float32Array;
    const probs = new Float32Array(n * 3);
    for (let k = 0; k < n; k++) {
      const a = logits[k * 3] as number;
      const b = logits[k * 3 + 1] as number;
      const c = logits[k * 3 + 2] as number;
      const m = Math.max(a, b, c);
      const ea = Math.exp(a - m);
      const eb = Math.exp(b - m);
      const ec = Math.exp(c - m);
      const s = ea + eb + ec;
      probs[k * 3] = ea / s;
      probs[k * 3 + 1] = eb / s;
      probs[k * 3 + 2] = ec / s;
    }
    return probs;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
