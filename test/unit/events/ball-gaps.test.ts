import { describe, expect, it } from 'vitest';
import { ballJitter, fillBallGaps, NOISY_BALL_JITTER, smoothBallPath } from '../../../engine/events/ball-gaps.js';

describe('the ball path the event stages read (gaps filled, jitter measured, noise smoothed)', () => {
  it('puts a briefly unseen ball on the line between its sightings and leaves long gaps and the edges alone', () => {
    const x = Float32Array.from([NaN, 0, NaN, NaN, 3, ...new Array(20).fill(NaN), 10]);
    const y = Float32Array.from([NaN, 5, NaN, NaN, 8, ...new Array(20).fill(NaN), 1]);
    const filled = fillBallGaps(x, y, 12);
    expect(Array.from(filled.ballX.slice(0, 5))).toEqual([NaN, 0, 1, 2, 3]);
    expect(Array.from(filled.ballY.slice(1, 5))).toEqual([5, 6, 7, 8]);
    expect(Number.isNaN(filled.ballX[10] as number)).toBe(true); // a 20-frame gap stays unseen
    expect(Number.isNaN(x[2] as number)).toBe(true); // the input is untouched
  });

  it('measures the jitter of a path: about 0 for a ball rolling and turning at a touch, about twice the noise for a measured one', () => {
    const n = 200;
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    for (let f = 0; f < n; f++) {
      x[f] = f < 100 ? 0.5 * f : 50;
      y[f] = f < 100 ? 30 : 30 + 0.3 * (f - 100);
    }
    expect(ballJitter(x, y)).toBeLessThan(0.001);
    let seed = 3;
    const noise = () => 0.1 * (((seed = (seed * 69069 + 1) % 4294967296) / 4294967296) * 2 - 1) * Math.sqrt(3);
    const nx = x.map((v) => v + noise());
    const ny = y.map((v) => v + noise());
    expect(ballJitter(nx, ny)).toBeGreaterThan(NOISY_BALL_JITTER * 5);
    expect(Number.isNaN(ballJitter(new Float32Array(10), new Float32Array(10)))).toBe(true);
  });

  it('smooths a path over the frames where it is known, leaving the unseen ones unseen and a straight roll on its line', () => {
    const x = Float32Array.from([0, 1, 2, 3, 4, NaN, 10, 10, 10]);
    const y = Float32Array.from([5, 5, 5, 5, 5, NaN, 6, 6, 6]);
    const s = smoothBallPath(x, y, 2);
    expect(Array.from(s.ballX.slice(0, 3))).toEqual([1, 1.5, 2]);
    expect(Number.isNaN(s.ballX[5] as number)).toBe(true);
    expect(s.ballX[4]).toBeCloseTo((2 + 3 + 4 + 10) / 4);
    expect(Array.from(s.ballY.slice(0, 4))).toEqual([5, 5, 5, 5]);
    expect(x[1]).toBe(1); // the input is untouched
  });
});
