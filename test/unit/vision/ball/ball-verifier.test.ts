import { describe, expect, it } from 'vitest';
import { cutPatches, patchSide, VERIFIER_FRAMES, VERIFIER_PATCH, withVerdicts } from '../../../../engine/vision/ball/ball-verifier.js';

/** A picture `w` wide whose red byte is the column (mod 256), green the row and blue `tag`. */
const picture = (w: number, h: number, tag: number) => {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) rgb.set([x % 256, y, tag], (y * w + x) * 3);
  }
  return rgb;
};
const S = VERIFIER_PATCH;
const at = (out: Uint8Array, peak: number, frame: number, x: number, y: number) => {
  const o = (((peak * VERIFIER_FRAMES + frame) * S + y) * S + x) * 3;
  return Array.from(out.subarray(o, o + 3));
};

describe('patchSide', () => {
  it('is the same share of the width at every working size', () => {
    expect(patchSide(640)).toBe(S);
    expect(patchSide(1280)).toBe(2 * S);
    expect(patchSide(960)).toBe(48);
    expect(patchSide(100)).toBe(8);
  });
});

describe('cutPatches', () => {
  const [W, H] = [640, 60];
  it('cuts the square centred on each peak (rounded half up) from the frame and the ones before it', () => {
    const out = new Uint8Array(2 * VERIFIER_FRAMES * S * S * 3).fill(9);
    cutPatches([picture(W, H, 1), picture(W, H, 2), picture(W, H, 3)], W, H, [{ u: 40.5, v: 24.2, score: 0.9 }, { u: 300, v: 20, score: 0.5 }], out);
    // Peak 0: centre (41, 24), so the patch starts at column 25, row 8.
    expect(at(out, 0, 0, 0, 0)).toEqual([25, 8, 1]);
    expect(at(out, 0, 1, S / 2, S / 2)).toEqual([41, 24, 2]);
    expect(at(out, 0, 2, S - 1, S - 1)).toEqual([56, 39, 3]);
    expect(at(out, 1, 0, 0, 0)).toEqual([284, 4, 1].map((v, i) => (i === 0 ? v % 256 : v)));
  });

  it('averages a larger square down in a wider picture', () => {
    const [w, h] = [1280, 100];
    const out = new Uint8Array(VERIFIER_FRAMES * S * S * 3);
    cutPatches([picture(w, h, 5)], w, h, [{ u: 100, v: 50, score: 0.5 }], out);
    // Side 64 from column 68, row 18: output pixel (j, i) is the mean of columns 68 + 2j, 69 + 2j and rows 18 + 2i, 19 + 2i.
    expect(at(out, 0, 0, 0, 0)).toEqual([69, 19, 5]);
    expect(at(out, 0, 2, 10, 3)).toEqual([89, 25, 5]);
  });

  it('fills with zero beyond the picture and repeats the frame where an earlier one is missing', () => {
    const out = new Uint8Array(VERIFIER_FRAMES * S * S * 3).fill(9);
    cutPatches([picture(W, H, 7)], W, H, [{ u: 2, v: 57, score: 0.3 }], out);
    // Centre (2, 57): columns -14..17, rows 41..72.
    expect(at(out, 0, 0, 0, 0)).toEqual([0, 0, 0]);
    expect(at(out, 0, 0, 14, 0)).toEqual([0, 41, 7]);
    expect(at(out, 0, 2, 14 + 17, 18)).toEqual([17, 59, 7]);
    expect(at(out, 0, 1, 20, 19)).toEqual([0, 0, 0]);
  });

  it('leaves an all-zero patch for a peak wholly outside the picture', () => {
    const out = new Uint8Array(VERIFIER_FRAMES * S * S * 3).fill(9);
    cutPatches([picture(W, H, 1)], W, H, [{ u: W + 40, v: 10, score: 0.2 }], out);
    expect(out.every((b) => b === 0)).toBe(true);
  });
});

describe('withVerdicts', () => {
  it('scores each peak by the geometric mean of the two networks, strongest first', () => {
    const peaks = [{ u: 1, v: 1, score: 0.8 }, { u: 2, v: 2, score: 0.4 }, { u: 3, v: 3, score: 0.2 }];
    const out = withVerdicts(peaks, [0.05, 0.9, 0.8]);
    expect(out.map((p) => p.u)).toEqual([2, 3, 1]);
    expect(out[0]!.score).toBeCloseTo(Math.sqrt(0.36), 6);
    expect(out[2]!.score).toBeCloseTo(0.2, 6);
  });
});
