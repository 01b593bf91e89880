import { describe, expect, it } from 'vitest';
import { Kalman2D } from '../../../../engine/vision/tracking/kalman-2d.js';
import { FRAME_MS, gaussian, rng } from './synthetic.js';

const DT = FRAME_MS / 1000;
const truth = (t: number): [number, number] => [10 + 4 * t, 40 - 2 * t];

describe('Kalman2D', () => {
  it('converges on a constant-velocity path measured with 0.3 m noise', () => {
    const rand = rng(3);
    const [x0, y0] = truth(0);
    const k = new Kalman2D(x0 + 0.3 * gaussian(rand), y0 + 0.3 * gaussian(rand));
    let sq = 0;
    let rawSq = 0;
    let n = 0;
    let sumVx = 0;
    let sumVy = 0;
    for (let f = 1; f <= 150; f++) {
      const [x, y] = truth(f * DT);
      const zx = x + 0.3 * gaussian(rand);
      const zy = y + 0.3 * gaussian(rand);
      k.predict(DT);
      k.update(zx, zy);
      if (f >= 50) {
        const [px, py] = k.position;
        sq += (px - x) ** 2 + (py - y) ** 2;
        rawSq += (zx - x) ** 2 + (zy - y) ** 2;
        sumVx += k.velocity[0];
        sumVy += k.velocity[1];
        n++;
      }
    }
    // Filtered positions beat the raw measurements by a wide margin ...
    expect(Math.sqrt(sq / n)).toBeLessThan(0.5 * Math.sqrt(rawSq / n));
    // ... and the velocity is found: on average closely; frame by frame within the jitter that letting a
    // player accelerate at a few m/s² costs (0.6 m/s of velocity noise moves a prediction 2 cm per frame).
    expect(Math.hypot(sumVx / n - 4, sumVy / n + 2)).toBeLessThan(0.25);
    const [vx, vy] = k.velocity;
    expect(Math.hypot(vx - 4, vy + 2)).toBeLessThan(1.2);
  });

  it('predicts through a 20-frame gap, its uncertainty growing to cover the truth', () => {
    const rand = rng(4);
    const k = new Kalman2D(...truth(0));
    for (let f = 1; f <= 100; f++) {
      const [x, y] = truth(f * DT);
      k.predict(DT);
      k.update(x + 0.3 * gaussian(rand), y + 0.3 * gaussian(rand));
    }
    const [sBefore] = k.innovationCovariance();
    for (let f = 101; f <= 120; f++) k.predict(DT);
    const [x, y] = truth(120 * DT);
    const [px, py] = k.position;
    expect(Math.hypot(px - x, py - y)).toBeLessThan(0.6);
    const [sxx, sxy, syy] = k.innovationCovariance();
    expect(sxx).toBeGreaterThan(2 * sBefore);
    expect(sxy).toBe(0);
    expect(syy).toBeCloseTo(sxx, 9);
    // The truth is well inside a 99% gate, and so is a point 3 m away (a player who turned while hidden);
    // one 6 m away is not.
    expect(k.mahalanobis2(x, y)).toBeLessThan(1);
    expect(k.mahalanobis2(x + 3, y)).toBeLessThan(9.21);
    expect(k.mahalanobis2(x + 6, y)).toBeGreaterThan(9.21);
  });

  it('gives the same state whether a gap is predicted in one step or in many', () => {
    const a = new Kalman2D(50, 30);
    a.predict(DT);
    a.update(50.2, 30.1);
    const b = a.clone();
    a.predict(0.8);
    for (let i = 0; i < 20; i++) b.predict(0.04);
    a.position.forEach((v, i) => expect(v).toBeCloseTo(b.position[i] as number, 9));
    a.innovationCovariance().forEach((v, i) => expect(v).toBeCloseTo(b.innovationCovariance()[i] as number, 9));
  });

  it('clamps impossible speeds and widens on inflate', () => {
    const k = new Kalman2D(0, 0);
    // Measurements 1 m apart every 40 ms imply 25 m/s.
    for (let f = 1; f <= 20; f++) {
      k.predict(DT);
      k.update(f, 0);
    }
    expect(Math.hypot(...k.velocity)).toBeLessThanOrEqual(10 + 1e-9);
    const [before] = k.innovationCovariance();
    k.inflate(2);
    expect(k.innovationCovariance()[0]).toBeCloseTo(before + 4, 9);
    expect(() => k.predict(-1)).toThrow(RangeError);
  });
});
