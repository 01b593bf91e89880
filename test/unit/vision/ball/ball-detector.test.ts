import { describe, expect, it } from 'vitest';
import { BALL_FRAMES, BALL_STRIDE, decodeBallGrid, packFrames } from '../../../../engine/vision/ball/ball-detector.js';

/** A 3-plane grid (logit, offset x and y logits) of rows x columns, all logits `base`. */
function grid(rows: number, columns: number, base = -8): Float32Array {
  const g = new Float32Array(3 * rows * columns);
  g.fill(base, 0, rows * columns);
  return g;
}
const logit = (p: number) => Math.log(p / (1 - p));

describe('decodeBallGrid', () => {
  it('returns the local maxima at or above the floor, strongest first, with their sub-cell centres', () => {
    const [rows, columns] = [6, 8];
    const g = grid(rows, columns);
    const plane = rows * columns;
    g[2 * columns + 3] = logit(0.8);
    g[plane + 2 * columns + 3] = 0; // offset 0.5 cell
    g[2 * plane + 2 * columns + 3] = logit(0.25);
    g[2 * columns + 4] = logit(0.5); // beside the peak: not a maximum
    g[5 * columns + 7] = logit(0.3);
    g[0] = logit(0.05); // below the floor
    const peaks = decodeBallGrid(g, rows, columns, columns * BALL_STRIDE, rows * BALL_STRIDE);
    expect(peaks.map((p) => Number(p.score.toFixed(3)))).toEqual([0.8, 0.3]);
    expect(peaks[0]!.u).toBeCloseTo((3 + 0.5) * BALL_STRIDE, 5);
    expect(peaks[0]!.v).toBeCloseTo((2 + 0.25) * BALL_STRIDE, 5);
  });

  it('keeps at most `max` peaks and none in the padding beyond the picture', () => {
    const [rows, columns] = [4, 10];
    const g = grid(rows, columns);
    for (let c = 0; c < columns; c += 2) g[columns + c] = logit(0.2 + c / 40);
    const inside = decodeBallGrid(g, rows, columns, 6 * BALL_STRIDE, rows * BALL_STRIDE, 0.1, 10);
    expect(inside.every((p) => p.u < 6 * BALL_STRIDE)).toBe(true);
    expect(inside).toHaveLength(3);
    expect(decodeBallGrid(g, rows, columns, columns * BALL_STRIDE, rows * BALL_STRIDE, 0.1, 2).map((p) => p.u)).toEqual([(8 + 0.5) * BALL_STRIDE, (6 + 0.5) * BALL_STRIDE]);
  });

  it('finds nothing in an empty heatmap', () => {
    expect(decodeBallGrid(grid(5, 5), 5, 5, 20, 20)).toEqual([]);
  });
});

describe('packFrames', () => {
  const [w, h] = [3, 2];
  const picture = (v: number) => Uint8Array.from({ length: w * h * 3 }, (_, i) => (i % 3 === 0 ? v : i % 3 === 1 ? 0 : 255));

  it('copies the frame and the ones before it as rows of RGB bytes, repeating the frame where one is missing, padding zero', () => {
    const [pw, ph] = [4, 4];
    const out = new Uint8Array(BALL_FRAMES * ph * pw * 3).fill(7); // stale bytes must not survive in the padding
    packFrames([picture(51), picture(102)], w, h, out, pw, ph);
    const at = (frame: number, channel: number, x: number, y: number) => out[((frame * ph + y) * pw + x) * 3 + channel]!;
    expect(at(0, 0, 0, 0)).toBe(51);
    expect(at(1, 0, 2, 1)).toBe(102);
    expect(at(2, 0, 1, 1)).toBe(51); // the third is missing: the frame again
    expect(at(0, 1, 1, 1)).toBe(0);
    expect(at(2, 2, 2, 1)).toBe(255);
    expect(at(0, 0, 3, 0)).toBe(0); // padding column
    expect(at(1, 2, 0, 2)).toBe(0); // padding row
    expect(at(2, 1, 3, 3)).toBe(0);
  });

  it('copies whole pictures when no column is padded', () => {
    const [pw, ph] = [3, 4];
    const out = new Uint8Array(BALL_FRAMES * ph * pw * 3).fill(7);
    packFrames([picture(10), picture(20), picture(30)], w, h, out, pw, ph);
    const frameBytes = ph * pw * 3;
    for (const [f, v] of [[0, 10], [1, 20], [2, 30]] as const) {
      expect(Array.from(out.subarray(f * frameBytes, f * frameBytes + w * h * 3))).toEqual(Array.from(picture(v)));
      expect(out.subarray(f * frameBytes + w * h * 3, (f + 1) * frameBytes).every((b) => b === 0)).toBe(true);
    }
  });
});
