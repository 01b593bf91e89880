/**
 * Constant-velocity Kalman filter for one person on the pitch, state (x, y, vx, vy) in metres and m/s.
 *
 * Positions arrive already in pitch metres (calibration removes camera motion), so the motion model is the
 * one SORT uses in image space, moved to the ground plane where it is physically right: players carry
 * momentum, and their accelerations are bounded (a few m/s²).
 *
 * The two axes are independent under this model (the transition, the process noise, the measurement
 * and its noise all separate into an x part and a y part, and the initial covariance is diagonal), so the
 * 4x4 covariance never couples x with y: it is kept as two 2x2 blocks, (x, vx) and (y, vy), exactly.
 *
 * Process noise is continuous white-noise acceleration with spectral density q (m²/s³): over dt the
 * velocity variance grows by q·dt, the position variance by q·dt³/3. Unlike the piecewise-constant form,
 * this one gives the same covariance whether a gap is predicted in one step or in forty, which matters
 * because a track coasts through skipped and occluded frames.
 */

export interface Kalman2DOptions {
  /** White-noise acceleration spectral density, m²/s³: q = 4 lets the velocity wander 2 m/s (1 sd) in 1 s. */
  accelerationNoise?: number;
  /** Standard deviation of one position measurement per axis, metres. */
  measurementSigma?: number;
  /** Standard deviation of the unknown velocity of a new track per axis, m/s. */
  initialSpeedSigma?: number;
  /** Speeds above this are clamped (the fastest sprinters reach about 10 m/s), m/s. */
  maxSpeed?: number;
}

export const KALMAN_DEFAULTS: Required<Kalman2DOptions> = {
  // Footballers change velocity by a few m/s within a second (sprint starts, stops, turns); on simulated play
  // the filter's error is flat for q from 2 to 9, and q = 4 keeps a 1.5 s coast's uncertainty near 2 m.
  accelerationNoise: 4,
  measurementSigma: 0.4,
  initialSpeedSigma: 4,
  maxSpeed: 10,
};

/** One axis: position p, velocity v, covariance [[a, b], [b, c]]. */
interface Axis {
  p: number;
  v: number;
  a: number;
  b: number;
  c: number;
}

function predictAxis(s: Axis, dt: number, q: number): void {
  s.p += s.v * dt;
  // F P Fᵀ with F = [[1, dt], [0, 1]], then + Q (continuous white-noise acceleration).
  const dt2 = dt * dt;
  s.a += 2 * dt * s.b + dt2 * s.c + (q * dt2 * dt) / 3;
  s.b += dt * s.c + (q * dt2) / 2;
  s.c += q * dt;
}

function updateAxis(s: Axis, z: number, r: number): void {
  // Scalar measurement of the position: S = a + r, K = [a, b] / S.
  const S = s.a + r;
  const y = z - s.p;
  const k0 = s.a / S;
  const k1 = s.b / S;
  s.p += k0 * y;
  s.v += k1 * y;
  // (I - K H) P, written out for the 2x2 block; symmetric by construction.
  const { a, b, c } = s;
  s.a = a - k0 * a;
  s.b = b - k0 * b;
  s.c = c - k1 * b;
}

export class Kalman2D {
  private readonly ax: Axis;
  private readonly ay: Axis;
  private readonly q: number;
  private readonly r: number;
  private readonly maxSpeed: number;

  constructor(x: number, y: number, private readonly options: Kalman2DOptions = {}) {
    const o = { ...KALMAN_DEFAULTS, ...options };
    this.q = o.accelerationNoise;
    this.r = o.measurementSigma * o.measurementSigma;
    this.maxSpeed = o.maxSpeed;
    const v0 = o.initialSpeedSigma * o.initialSpeedSigma;
    // Born from one measurement: position as uncertain as the measurement, velocity unknown (zero mean).
    this.ax = { p: x, v: 0, a: this.r, b: 0, c: v0 };
    this.ay = { p: y, v: 0, a: this.r, b: 0, c: v0 };
  }

  get position(): [number, number] {
    return [this.ax.p, this.ay.p];
  }

  get velocity(): [number, number] {
    return [this.ax.v, this.ay.v];
  }

  /** Position covariance [sxx, sxy, syy], m² (sxy is 0: the axes are independent, see the header). */
  get positionCovariance(): [number, number, number] {
    return [this.ax.a, 0, this.ay.a];
  }

  /** Advance the state by dt seconds (dt >= 0). */
  predict(dt: number): void {
    if (!(dt >= 0)) throw new RangeError(`Kalman2D.predict: dt must be >= 0, got ${dt}`);
    if (dt === 0) return;
    predictAxis(this.ax, dt, this.q);
    predictAxis(this.ay, dt, this.q);
    this.clampSpeed();
  }

  /** Fold in one position measurement, metres. */
  update(x: number, y: number): void {
    updateAxis(this.ax, x, this.r);
    updateAxis(this.ay, y, this.r);
    this.clampSpeed();
  }

  /** Innovation covariance S = H P Hᵀ + R of the next measurement, [sxx, sxy, syy], m². */
  innovationCovariance(): [number, number, number] {
    return [this.ax.a + this.r, 0, this.ay.a + this.r];
  }

  /** Squared Mahalanobis distance of a measurement from the predicted position (chi-square, 2 dof). */
  mahalanobis2(x: number, y: number): number {
    const dx = x - this.ax.p;
    const dy = y - this.ay.p;
    return (dx * dx) / (this.ax.a + this.r) + (dy * dy) / (this.ay.a + this.r);
  }

  /**
   * Add independent position uncertainty, sigma metres per axis: after a camera cut the new shot's
   * calibration carries its own error, so where the filter believes a player stands is suddenly less sure.
   */
  inflate(sigma: number): void {
    const s2 = sigma * sigma;
    this.ax.a += s2;
    this.ay.a += s2;
  }

  /** Take another filter's covariance, keeping this one's state (see Track's re-update for why). */
  adoptCovariance(from: Kalman2D): void {
    for (const [to, src] of [
      [this.ax, from.ax],
      [this.ay, from.ay],
    ] as const) {
      to.a = src.a;
      to.b = src.b;
      to.c = src.c;
    }
  }

  /** An independent copy (the tracker keeps the state at the last observation for OC-SORT's re-update). */
  clone(): Kalman2D {
    const k = new Kalman2D(0, 0, this.options);
    Object.assign(k.ax, this.ax);
    Object.assign(k.ay, this.ay);
    return k;
  }

  /** Noisy positions over a few frames can imply impossible speeds; a footballer's are bounded. */
  private clampSpeed(): void {
    const speed = Math.hypot(this.ax.v, this.ay.v);
    if (speed > this.maxSpeed) {
      const k = this.maxSpeed / speed;
      this.ax.v *= k;
      this.ay.v *= k;
    }
  }
}
