import { describe, expect, it } from 'vitest';
import { jitter, rts, smoothRun } from '../../../../engine/vision/tracking/bounded-smoother.js';
import { HUMAN_MOTION, reachable } from '../../../../engine/results/human-motion.js';

const DT = 0.04;

/** A deterministic standard normal sequence (Park-Miller and Box-Muller), so the tests repeat. */
function normals(seed: number): () => number {
  let s = seed;
  const u = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

/** A player who jogs at 3 m/s, speeds up to 8.5 m/s at 4 m/s^2, holds it and turns: true positions and speeds. */
function sprint(n: number): { x: Float64Array; y: Float64Array; speed: Float64Array } {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const speed = new Float64Array(n);
  let px = 10;
  let py = 20;
  let v = 3;
  let heading = 0;
  for (let k = 0; k < n; k++) {
    if (k > 50) v = Math.min(8.5, v + 4 * DT);
    if (k > 150) heading += 0.01;
    px += v * Math.cos(heading) * DT;
    py += v * Math.sin(heading) * DT;
    x[k] = px;
    y[k] = py;
    speed[k] = v;
  }
  return { x, y, speed };
}

const stepSpeed = (x: ArrayLike<number>, y: ArrayLike<number>, k: number) => Math.hypot((x[k + 1] as number) - (x[k] as number), (y[k + 1] as number) - (y[k] as number)) / DT;

describe('human motion limits', () => {
  it('lets a sprint plus foot-point noise through and stops a jump between two people', () => {
    expect(reachable(0.4 + 1, 0, DT)).toBe(true); // 10 m/s for a frame and a metre of noise
    expect(reachable(1.8, 0, DT)).toBe(false); // 1.8 m in 40 ms (seen on real broadcast)
    expect(reachable(8, 0, 1)).toBe(true);
    expect(reachable(15, 0, 1)).toBe(false);
  });
});

describe('jitter (the foot point noise of a run)', () => {
  it('reads the noise added to a running path, and none from the running itself', () => {
    const { x, y } = sprint(300);
    expect(jitter(x, y, 0, 300)).toBeLessThan(0.005);
    const g = normals(3);
    const nx = Float64Array.from(x, (v) => v + 0.2 * g());
    const ny = Float64Array.from(y, (v) => v + 0.2 * g());
    expect(jitter(nx, ny, 0, 300)).toBeGreaterThan(0.16);
    expect(jitter(nx, ny, 0, 300)).toBeLessThan(0.24);
    expect(jitter(nx, ny, 0, 5)).toBeNull();
  });
});

describe('rts (Rauch-Tung-Striebel, constant velocity)', () => {
  it('passes a straight constant-speed line through (within a centimetre: the velocity prior)', () => {
    const z = Float64Array.from({ length: 50 }, (_, k) => 5 + 0.3 * k);
    const out = new Float64Array(50);
    rts(z, new Float64Array(50).fill(1), 0.04, 4, DT, out);
    for (let k = 0; k < 50; k++) expect(Math.abs((out[k] as number) - (z[k] as number))).toBeLessThan(0.01);
  });

  it('follows a trusted sample less the more its weight says it is noisy', () => {
    const z = new Float64Array(41).fill(0);
    z[20] = 1;
    const w = new Float64Array(41).fill(1);
    const a = new Float64Array(41);
    const b = new Float64Array(41);
    rts(z, w, 0.04, 4, DT, a);
    w[20] = 1000;
    rts(z, w, 0.04, 4, DT, b);
    expect(a[20]).toBeGreaterThan(0.05);
    expect(Math.abs(b[20] as number)).toBeLessThan(0.01);
  });
});

describe('smoothRun (a path a body can run)', () => {
  it('takes the jitter out of speeds: a sprint read within 0.5 m/s, no step over the top speed', () => {
    const truth = sprint(300);
    const g = normals(11);
    const x = Float64Array.from(truth.x, (v) => v + 0.25 * g());
    const y = Float64Array.from(truth.y, (v) => v + 0.25 * g());
    let rawFast = 0;
    for (let k = 0; k + 1 < 300; k++) if (stepSpeed(x, y, k) > 10) rawFast++;
    expect(rawFast).toBeGreaterThan(30); // 0.25 m of noise makes a third of raw steps "faster than 10 m/s"
    smoothRun(x, y, 0, 300, DT);
    let err = 0;
    for (let k = 5; k + 6 < 300; k++) {
      err += Math.abs(Math.hypot((x[k + 1] as number) - (x[k - 1] as number), (y[k + 1] as number) - (y[k - 1] as number)) / (2 * DT) - (truth.speed[k] as number));
      expect(stepSpeed(x, y, k)).toBeLessThanOrEqual(HUMAN_MOTION.maxSpeed + 1e-6);
    }
    expect(err / 289).toBeLessThan(0.5);
  });

  it('never leaves a step over the top speed, even where the samples insist on one', () => {
    // Someone standing, then 1.2 m further on for good: as fast as the noise allows, not a 30 m/s step.
    const x = Float64Array.from({ length: 60 }, (_, k) => (k < 30 ? 0 : 1.2));
    const y = new Float64Array(60);
    const distrusted = smoothRun(x, y, 0, 60, DT);
    expect(distrusted).toBeGreaterThan(0);
    for (let k = 0; k + 1 < 60; k++) expect(stepSpeed(x, y, k)).toBeLessThanOrEqual(HUMAN_MOTION.maxSpeed + 1e-6);
    expect(x[0]).toBeCloseTo(0, 1);
    expect(x[59]).toBeCloseTo(1.2, 1);
  });

  it('leaves runs under three samples alone and only writes inside [from, to)', () => {
    const x = Float64Array.from([1, 5, 9, 2, 2.1, 2.2, 2.3]);
    const y = new Float64Array(7);
    expect(smoothRun(x, y, 0, 2, DT)).toBe(0);
    expect(Array.from(x.subarray(0, 2))).toEqual([1, 5]);
    smoothRun(x, y, 3, 7, DT);
    expect(Array.from(x.subarray(0, 3))).toEqual([1, 5, 9]);
    expect(x[6]).toBeCloseTo(2.3, 1);
  });
});
