/**
 * A pinhole camera over the pitch. World frame: pitch metres, x along the length (0-105, left to
 * right as seen from the main camera), y across (0 near touchline, 68 far), z up. Camera frame: x right,
 * y down, z forward. Optional radial distortion (k1) is applied to every projected point, so drawings
 * and ground truth agree to the pixel.
 */
export interface Camera {
  /** Position, metres. */
  x: number;
  y: number;
  z: number;
  /** Heading about the vertical, radians; 0 looks along +y (across the pitch from the near side). */
  pan: number;
  /** Downward pitch of the optical axis, radians. */
  tilt: number;
  roll: number;
  /** Focal length in pixels. */
  focal: number;
  width: number;
  height: number;
  /** Radial distortion on normalised coordinates: x_d = x (1 + k1 r²). Barrel when negative. */
  k1: number;
  /**
   * Where the optical axis meets the picture, pixels right of and below its centre (absent: at the
   * centre). Off centre in a picture cut out of a larger one (a tactical camera's feed cropped to 16:9).
   */
  ppx?: number;
  ppy?: number;
}

/** The picture point of the optical axis (the principal point), pixels. */
export function principalPoint(cam: Camera): [number, number] {
  return [cam.width / 2 + (cam.ppx ?? 0), cam.height / 2 + (cam.ppy ?? 0)];
}

/** The same camera for a picture `k` times as large (width and height as given, rounded by the caller). */
export function scaleCamera(cam: Camera, k: number, width: number, height: number): Camera {
  const out: Camera = { ...cam, focal: cam.focal * k, width, height };
  if (cam.ppx !== undefined) out.ppx = cam.ppx * k;
  if (cam.ppy !== undefined) out.ppy = cam.ppy * k;
  return out;
}

export type Mat3 = [number, number, number, number, number, number, number, number, number];

/** Rows of the world-to-camera rotation: right, down, forward. */
export function rotation(cam: Camera): Mat3 {
  const cp = Math.cos(cam.pan);
  const sp = Math.sin(cam.pan);
  const ct = Math.cos(cam.tilt);
  const st = Math.sin(cam.tilt);
  // forward f, right r = f x up (normalised), down d = f x r; scalars, as the coarse calibration search
  // builds a million rotations a frame.
  const f0 = sp * ct;
  const f1 = cp * ct;
  const f2 = -st;
  const r00 = cp;
  const r01 = -sp;
  const r02 = 0;
  const d00 = f1 * r02 - f2 * r01;
  const d01 = f2 * r00 - f0 * r02;
  const d02 = f0 * r01 - f1 * r00;
  // Roll turns right and down about the forward axis.
  const cr = Math.cos(cam.roll);
  const sr = Math.sin(cam.roll);
  return [
    cr * r00 + sr * d00, cr * r01 + sr * d01, cr * r02 + sr * d02,
    -sr * r00 + cr * d00, -sr * r01 + cr * d01, -sr * r02 + cr * d02,
    f0, f1, f2,
  ];
}

export interface Projector {
  /** Pixel of a world point, or null when it is behind the camera (or too close to the image plane, or beyond the lens's reach: lensLimit2). */
  project(x: number, y: number, z: number): [number, number] | null;
  /** Distance along the optical axis (depth), metres; <= 0 behind the camera. */
  depth(x: number, y: number, z: number): number;
  camera: Camera;
  rotation: Mat3;
}

const NEAR = 0.5;

/**
 * The largest squared radius (normalised, undistorted) the lens model can image. Barrel distortion
 * x (1 + k1 r²) with k1 < 0 turns back at r² = 1 / (3 |k1|): past it, points far outside the view would
 * fold back into the picture, which no lens does. A wide static lens (k1 -0.2 to -0.3) reaches that
 * radius a little beyond its picture corners, so points beyond it are treated as not imaged.
 */
export function lensLimit2(k1: number): number {
  return k1 < 0 ? 0.95 / (3 * -k1) : Infinity;
}

export function projector(cam: Camera): Projector {
  const R = rotation(cam);
  const [cx, cy] = principalPoint(cam);
  const limit2 = lensLimit2(cam.k1);
  return {
    camera: cam,
    rotation: R,
    depth(x, y, z) {
      return R[6] * (x - cam.x) + R[7] * (y - cam.y) + R[8] * (z - cam.z);
    },
    project(x, y, z) {
      const dx = x - cam.x;
      const dy = y - cam.y;
      const dz = z - cam.z;
      const zc = R[6] * dx + R[7] * dy + R[8] * dz;
      if (zc < NEAR) return null;
      let xn = (R[0] * dx + R[1] * dy + R[2] * dz) / zc;
      let yn = (R[3] * dx + R[4] * dy + R[5] * dz) / zc;
      if (cam.k1 !== 0) {
        const r2 = xn * xn + yn * yn;
        if (r2 > limit2) return null;
        const k = 1 + cam.k1 * r2;
        xn *= k;
        yn *= k;
      }
      return [cx + cam.focal * xn, cy + cam.focal * yn];
    },
  };
}

/**
 * The ground-plane homography (pitch metres -> pixels) of the undistorted camera: H = K [r1 r2 t].
 * With k1 = 0 it is exact; with distortion, undistort pixels first.
 */
