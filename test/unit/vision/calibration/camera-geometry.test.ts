import { describe, expect, it } from 'vitest';
import {
  applyHomography, groundHomography, horizontalFov, invert3, personPixelHeight, pixelToGround, projectionMatrix, projector, rotation, type Camera,
} from '../../../../engine/geometry/camera.js';
import { aimCamera } from '../../../../engine/match-data/camera-operator.js';

const base = { roll: 0, width: 640, height: 360, k1: 0 };
/** The broadcast camera's rig (halfway line, 38 m back, 24 m up) aimed at the centre spot, 38 m of view. */
const broadcast = aimCamera({ ...base, x: 52.5, y: -38, z: 24 }, 52.5, 34, 38);
/** A wide tactical view with a little roll and barrel distortion. */
const wideBarrel: Camera = { ...aimCamera({ ...base, x: 52.5, y: -42, z: 32 }, 52.5, 30, 118), roll: 0.02, k1: -0.12 };

describe('camera geometry', () => {
  it('rotation is orthonormal and aimCamera looks at its aim point', () => {
    for (const cam of [broadcast, wideBarrel]) {
      const R = rotation(cam);
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          const dot = R[3 * a]! * R[3 * b]! + R[3 * a + 1]! * R[3 * b + 1]! + R[3 * a + 2]! * R[3 * b + 2]!;
          expect(dot).toBeCloseTo(a === b ? 1 : 0, 12);
        }
      }
    }
    const c = projector(broadcast).project(52.5, 34, 0)!;
    expect(c[0]).toBeCloseTo(320, 9);
    expect(c[1]).toBeCloseTo(180, 9);
    // 38 m of view at the aim distance: the field of view matches.
    const dist = Math.hypot(72, 24);
    expect(horizontalFov(broadcast)).toBeCloseTo(2 * Math.atan(19 / dist), 12);
  });

  it('groundHomography and projectionMatrix agree with the projector without distortion', () => {
    const p = projector(broadcast);
    const Hm = groundHomography(broadcast);
    const P = projectionMatrix(broadcast);
    for (const [x, y, z] of [[0, 0, 0], [105, 68, 0], [30, 20, 0], [52.5, 34, 2.44], [80, 60, 1.8]] as const) {
      const q = p.project(x, y, z)!;
      if (z === 0) {
        const h = applyHomography(Hm, x, y);
        expect(h[0]).toBeCloseTo(q[0], 6);
        expect(h[1]).toBeCloseTo(q[1], 6);
      }
      const w = P[8]! * x + P[9]! * y + P[10]! * z + P[11]!;
      expect((P[0]! * x + P[1]! * y + P[2]! * z + P[3]!) / w).toBeCloseTo(q[0], 6);
      expect((P[4]! * x + P[5]! * y + P[6]! * z + P[7]!) / w).toBeCloseTo(q[1], 6);
      expect(p.depth(x, y, z)).toBeCloseTo(w, 9);
    }
    const I = invert3(Hm);
    const back = applyHomography(I, ...applyHomography(Hm, 17, 41));
    expect(back[0]).toBeCloseTo(17, 9);
    expect(back[1]).toBeCloseTo(41, 9);
  });

  it('pixelToGround inverts project at z = 0 and at a given height, with and without k1', () => {
    for (const cam of [broadcast, { ...broadcast, k1: -0.1 }, wideBarrel, { ...wideBarrel, k1: 0.08 }]) {
      const p = projector(cam);
      let worst = 0;
      let n = 0;
      for (let x = -5; x <= 110; x += 5) {
        for (let y = -5; y <= 73; y += 4) {
          for (const z of [0, 1.8]) {
            const q = p.project(x, y, z);
            if (!q || q[0] < 0 || q[1] < 0 || q[0] > cam.width || q[1] > cam.height) continue;
            const g = pixelToGround(cam, q[0], q[1], z);
            expect(g).not.toBeNull();
            worst = Math.max(worst, Math.hypot(g![0] - x, g![1] - y));
            n++;
          }
        }
      }
      expect(n).toBeGreaterThan(20);
      // Exact without distortion (measured 3e-14 m); the 8 fixed-point steps that undo k1 leave at most
      // 5e-6 m in the picture's corners at k1 = -0.12 (measured). 1 mm is still far below a pixel.
      expect(worst).toBeLessThan(cam.k1 === 0 ? 1e-6 : 1e-3);
    }
  });

  it('pixelToGround returns null above the horizon', () => {
    // Tilt 18 degrees at a 29 degree field of view: the top row of a camera tilted up 10 degrees more sees sky.
    const up: Camera = { ...broadcast, tilt: broadcast.tilt - 0.35 };
    expect(pixelToGround(up, 320, 0)).toBeNull();
    expect(pixelToGround(broadcast, 320, 0)).not.toBeNull();
    // A ray that meets the plane z = 30 m above the camera... never does (it looks down).
    expect(pixelToGround(broadcast, 320, 180, 30)).toBeNull();
  });

  it('personPixelHeight is the projected height of an upright person, larger near the camera', () => {
    const p = projector(broadcast);
    const near = personPixelHeight(p, 52.5, 5, 1.8)!;
    const mid = personPixelHeight(p, 52.5, 34, 1.8)!;
    const far = personPixelHeight(p, 52.5, 63, 1.8)!;
    expect(near).toBeGreaterThan(mid);
    expect(mid).toBeGreaterThan(far);
    // At the aim point: depth d = 75.9 m, a vertical 1.8 m seen under the tilt covers about
    // focal * 1.8 * cos(tilt) / d pixels (measured ratio 1.008: 29.0 px; near side 42.8 px, far 21.9 px).
    const approx = (broadcast.focal * 1.8 * Math.cos(broadcast.tilt)) / Math.hypot(72, 24);
    expect(mid / approx).toBeGreaterThan(0.95);
    expect(mid / approx).toBeLessThan(1.05);
    // Proportional to the person's height (to first order).
    expect(personPixelHeight(p, 52.5, 34, 0.9)! / mid).toBeCloseTo(0.5, 2);
    // Behind the camera: no height.
    expect(personPixelHeight(p, 52.5, -60, 1.8)).toBeNull();
  });
});
