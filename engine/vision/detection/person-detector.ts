import * as ort from 'onnxruntime-node';
import { createSession, type ExecutionProvider, type SessionOptions } from '../network-runtime/onnx-session.js';
import { SerialCalls } from '../network-runtime/serial-calls.js';

/** The network's grid step: one output cell per 4 x 4 input pixels. */
export const DETECTOR_STRIDE = 4;
/** Heatmap peaks at or above this are people (models/person-detector/train.py, PEAK_THRESHOLD). */
export const PEAK_THRESHOLD = 0.35;
/** The network halves its input five times: inputs are padded to a multiple of this. */
const INPUT_MULTIPLE = 32;

/** One person the network found: the foot point and the box above it, working-grid pixels. */
export interface FootDetection {
  score: number;
  foot: [number, number];
  width: number;
  height: number;
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/**
 * Working pixels per detector pixel for a working picture `width` wide. The network learned people at
 * 0.7-1.4 times the working scale of 640- to 960-wide pictures (720p and 1080p halved); a working picture
 * wider than MAX_TRAINED_WIDTH (a video under 600 lines yet 1280 wide: a letterboxed 720p broadcast, kept
 * at full size) shows its people about twice that tall, and the network, seeing only part of each,
 * boxed their legs. Such a picture is halved for the network and its detections scaled back.
 */
export function detectorStep(width: number): 1 | 2 {
  return width > MAX_TRAINED_WIDTH ? 2 : 1;
}
const MAX_TRAINED_WIDTH = 1000;

/**
 * Peaks of the foot heatmap (a cell at or above the threshold and the highest of its 3 x 3
 * neighbourhood), each with its sub-cell foot offset and box size. `grid` is the network's output for
 * one picture: 5 planes of rows x columns (heatmap logit, offset x and y logits, log height, log width
 * in cells). Pure: the decoding the training script's `decode` does, in pixels of the input.
 */
export function decodeFootGrid(grid: Float32Array, rows: number, columns: number, threshold = PEAK_THRESHOLD): FootDetection[] {
  const plane = rows * columns;
  const logit = (r: number, c: number) => grid[r * columns + c] as number;
  // Compare logits: the sigmoid is monotonic, so peaks and the threshold test need no exponentials.
  const cut = Math.log(threshold / (1 - threshold));
  const out: FootDetection[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const v = logit(r, c);
      if (v < cut) continue;
      let peak = true;
      for (let dr = -1; dr <= 1 && peak; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < columns && logit(rr, cc) > v) {
            peak = false;
            break;
          }
        }
      }
      if (!peak) continue;
      const k = r * columns + c;
      const ox = sigmoid(grid[plane + k] as number);
      const oy = sigmoid(grid[2 * plane + k] as number);
      out.push({
        score: sigmoid(v),
        foot: [(c + ox) * DETECTOR_STRIDE, (r + oy) * DETECTOR_STRIDE],
        height: Math.exp(grid[3 * plane + k] as number) * DETECTOR_STRIDE,
        width: Math.exp(grid[4 * plane + k] as number) * DETECTOR_STRIDE,
      });
    }
  }
  return out;
}

/** What finds people's feet in a picture: the detector here, or the same one on its own thread. */
export interface FootFinder {
  detect(rgb: Uint8Array, width: number, height: number): Promise<FootDetection[]>;
  close(): Promise<void>;
}

/**
 * The person detector (models/person-detector): a small fully convolutional network over the whole
 * working-grid picture that marks people's foot points and sizes their boxes, run by onnxruntime. It
 * finds people the colour-based foreground loses (dark kits on dark grass, players standing in a
 * cluster, small figures on the far touchline).
 */
export class PersonDetector implements FootFinder {
  private input: Float32Array | null = null;
  private readonly calls = new SerialCalls();

  private constructor(private readonly session: ort.InferenceSession, readonly provider: ExecutionProvider) {}

  static async load(modelPath: string, o: SessionOptions = {}): Promise<PersonDetector> {
    return new PersonDetector(await createSession(modelPath, o), o.executionProvider ?? 'cpu');
  }

  /** People in a packed RGB picture, working-grid pixels. Calls run one after another (one input buffer). */
  detect(rgb: Uint8Array, width: number, height: number): Promise<FootDetection[]> {
    return this.calls.run(() => this.run(rgb, width, height));
  }

  private async run(rgb: Uint8Array, width: number, height: number): Promise<FootDetection[]> {
    const k = detectorStep(width);
    const w = Math.floor(width / k);
    const h = Math.floor(height / k);
    const pw = Math.ceil(w / INPUT_MULTIPLE) * INPUT_MULTIPLE;
    const ph = Math.ceil(h / INPUT_MULTIPLE) * INPUT_MULTIPLE;
    const plane = pw * ph;
    // One buffer per picture size; the padding stays zero (as in training's validation).
    if (this.input?.length !== 3 * plane) this.input = new Float32Array(3 * plane);
    const x = this.input;
    if (k === 1) {
      const s = 1 / 255;
      for (let y = 0; y < h; y++) {
        let i = y * width * 3;
        let o = y * pw;
        for (let c = 0; c < w; c++, i += 3, o++) {
          x[o] = (rgb[i] as number) * s;
          x[plane + o] = (rgb[i + 1] as number) * s;
          x[2 * plane + o] = (rgb[i + 2] as number) * s;
        }
      }
    } else {
      // Each input pixel the mean of the 2 x 2 working pixels it covers.
      const s = 1 / (255 * 4);
      const at = (yy: number, cc: number, ch: number) => rgb[(yy * width + cc) * 3 + ch] as number;
      for (let y = 0; y < h; y++) {
        for (let c = 0; c < w; c++) {
          const o = y * pw + c;
          for (let ch = 0; ch < 3; ch++) {
            x[ch * plane + o] = (at(2 * y, 2 * c, ch) + at(2 * y, 2 * c + 1, ch) + at(2 * y + 1, 2 * c, ch) + at(2 * y + 1, 2 * c + 1, ch)) * s;
          }
        }
      }
    }
    const out = await this.session.run({ image: new ort.Tensor('float32', x, [1, 3, ph, pw]) });
    const grid = out.grid as ort.Tensor;
    const [, , rows, columns] = grid.dims as [number, number, number, number];
    return decodeFootGrid(grid.data as Float32Array, rows, columns)
      .filter((d) => d.foot[0] < w && d.foot[1] < h + DETECTOR_STRIDE)
      .map((d) => (k === 1 ? d : { score: d.score, foot: [d.foot[0] * k, d.foot[1] * k], width: d.width * k, height: d.height * k }));
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
