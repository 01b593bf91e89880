import { describe, expect, it } from 'vitest';
import { fillBallGaps } from '../../../engine/events/ball-gaps.js';

describe('fillBallGaps', () => {
  it('puts a briefly unseen ball on the line between its sightings and leaves long gaps and the edges alone', () => {
    const x = Float32Array.from([NaN, 0, NaN, NaN, 3, ...new Array(20).fill(NaN), 10]);
    const y = Float32Array.from([NaN, 5, NaN, NaN, 8, ...new Array(20).fill(NaN), 1]);
    const filled = fillBallGaps(x, y, 12);
    expect(Array.from(filled.ballX.slice(0, 5))).toEqual([NaN, 0, 1, 2, 3]);
    expect(Array.from(filled.ballY.slice(1, 5))).toEqual([5, 6, 7, 8]);
    expect(Number.isNaN(filled.ballX[10] as number)).toBe(true); // a 20-frame gap stays unseen
    expect(Number.isNaN(x[2] as number)).toBe(true); // the input is untouched
  });
});
