import { describe, expect, it } from 'vitest';
import { hota, pitchSimilarity } from '../../../bench/eval/hota.js';
import { maxWeightMatching } from '../../../bench/eval/hungarian.js';

describe('Hungarian matching', () => {
  it('finds the maximum-weight assignment, not the greedy one', () => {
    // Greedy takes 0.9 (row 0 -> col 0) and is left with 0.1; the optimum is 0.8 + 0.8.
    expect(maxWeightMatching([[0.9, 0.8], [0.8, 0.1]])).toEqual([1, 0]);
  });
  it('handles rectangular matrices and leaves zero-weight pairs unmatched', () => {
    expect(maxWeightMatching([[0, 0.5, 0], [0, 0, 0]])).toEqual([1, -1]);
    expect(maxWeightMatching([[0.3], [0.7], [0.2]])).toEqual([-1, 0, -1]);
    expect(maxWeightMatching([])).toEqual([]);
  });
});

describe('HOTA', () => {
  const perfectFrames = Array.from({ length: 10 }, () => ({ gtIds: ['a', 'b'], predIds: ['x', 'y'], similarity: [[1, 0], [0, 1]] }));

  it('is 1 for perfect tracking', () => {
    const r = hota(perfectFrames);
    expect(r.hota).toBeCloseTo(1, 9);
    expect(r.detA).toBeCloseTo(1, 9);
    expect(r.assA).toBeCloseTo(1, 9);
  });

  it('an id switch halfway halves association but not detection', () => {
    const frames = perfectFrames.map((f, i) => (i < 5 ? f : { ...f, predIds: ['y', 'x'] }));
    const r = hota(frames);
    expect(r.detA).toBeCloseTo(1, 9);
    // Each gt id is split evenly over two tracker ids: TPA 5, FNA 5, FPA 5 -> 5 / 15 ... for 'a' with 'x' in
    // 5 frames and 'x' seen 10 times: A = 5 / (10 + 10 - 5) = 1/3.
    expect(r.assA).toBeCloseTo(1 / 3, 9);
    expect(r.hota).toBeCloseTo(Math.sqrt(1 / 3), 9);
  });

  it('missing detections lower DetA by the share missed', () => {
    const frames = perfectFrames.map((f, i) => (i % 2 ? { gtIds: f.gtIds, predIds: [], similarity: [[], []] } : f));
    const r = hota(frames);
    expect(r.detA).toBeCloseTo(0.5, 9);
  });

  it('pitch similarity is 1 at 0 m and 0.05 at tau (5 m)', () => {
    expect(pitchSimilarity(0)).toBe(1);
    expect(pitchSimilarity(5)).toBeCloseTo(0.05, 9);
    expect(pitchSimilarity(2)).toBeCloseTo(Math.exp(Math.log(0.05) * 4 / 25), 9);
  });
});
