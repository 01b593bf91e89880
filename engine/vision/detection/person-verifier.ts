import * as ort from 'onnxruntime-node';
import { cropForVerifier, CROP_H, CROP_W } from './verifier-crop.js';

/** Where the model runs: onnxruntime's CPU by default, a GPU execution provider when asked and present. */
export type ExecutionProvider = 'cpu' | 'cuda' | 'dml' | 'coreml';

export interface VerifierOptions {
  executionProvider?: ExecutionProvider;
  /** Intra-op threads: set explicitly so decoding and the engine's own loops share the cores. */
  threads?: number;
}

/**
 * The person verifier (models/person-verifier): for each candidate box, how likely it holds nobody, one
 * person, or two or more. A small CNN over a 24x48 crop, run in one batch per frame by onnxruntime.
 */
export class PersonVerifier {
  private constructor(private readonly session: ort.InferenceSession, readonly provider: ExecutionProvider) {}

  static async load(modelPath: string, o: VerifierOptions = {}): Promise<PersonVerifier> {
    const provider = o.executionProvider ?? 'cpu';
    const session = await ort.InferenceSession.create(modelPath, {
      executionProviders: provider === 'cpu' ? ['cpu'] : [provider, 'cpu'],
      intraOpNumThreads: o.threads ?? 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new PersonVerifier(session, provider);
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
