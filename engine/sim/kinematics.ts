/**
 * Human movement limits. Top speeds of elite players are about 9.5-10 m/s (Premier League research
 * reports peaks near 36 km/h); accelerations above about 4-5 m/s² are rare beyond the first steps.
 */
export const MAX_SPEED = 9.5;
export const MAX_ACCEL = 4.5;
export const MAX_DECEL = 6.0;

export interface Mover {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/**
 * Moves one agent a time step towards a target: the desired speed grows with distance (`gain`, per
 * second) up to `maxSpeed`, or is at least `minSpeed` (to be somewhere on time); velocity changes are
 * bounded by acceleration and braking limits, which also bounds how sharply a fast runner can turn.
 */
export function steer(m: Mover, tx: number, ty: number, dt: number, maxSpeed: number, gain: number, minSpeed = 0): void {
  const dx = tx - m.x;
  const dy = ty - m.y;
  const d = Math.hypot(dx, dy);
  const cap = Math.min(maxSpeed, MAX_SPEED);
  let speed = Math.min(cap, Math.max(d * gain, Math.min(minSpeed, cap)));
  // Never overshoot within one step.
  if (speed * dt > d) speed = d / dt;
  const wx = d > 1e-9 ? (dx / d) * speed : 0;
  const wy = d > 1e-9 ? (dy / d) * speed : 0;
  let ax = wx - m.vx;
  let ay = wy - m.vy;
  const current = Math.hypot(m.vx, m.vy);
  const braking = wx * m.vx + wy * m.vy < current * current;
  const limit = (braking ? MAX_DECEL : MAX_ACCEL) * dt;
  const dv = Math.hypot(ax, ay);
  if (dv > limit) {
    ax *= limit / dv;
    ay *= limit / dv;
  }
  m.vx += ax;
  m.vy += ay;
  const v = Math.hypot(m.vx, m.vy);
  if (v > MAX_SPEED) {
    m.vx *= MAX_SPEED / v;
    m.vy *= MAX_SPEED / v;
  }
  m.x += m.vx * dt;
  m.y += m.vy * dt;
}
