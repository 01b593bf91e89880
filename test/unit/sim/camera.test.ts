import { describe, expect, it } from 'vitest';
import { applyHomography, groundHomography, invert3, projectionMatrix, projector, type Camera } from '../../../engine/geometry/camera.js';
import { aimCamera } from '../../../engine/sim/render/camera-operator.js';
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
});
