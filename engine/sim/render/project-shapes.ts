import type { Projector } from '../../geometry/camera.js';

export type P3 = [number, number, number];
export type P2 = [number, number];

const NEAR = 0.5;

/**
 * Projects a planar 3D polygon: clipped against the near plane in camera space (so shapes reaching
 * behind the camera stay correct), edges subdivided when the lens distorts (straight lines bend).
 */
export function projectPolygon(proj: Projector, pts: readonly P3[], subdivide = proj.camera.k1 !== 0 ? 8 : 1): P2[] {
  const cam = proj.camera;
  const R = proj.rotation;
  const toCam = ([x, y, z]: P3): P3 => {
    const dx = x - cam.x;
    const dy = y - cam.y;
    const dz = z - cam.z;
    return [R[0] * dx + R[1] * dy + R[2] * dz, R[3] * dx + R[4] * dy + R[5] * dz, R[6] * dx + R[7] * dy + R[8] * dz];
  };
  const input: P3[] = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i] as P3;
    const b = pts[(i + 1) % pts.length] as P3;
    for (let k = 0; k < subdivide; k++) {
      const s = k / subdivide;
      input.push(toCam([a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, a[2] + (b[2] - a[2]) * s]));
    }
  }
  // Sutherland-Hodgman against z >= NEAR.
  const clipped: P3[] = [];
  for (let i = 0; i < input.length; i++) {
    const a = input[i] as P3;
    const b = input[(i + 1) % input.length] as P3;
    const ina = a[2] >= NEAR;
    const inb = b[2] >= NEAR;
    if (ina) clipped.push(a);
    if (ina !== inb) {
      const s = (NEAR - a[2]) / (b[2] - a[2]);
      clipped.push([a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, NEAR]);
    }
  }
  const f = cam.focal;
  const cx = cam.width / 2;
  const cy = cam.height / 2;
  return clipped.map(([x, y, z]) => {
    let xn = x / z;
    let yn = y / z;
    if (cam.k1 !== 0) {
      const k = 1 + cam.k1 * (xn * xn + yn * yn);
      xn *= k;
      yn *= k;
    }
    return [cx + f * xn, cy + f * yn];
  });
}

/** A ground strip of the given width along a polyline, as one quad per segment. */
export function groundStrips(line: readonly [number, number][], width: number): P3[][] {
  const quads: P3[][] = [];
  const h = width / 2;
  for (let i = 0; i + 1 < line.length; i++) {
    const [x0, y0] = line[i] as [number, number];
    const [x1, y1] = line[i + 1] as [number, number];
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len === 0) continue;
    const nx = (-(y1 - y0) / len) * h;
    const ny = ((x1 - x0) / len) * h;
    // Extend each segment by half a width so joints and corners close.
    const ex = ((x1 - x0) / len) * h;
    const ey = ((y1 - y0) / len) * h;
    quads.push([[x0 - ex + nx, y0 - ey + ny, 0], [x1 + ex + nx, y1 + ey + ny, 0], [x1 + ex - nx, y1 + ey - ny, 0], [x0 - ex - nx, y0 - ey - ny, 0]]);
  }
  return quads;
}

/** Screen size (px) of a length `metres` seen at depth `depth`. */
export const pixelSize = (proj: Projector, metres: number, depth: number): number => (proj.camera.focal * metres) / Math.max(depth, 0.01);
