import * as ort from 'onnxruntime-node';
import { createSession, type SessionOptions } from '../network-runtime/onnx-session.js';
import { cropJersey, JERSEY_SIZE } from './jersey-crop.js';

/** A reading counts only when legibility x tens x units probabilities reach this (as in training's metrics). */
export const READ_THRESHOLD = 0.6;
const NO_TENS = 10;

export interface JerseyReading {
  /** 1-99, or null when the shirt is not legible or the reader is unsure. */
  number: number | null;
  /** Probability of this exact reading: legible x tens digit x units digit. */
  confidence: number;
  /** Probability that a number can be read at all. */
  legible: number;
}

function softmaxMax(z: Float32Array, from: number, n: number): { p: number; k: number; all: number[] } {
  let m = -Infinity;
  for (let i = 0; i < n; i++) m = Math.max(m, z[from + i] as number);
  const e = Array.from({ length: n }, (_, i) => Math.exp((z[from + i] as number) - m));
  const s = e.reduce((a, b) => a + b, 0);
  let k = 0;
  for (let i = 1; i < n; i++) if ((e[i] as number) > (e[k] as number)) k = i;
  return { p: (e[k] as number) / s, k, all: e.map((v) => v / s) };
}

/** The model's 23 logits of one crop (legible 2, tens 11, units 10) as a reading. */
export function decodeJerseyLogits(z: Float32Array, offset = 0): JerseyReading {
  const legible = softmaxMax(z, offset, 2).all[1] as number;
  const tens = softmaxMax(z, offset + 2, 11);
  const units = softmaxMax(z, offset + 13, 10);
  const value = tens.k === NO_TENS ? units.k : tens.k * 10 + units.k;
  const confidence = legible * tens.p * units.p;
  return { number: value > 0 && confidence >= READ_THRESHOLD ? value : null, confidence, legible };
}

/**
 * The jersey-number reader (models/jersey-number): for person boxes in a frame, the number on the shirt
 * if it can be read. A small CNN over a 32x32 crop of the torso, one batch per call, onnxruntime.
 */
export class JerseyReader {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async load(modelPath: string, o: SessionOptions = {}): Promise<JerseyReader> {
    return new JerseyReader(await createSession(modelPath, o));
  }

  async read(rgb: Uint8Array, width: number, height: number, boxes: readonly (readonly number[])[]): Promise<JerseyReading[]> {
    const n = boxes.length;
    if (n === 0) return [];
    const plane = JERSEY_SIZE * JERSEY_SIZE;
    const input = new Float32Array(n * 3 * plane);
    boxes.forEach((box, k) => {
      const crop = cropJersey(rgb, width, height, box);
      for (let p = 0; p < plane; p++) {
        for (let c = 0; c < 3; c++) input[k * 3 * plane + c * plane + p] = (crop[p * 3 + c] as number) / 255;
      }
    });
    const out = await this.session.run({ crops: new ort.Tensor('float32', input, [n, 3, JERSEY_SIZE, JERSEY_SIZE]) });
    const logits = out.logits?.data as Float32Array;
    return boxes.map((_, k) => decodeJerseyLogits(logits, k * 23));
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
