import { describe, expect, it } from 'vitest';
import { applyHomography, personPixelHeight, projector, type Camera } from '../../../engine/geometry/camera.js';
import { fitHomography, groundScaleAt } from '../../../engine/geometry/fit-homography.js';

// A broadcast camera on the halfway line, high in the main stand (the renderer's kind of view).
const broadcast: Camera = { x: 52.5, y: -30, z: 18, pan: 0, tilt: 0.32, roll: 0, focal: 1400, width: 1280, height: 720, k1: 0 };
const cam = projector(broadcast);
const ground = (x: number, y: number) => cam.project(x, y, 0) as [number, number];

describe('fitHomography', () => {
  it('recovers the ground-to-image mapping of a camera from a handful of players', () => {
    const feet: [number, number][] = [[40, 20], [48, 35], [55, 10], [62, 40], [45, 50], [58, 28], [70, 22]];
    const H = fitHomography(feet, feet.map(([x, y]) => ground(x, y)));
    expect(H).not.toBeNull();
    for (const [x, y] of [[50, 30], [35, 15], [66, 45]] as const) {
      const [u, v] = applyHomography(H!, x, y);
      const [tu, tv] = ground(x, y);
      expect(Math.hypot(u - tu, v - tv)).toBeLessThan(1e-6 * 1280);
    }
  });

  it('refuses what does not determine a homography: too few points, all on one line', () => {
    expect(fitHomography([[0, 0], [1, 0], [0, 1]], [[0, 0], [1, 0], [0, 1]])).toBeNull();
    const line: [number, number][] = [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]];
    expect(fitHomography(line, line)).toBeNull();
  });
});

describe('groundScaleAt', () => {
  it('gives a standing person\'s pixel height within 10% across the visible pitch', () => {
    const feet: [number, number][] = [[30, 10], [45, 40], [52, 25], [60, 55], [75, 15], [68, 38], [40, 60]];
    const H = fitHomography(feet, feet.map(([x, y]) => ground(x, y)))!;
    for (const [x, y] of [[52, 5], [35, 30], [70, 50], [52, 62]] as const) {
      const truth = personPixelHeight(cam, x, y, 1.85) as number;
      expect(1.85 * groundScaleAt(H, x, y) / truth, `at ${x},${y}`).toBeGreaterThan(0.9);
      expect(1.85 * groundScaleAt(H, x, y) / truth, `at ${x},${y}`).toBeLessThan(1.1);
    }
  });
});
