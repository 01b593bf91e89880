import { describe, expect, it } from 'vitest';
import { applyHomography, groundHomography, invert3, lensLimit2, projectionMatrix, projector, type Camera } from '../../../engine/geometry/camera.js';
import { aimCamera, CameraOperator } from '../../../engine/match-data/camera-operator.js';
import { createRng } from '../../../engine/match-data/rng.js';
import { projectPolygon } from '../../../engine/sim/render/project-shapes.js';

const cam: Camera = aimCamera({ x: 52.5, y: -32, z: 17, roll: 0, width: 1280, height: 720, k1: 0 }, 40, 30, 38);

describe('pinhole camera', () => {
  it('puts the aim point at the image centre', () => {
    const p = projector(cam).project(40, 30, 0)!;
    expect(p[0]).toBeCloseTo(640, 6);
    expect(p[1]).toBeCloseTo(360, 6);
  });

  it('sees the requested view width across the aim distance', () => {
    const proj = projector(cam);
    // Points 19 m either side of the aim, perpendicular to the line of sight, land on the image edges.
    const dx = 40 - cam.x;
    const dy = 30 - cam.y;
    const d = Math.hypot(dx, dy);
    const left = proj.project(40 - (dy / d) * 19, 30 + (dx / d) * 19, 0)!;
    const right = proj.project(40 + (dy / d) * 19, 30 - (dx / d) * 19, 0)!;
    const dist = Math.hypot(d, cam.z);
    // The view width is measured at the slant distance; on the ground it spans a little wider than 38 m.
    expect(Math.abs(right[0] - left[0])).toBeGreaterThan(1280 * (d / dist) * 0.95);
    expect(right[0]).toBeGreaterThan(left[0]);
  });

  it('has a ground homography that agrees with the projection (k1 = 0) and inverts back to metres', () => {
    const H = groundHomography(cam);
    const Hi = invert3(H);
    const proj = projector(cam);
    for (const [x, y] of [[0, 0], [52.5, 34], [105, 68], [16.5, 13.84], [88.5, 54.16]] as const) {
      const a = proj.project(x, y, 0)!;
      const b = applyHomography(H, x, y);
      expect(b[0]).toBeCloseTo(a[0], 6);
      expect(b[1]).toBeCloseTo(a[1], 6);
      const back = applyHomography(Hi, b[0], b[1]);
      expect(back[0]).toBeCloseTo(x, 6);
      expect(back[1]).toBeCloseTo(y, 6);
    }
  });

  it('has a 3x4 camera matrix K[R|t] that projects 3D points like the projector', () => {
    const P = projectionMatrix(cam);
    expect(P).toHaveLength(12);
    for (const [x, y, z] of [[52.5, 34, 0], [0, 68, 2.44], [30, 10, 1.8]] as const) {
      const w = P[8]! * x + P[9]! * y + P[10]! * z + P[11]!;
      const u = (P[0]! * x + P[1]! * y + P[2]! * z + P[3]!) / w;
      const v = (P[4]! * x + P[5]! * y + P[6]! * z + P[7]!) / w;
      const p = projector(cam).project(x, y, z)!;
      expect(u).toBeCloseTo(p[0], 6);
      expect(v).toBeCloseTo(p[1], 6);
    }
  });

  it('applies radial distortion x_d = x (1 + k1 r^2) on normalised coordinates', () => {
    const bent = { ...cam, k1: -0.1 };
    const straight = projector(cam).project(10, 50, 0)!;
    const curved = projector(bent).project(10, 50, 0)!;
    const xn = (straight[0] - 640) / cam.focal;
    const yn = (straight[1] - 360) / cam.focal;
    const k = 1 - 0.1 * (xn * xn + yn * yn);
    expect(curved[0]).toBeCloseTo(640 + cam.focal * xn * k, 6);
    expect(curved[1]).toBeCloseTo(360 + cam.focal * yn * k, 6);
  });

  it('clips polygons that reach behind the camera instead of flipping them', () => {
    const proj = projector(cam);
    const poly = projectPolygon(proj, [[0, -100, 0], [105, -100, 0], [105, 60, 0], [0, 60, 0]]);
    expect(poly.length).toBeGreaterThanOrEqual(4);
    for (const [, v] of poly) expect(Number.isFinite(v)).toBe(true);
    expect(projector(cam).project(52.5, -60, 0)).toBeNull();
  });

  it('images nothing past a barrel lens reach, where x (1 + k1 r^2) would fold far-off ground back into the picture', () => {
    // A low wide static camera (a club's): 8 m up beside the halfway line, k1 -0.25.
    const wide = aimCamera({ x: 52.5, y: -12, z: 8, roll: 0, width: 1280, height: 720, k1: -0.25 }, 30, 34, 70);
    const limit = lensLimit2(wide.k1);
    expect(limit).toBeCloseTo(0.95 / 0.75, 9);
    expect(lensLimit2(0)).toBe(Infinity);
    expect(lensLimit2(0.1)).toBe(Infinity);
    // The farthest a point can land from the centre, in pixels: r (1 + k1 r^2) at the limit.
    const r = Math.sqrt(limit);
    const reach = wide.focal * r * (1 + wide.k1 * limit);
    const proj = projector(wide);
    let refused = 0;
    for (let x = -40; x <= 145; x += 5) {
      for (let y = -30; y <= 100; y += 5) {
        const p = proj.project(x, y, 0);
        if (proj.depth(x, y, 0) < 0.5) continue;
        if (!p) {
          refused++;
          continue;
        }
        expect(Math.hypot(p[0] - 640, p[1] - 360)).toBeLessThanOrEqual(reach + 1e-6);
      }
    }
    // Ground well off to the side lies in front of the camera but past the reach.
    expect(refused).toBeGreaterThan(50);
    // Polygons are clipped to the reach too: the run-off grass around the pitch (reaching behind the
    // camera and far to both sides) stays inside the lens circle instead of folding over the sky.
    const poly = projectPolygon(proj, [[-8, -60, 0], [113, -60, 0], [113, 73, 0], [-8, 73, 0]]);
    expect(poly.length).toBeGreaterThanOrEqual(8);
    for (const [u, v] of poly) expect(Math.hypot(u - 640, v - 360)).toBeLessThanOrEqual(reach + 1e-6);
  });
});

