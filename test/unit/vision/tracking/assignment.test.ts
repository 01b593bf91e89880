import { describe, expect, it } from 'vitest';
import { maxWeightMatching } from '../../../../engine/vision/tracking/assignment.js';
import { maxWeightMatching as benchReExport } from '../../../../bench/eval/hungarian.js';
import { rng } from './synthetic.js';

/** The best total over every partial assignment (a row may stay unmatched), by exhaustive search. */
function bruteForce(w: number[][]): number {
  const cols = w.length ? (w[0] as number[]).length : 0;
  const used = new Array<boolean>(cols).fill(false);
  const best = (row: number): number => {
    if (row === w.length) return 0;
    let b = best(row + 1);
    for (let c = 0; c < cols; c++) {
      const v = (w[row] as number[])[c] as number;
      if (used[c] || v <= 0) continue;
      used[c] = true;
      b = Math.max(b, v + best(row + 1));
      used[c] = false;
    }
    return b;
  };
  return best(0);
}

function total(w: number[][], assigned: number[]): number {
  return assigned.reduce((s, c, r) => s + (c >= 0 ? ((w[r] as number[])[c] as number) : 0), 0);
}

describe('maxWeightMatching', () => {
  it('matches brute force on 500 small random rectangular matrices (with zeros and negatives)', () => {
    const rand = rng(1);
    for (let trial = 0; trial < 500; trial++) {
      const rows = 1 + Math.floor(rand() * 6);
      const cols = 1 + Math.floor(rand() * 6);
      const w = Array.from({ length: rows }, () =>
        Array.from({ length: cols }, () => {
          const u = rand();
          // A third cannot match (0 or negative), the rest weigh 0-10, some with ties.
          if (u < 0.25) return 0;
          if (u < 0.33) return -rand() * 5;
          return u < 0.45 ? 5 : Math.round(rand() * 1000) / 100;
        }),
      );
      const assigned = maxWeightMatching(w);
      expect(assigned).toHaveLength(rows);
      const taken = assigned.filter((c) => c >= 0);
      // A valid assignment: columns in range, none used twice, no pair that cannot match.
      expect(new Set(taken).size).toBe(taken.length);
      assigned.forEach((c, r) => {
        if (c < 0) return;
        expect(c).toBeLessThan(cols);
        expect((w[r] as number[])[c]).toBeGreaterThan(0);
      });
      expect(total(w, assigned)).toBeCloseTo(bruteForce(w), 9);
    }
  });

  it('handles empty and all-zero matrices', () => {
    expect(maxWeightMatching([])).toEqual([]);
    expect(maxWeightMatching([[], []])).toEqual([-1, -1]);
    expect(maxWeightMatching([[0, 0], [0, 0], [0, 0]])).toEqual([-1, -1, -1]);
  });

  it('is still what bench/eval/hungarian.ts exports', () => {
    expect(benchReExport).toBe(maxWeightMatching);
  });
});
