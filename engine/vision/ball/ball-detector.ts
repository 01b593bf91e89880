import * as ort from 'onnxruntime-node';
import { createSession, type ExecutionProvider, type SessionOptions } from '../network-runtime/onnx-session.js';
import { SerialCalls } from '../network-runtime/serial-calls.js';
import { BallVerifier, withVerdicts } from './ball-verifier.js';
import type { BallPeak } from './ball-peak.js';

export type { BallPeak } from './ball-peak.js';

/** The network's grid step: one output cell per 4 x 4 input pixels. */
export const BALL_STRIDE = 4;
/** Pictures in: the frame and the two before it (models/ball-detector/train.py, FRAMES). */
export const BALL_FRAMES = 3;
/** Peaks below this are not candidates: the path pass needs the weak ones too, not the noise. */
export const BALL_PEAK_FLOOR = 0.1;
/** The most peaks one frame offers the path pass (one ball; the rest are look-alikes it must weigh). */
export const BALL_PEAKS_MAX = 4;
/**
 * The peaks the ball verifier judges before the strongest BALL_PEAKS_MAX of them by its verdict go on:
 * the ball is among a frame's eight in 89% of the real validation frames, among four in 81%.
 */
export const BALL_PEAKS_JUDGED = 8;
/** The network halves its input four times; 32 keeps the grid aligned with the person detector's padding. */
const INPUT_MULTIPLE = 32;

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/**
 * The strongest peaks of the ball heatmap (a cell at or above `floor` and the highest of its 3 x 3
 * neighbourhood), each with its sub-cell centre, strongest first, at most `max`, inside `width` x
 * `height` (the padding is not the picture). `grid`: 3 planes of rows x columns (heatmap logit, offset x
 * and y logits). Pure: the decoding train.py's `best_peak` does, for several peaks.
 */
export function decodeBallGrid(grid: Float32Array, rows: number, columns: number, width: number, height: number, floor = BALL_PEAK_FLOOR, max = BALL_PEAKS_MAX): BallPeak[] {
  const plane = rows * columns;
  const cut = Math.log(floor / (1 - floor));
  const found: { k: number; logit: number }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const k = r * columns + c;
      const v = grid[k] as number;
      if (v < cut) continue;
      let peak = true;
      for (let dr = -1; dr <= 1 && peak; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < columns && (grid[rr * columns + cc] as number) > v) {
            peak = false;
            break;
          }
        }
      }
      if (peak) found.push({ k, logit: v });
    }
  }
  found.sort((a, b) => b.logit - a.logit);
  const out: BallPeak[] = [];
  for (const { k, logit } of found) {
    const c = k % columns;
    const r = (k - c) / columns;
    const u = (c + sigmoid(grid[plane + k] as number)) * BALL_STRIDE;
    const v = (r + sigmoid(grid[2 * plane + k] as number)) * BALL_STRIDE;
    if (u >= width || v >= height) continue;
    out.push({ u, v, score: sigmoid(logit) });
    if (out.length === max) break;
  }
  return out;
}

/**
 * Packs the frame and the two before it (packed RGB, newest first; a missing one repeats the frame) into
 * the network's input: 3 pictures of ph x pw x 3 bytes, zero padding right and below. The network makes
 * its planes and its 0-1 scale itself (train.py, BytesIn), so this only copies rows. Pure.
 */
export function packFrames(pictures: readonly Uint8Array[], width: number, height: number, out: Uint8Array, pw: number, ph: number): void {
  const row = width * 3;
  const paddedRow = pw * 3;
  for (let f = 0; f < BALL_FRAMES; f++) {
    const rgb = (pictures[f] ?? pictures[0]) as Uint8Array;
    const base = f * ph * paddedRow;
    if (pw === width) {
      out.set(rgb.subarray(0, height * row), base);
    } else {
      for (let y = 0; y < height; y++) {
        out.set(rgb.subarray(y * row, (y + 1) * row), base + y * paddedRow);
        out.fill(0, base + y * paddedRow + row, base + (y + 1) * paddedRow);
      }
    }
    out.fill(0, base + height * paddedRow, base + ph * paddedRow);
  }
}

/** What finds the ball in a picture given the ones before it: the detector here, or the same on its own thread. */
export interface BallFinder {
  /** The ball's likely places in this frame; the frames before it are the ones passed since the last cut. */
  find(rgb: Uint8Array, width: number, height: number): Promise<BallPeak[]>;
  /** A shot change or a frame that is no game view: the frames before no longer show the same scene. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * The ball detector (models/ball-detector): a small fully convolutional network over the whole
 * working-grid picture and the two pictures before it, run by onnxruntime; its heatmap peaks are the
 * ball stage's candidates. It keeps the last two pictures itself.
 */
export class BallDetector implements BallFinder {
  private input: Uint8Array | null = null;
  private history: Uint8Array[] = [];
  private readonly calls = new SerialCalls();

  private constructor(private readonly session: ort.InferenceSession, readonly provider: ExecutionProvider, private readonly verifier: BallVerifier | null) {}

  /** `verifierPath`: the ball verifier's model, which scores the peaks again (models/ball-verifier); none when null. */
  static async load(modelPath: string, o: SessionOptions = {}, verifierPath: string | null = null): Promise<BallDetector> {
    const verifier = verifierPath ? await BallVerifier.load(verifierPath, o) : null;
    return new BallDetector(await createSession(modelPath, o), o.executionProvider ?? 'cpu', verifier);
  }

  /** Calls run one after another, in order (the history is the frames passed before); a copy of the picture is kept. */
  find(rgb: Uint8Array, width: number, height: number): Promise<BallPeak[]> {
    return this.calls.run(() => this.run(rgb, width, height));
  }

  cut(): void {
    void this.calls.run(() => {
      this.history = [];
    });
  }

  private async run(rgb: Uint8Array, width: number, height: number): Promise<BallPeak[]> {
    if (this.history[0] && this.history[0].length !== rgb.length) this.history = [];
    const pictures = [rgb, ...this.history];
    this.history = [rgb.slice(), ...this.history].slice(0, BALL_FRAMES - 1);
    const pw = Math.ceil(width / INPUT_MULTIPLE) * INPUT_MULTIPLE;
    const ph = Math.ceil(height / INPUT_MULTIPLE) * INPUT_MULTIPLE;
    if (this.input?.length !== BALL_FRAMES * ph * pw * 3) this.input = new Uint8Array(BALL_FRAMES * ph * pw * 3);
    packFrames(pictures, width, height, this.input, pw, ph);
    const out = await this.session.run({ frames: new ort.Tensor('uint8', this.input, [BALL_FRAMES, ph, pw, 3]) });
    const grid = out.grid as ort.Tensor;
    const [, , rows, columns] = grid.dims as [number, number, number, number];
    if (!this.verifier) return decodeBallGrid(grid.data as Float32Array, rows, columns, width, height);
    const peaks = decodeBallGrid(grid.data as Float32Array, rows, columns, width, height, BALL_PEAK_FLOOR, BALL_PEAKS_JUDGED);
    return withVerdicts(peaks, await this.verifier.judge(pictures, width, height, peaks)).slice(0, BALL_PEAKS_MAX);
  }

  async close(): Promise<void> {
    await this.session.release();
    await this.verifier?.close();
  }
}
