import { describe, expect, it } from 'vitest';
import { distanceTransform } from '../../../../engine/vision/calibration/distance-transform.js';
import { createRng } from '../../../../engine/match-data/rng.js';

/** Squared distance to the nearest feature by trying every feature. */
function bruteForce(mask: Uint8Array, w: number, h: number): Float64Array {
  const feats: number[] = [];
  for (let i = 0; i < w * h; i++) if (mask[i]) feats.push(i);
  const out = new Float64Array(w * h).fill(Infinity);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    const y = Math.floor(i / w);
    for (const f of feats) {
      const d = (x - (f % w)) ** 2 + (y - Math.floor(f / w)) ** 2;
      if (d < (out[i] as number)) out[i] = d;
    }
  }
  return out;
}

function check(mask: Uint8Array, w: number, h: number): void {
  const dm = distanceTransform(mask, w, h);
  expect(dm.width).toBe(w);
  expect(dm.height).toBe(h);
  const want = bruteForce(mask, w, h);
  for (let i = 0; i < w * h; i++) {
    // Exact: squared integer distances are exact in Float32 at these sizes.
    expect(dm.dist2[i], `dist2 at ${i % w},${Math.floor(i / w)}`).toBe(want[i]);
    const k = dm.nearest[i] as number;
    // The nearest index is a feature pixel at exactly that distance (ties may pick any of them).
    expect(k).toBeGreaterThanOrEqual(0);
    expect(mask[k]).toBe(1);
    expect((i % w - (k % w)) ** 2 + (Math.floor(i / w) - Math.floor(k / w)) ** 2).toBe(want[i]);
  }
}

describe('distanceTransform', () => {
  it('equals brute force on random sparse masks, square, wide, tall and degenerate shapes', () => {
    const rng = createRng(42);
    const shapes: [number, number][] = [[24, 24], [40, 13], [11, 37], [1, 30], [30, 1], [2, 2]];
    for (const [w, h] of shapes) {
      for (const density of [0.005, 0.02, 0.1, 0.5]) {
        const mask = new Uint8Array(w * h);
        for (let i = 0; i < w * h; i++) mask[i] = rng.next() < density ? 1 : 0;
        // At least one feature so every pixel has a nearest one.
        mask[Math.floor(rng.next() * w * h)] = 1;
        check(mask, w, h);
      }
    }
  });

  it('equals brute force on a larger frame with few features (long distances, many parabola envelopes)', () => {
    const rng = createRng(7);
    const w = 160;
    const h = 90;
    const mask = new Uint8Array(w * h);
    for (let k = 0; k < 25; k++) mask[Math.floor(rng.next() * w * h)] = 1;
    check(mask, w, h);
  });

  it('measures Euclidean, not city-block or chessboard, distance', () => {
    const w = 9;
    const h = 7;
    const mask = new Uint8Array(w * h);
    mask[0] = 1; // feature at (0, 0)
    const dm = distanceTransform(mask, w, h);
    expect(dm.dist2[3 * w + 4]).toBe(25); // (4, 3): 5 px away
    expect(dm.dist2[6 * w + 8]).toBe(100);
    expect(dm.nearest[6 * w + 8]).toBe(0);
  });

  it('a mask of features only is all zero distances, each pixel its own nearest', () => {
    const w = 5;
    const h = 4;
    const dm = distanceTransform(new Uint8Array(w * h).fill(1), w, h);
    expect([...dm.dist2].every((d) => d === 0)).toBe(true);
    expect([...dm.nearest]).toEqual([...Array(w * h).keys()]);
  });

  it('an empty mask gives Infinity and -1 everywhere', () => {
    for (const [w, h] of [[17, 9], [9, 17], [1, 1]] as const) {
      const dm = distanceTransform(new Uint8Array(w * h), w, h);
      expect([...dm.dist2].every((d) => d === Infinity)).toBe(true);
      expect([...dm.nearest].every((k) => k === -1)).toBe(true);
    }
  });

  it('a mask with features in one column only still reaches every column', () => {
    const w = 12;
    const h = 8;
    const mask = new Uint8Array(w * h);
    mask[5 * w + 7] = 1;
    check(mask, w, h);
  });
});