describe('the side camera (a club\'s static wide camera)', () => {
  const size = { width: 1280, height: 720 };
  const ball = { x: 20, y: 10, vx: 8, vy: -3 };

  it('stands still, low beside the near touchline, and shows the far touchline in the upper middle of the picture', () => {
    const rigs = [1, 2, 3, 4, 5, 6].map((seed) => {
      const op = new CameraOperator('side', size, createRng(seed), -0.2);
      const first = op.next(ball, 0.04);
      // The ball moving does not move it.
      const later = op.next({ x: 90, y: 60, vx: -10, vy: 4 }, 0.04);
      expect(later).toEqual(first);
      return first;
    });
    for (const c of rigs) {
      expect(c.z).toBeGreaterThanOrEqual(5);
      expect(c.z).toBeLessThanOrEqual(12);
      expect(c.y).toBeLessThan(-4);
      expect(c.y).toBeGreaterThan(-19);
      expect(Math.abs(c.x - 52.5)).toBeLessThanOrEqual(10);
      expect(c.k1).toBe(-0.2);
      expect(Math.abs(c.roll)).toBeLessThanOrEqual(0.06);
      // The far touchline below the top edge and above the middle's lower half: a low camera's view.
      const far = projector(c).project(52.5 + (c.pan < 0 ? -20 : c.pan > 0.3 ? 20 : 0), 68, 0);
      expect(far).not.toBeNull();
      expect(far![1]).toBeGreaterThan(0);
      expect(far![1]).toBeLessThan(0.6 * size.height);
    }
    // Seeds place it differently (what it shows, where it stands).
    expect(new Set(rigs.map((c) => c.x.toFixed(2))).size).toBe(rigs.length);
  });

  it('leaves the other cameras as they were (its draws come from a stream of their own)', () => {
    const a = new CameraOperator('broadcast', size, createRng(7));
    const frames = Array.from({ length: 5 }, () => a.next(ball, 0.04));
    // The broadcast operator's hand-held shake is its only draw: same seed, same frames.
    const b = new CameraOperator('broadcast', size, createRng(7));
    expect(Array.from({ length: 5 }, () => b.next(ball, 0.04))).toEqual(frames);
    const r = createRng(7);
    r.fork(0x51de);
    const shake = createRng(7);
    expect(r.next()).toBe(shake.next());
  });
});