export function groundHomography(cam: Camera): Mat3 {
  const R = rotation(cam);
  const t = [
    -(R[0] * cam.x + R[1] * cam.y + R[2] * cam.z),
    -(R[3] * cam.x + R[4] * cam.y + R[5] * cam.z),
    -(R[6] * cam.x + R[7] * cam.y + R[8] * cam.z),
  ] as const;
  const f = cam.focal;
  const [cx, cy] = principalPoint(cam);
  // K [c0 c1 t] where c0, c1 are the first two columns of R.
  const cols = [[R[0], R[3], R[6]], [R[1], R[4], R[7]], [t[0], t[1], t[2]]] as const;
  const H = cols.map(([a, b, c]) => [f * a + cx * c, f * b + cy * c, c]);
  return [H[0]![0]!, H[1]![0]!, H[2]![0]!, H[0]![1]!, H[1]![1]!, H[2]![1]!, H[0]![2]!, H[1]![2]!, H[2]![2]!];
}

export function applyHomography(H: Mat3, x: number, y: number): [number, number] {
  const w = H[6] * x + H[7] * y + H[8];
  return [(H[0] * x + H[1] * y + H[2]) / w, (H[3] * x + H[4] * y + H[5]) / w];
}

export function invert3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new Error('singular matrix');
  const s = 1 / det;
  return [
    A * s, -(b * i - c * h) * s, (b * f - c * e) * s,
    B * s, (a * i - c * g) * s, -(a * f - c * d) * s,
    C * s, -(a * h - b * g) * s, (a * e - b * d) * s,
  ];
}

/** Horizontal field of view, radians. */
export const horizontalFov = (cam: Camera): number => 2 * Math.atan(cam.width / 2 / cam.focal);

/** The 3x4 projection matrix P = K [R | t] of the undistorted camera, row-major (12 numbers). */
export function projectionMatrix(cam: Camera): number[] {
  const R = rotation(cam);
  const t = [
    -(R[0] * cam.x + R[1] * cam.y + R[2] * cam.z),
    -(R[3] * cam.x + R[4] * cam.y + R[5] * cam.z),
    -(R[6] * cam.x + R[7] * cam.y + R[8] * cam.z),
  ];
  const f = cam.focal;
  const [cx, cy] = principalPoint(cam);
  const rows = [[R[0], R[1], R[2], t[0]!], [R[3], R[4], R[5], t[1]!], [R[6], R[7], R[8], t[2]!]];
  return [
    ...rows[0]!.map((v, j) => f * v + cx * rows[2]![j]!),
    ...rows[1]!.map((v, j) => f * v + cy * rows[2]![j]!),
    ...rows[2]!,
  ];
}

/**
 * The ground point (z = `height`, metres) seen at a picture pixel, or null when the ray does not reach
 * it in front of the camera. Distortion is undone by fixed-point iteration on the radial model.
 */
export function pixelToGround(cam: Camera, u: number, v: number, height = 0): [number, number] | null {
  return groundProjector(cam)(u, v, height);
}

/** pixelToGround with the rotation computed once, for loops over many pixels of one camera. */
export function groundProjector(cam: Camera): (u: number, v: number, height?: number) => [number, number] | null {
  const R = rotation(cam);
  return (u, v, height = 0) => toGround(cam, R, u, v, height);
}

/**
 * Direction (world metres, not normalised) of the ray through a picture pixel: lens distortion undone
 * by fixed-point iteration, then R^T [xn, yn, 1]. `R` is rotation(cam), passed in so callers reuse it;
 * written into `out` (ground projection calls this tens of thousands of times a frame: no allocation).
 */
export function pixelDirection(cam: Camera, R: Mat3, u: number, v: number, out: Float64Array): Float64Array {
  let xn = (u - cam.width / 2 - (cam.ppx ?? 0)) / cam.focal;
  let yn = (v - cam.height / 2 - (cam.ppy ?? 0)) / cam.focal;
  if (cam.k1 !== 0) {
    const xd = xn;
    const yd = yn;
    for (let k = 0; k < 8; k++) {
      const s = 1 + cam.k1 * (xn * xn + yn * yn);
      xn = xd / s;
      yn = yd / s;
    }
  }
  out[0] = R[0] * xn + R[3] * yn + R[6];
  out[1] = R[1] * xn + R[4] * yn + R[7];
  out[2] = R[2] * xn + R[5] * yn + R[8];
  return out;
}

const direction = new Float64Array(3);

function toGround(cam: Camera, R: Mat3, u: number, v: number, height: number): [number, number] | null {
  pixelDirection(cam, R, u, v, direction);
  const rx = direction[0] as number;
  const ry = direction[1] as number;
  const rz = direction[2] as number;
  if (rz >= -1e-9) return null;
  const s = (height - cam.z) / rz;
  if (s <= 0) return null;
  return [cam.x + s * rx, cam.y + s * ry];
}

/** Height in pixels of an upright person of `metres` standing at the ground point (x, y). */
export function personPixelHeight(p: Projector, x: number, y: number, metres: number): number | null {
  const foot = p.project(x, y, 0);
  const head = p.project(x, y, metres);
  if (!foot || !head) return null;
  return Math.hypot(foot[0] - head[0], foot[1] - head[1]);
}
