import { lensLimit2, type Projector } from '../../geometry/camera.js';

export type P3 = [number, number, number];
export type P2 = [number, number];

const NEAR = 0.5;
/** Sides of the polygonal cone that stands in for the lens's circular reach (lensLimit2) when clipping. */
const CONE_SIDES = 16;

/** Sutherland-Hodgman: keeps the part of a closed polygon where inside(p) >= 0 (inside is linear). */
function clip(poly: P3[], inside: (p: P3) => number): P3[] {
  const out: P3[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as P3;
    const b = poly[(i + 1) % poly.length] as P3;
    const da = inside(a);
    const db = inside(b);
    if (da >= 0) out.push(a);
    if (da >= 0 !== db >= 0) {
      const s = da / (da - db);
      out.push([a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s, a[2] + (b[2] - a[2]) * s]);
    }
  }
  return out;
}

/**
 * Projects a planar 3D polygon: clipped against the near plane in camera space (so shapes reaching
 * behind the camera stay correct) and against the lens's reach, edges subdivided when the lens distorts
 * (straight lines bend).
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
  let clipped = clip(input, (p) => p[2] - NEAR);
  // A barrel lens images only a cone (lensLimit2); past it the model would fold far-off ground back into
  // the picture. The cone is approximated by an inscribed polygon, a hair inside the true limit.
  const limit = Math.sqrt(lensLimit2(cam.k1)) * Math.cos(Math.PI / CONE_SIDES);
  if (Number.isFinite(limit)) {
    for (let k = 0; k < CONE_SIDES && clipped.length; k++) {
      const c = Math.cos((2 * Math.PI * k) / CONE_SIDES);
      const sn = Math.sin((2 * Math.PI * k) / CONE_SIDES);
      clipped = clip(clipped, (p) => limit * p[2] - c * p[0] - sn * p[1]);
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
