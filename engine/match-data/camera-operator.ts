import { PITCH_LENGTH as L, PITCH_WIDTH as W } from './match-events.js';
import type { Camera } from '../geometry/camera.js';
import type { Rng } from './rng.js';

export type CameraKind = 'broadcast' | 'tactical' | 'panoramic' | 'side';
export const CAMERA_KINDS: readonly CameraKind[] = ['broadcast', 'tactical', 'panoramic', 'side'];

export interface FrameSize {
  width: number;
  height: number;
}

/** A critically damped spring: follows its target smoothly with a lag of about 1/omega seconds. */
class Spring {
  v = 0;
  constructor(public x: number, private readonly omega: number, private readonly maxRate: number) {}
  step(target: number, dt: number): number {
    const w = this.omega;
    this.v += (w * w * (target - this.x) - 2 * w * this.v) * dt;
    this.v = Math.max(-this.maxRate, Math.min(this.maxRate, this.v));
    this.x += this.v * dt;
    return this.x;
  }
}

export function aimCamera(base: Omit<Camera, 'pan' | 'tilt' | 'focal'>, ax: number, ay: number, viewWidth: number): Camera {
  const dx = ax - base.x;
  const dy = ay - base.y;
  const ground = Math.hypot(dx, dy);
  const dist = Math.hypot(ground, base.z);
  const hfov = 2 * Math.atan(viewWidth / 2 / dist);
  return {
    ...base,
    pan: Math.atan2(dx, dy),
    tilt: Math.atan2(base.z, ground),
    focal: base.width / 2 / Math.tan(hfov / 2),
  };
}

/**
 * Who points the camera. The broadcast operator stands at the halfway line, about 24 m up and 38 m
 * back: he keeps the ball a little ahead of centre (lead), ignores small moves (deadzone), follows with
 * the lag of a person (springs), and zooms out when play opens up. The tactical and panoramic cameras
 * are static wide shots of the whole pitch from high up. The side camera is what a club films with: a
 * static wide lens on a mast or a stand a few metres up beside the touchline, near the halfway line,
 * showing one half or the whole pitch with the far touchline near the middle of the picture. Where it
 * stands and what it shows come from the seed.
 */
export class CameraOperator {
  private aimX: Spring;
  private aimY: Spring;
  private zoom: Spring;
  private targetX = L / 2;
  private targetY = W / 2;
  private shake = 0;
  private readonly side: { x: number; y: number; z: number; roll: number; aimX: number; viewWidth: number };

  constructor(readonly kind: CameraKind, private readonly size: FrameSize, private readonly rng: Rng, private readonly k1 = 0) {
    this.aimX = new Spring(L / 2, 1.4, 30);
    this.aimY = new Spring(W / 2, 1.2, 15);
    this.zoom = new Spring(40, 0.7, 25);
    // Its own stream: the broadcast operator's draws (and every fixture rendered before) stay as they were.
    const r = rng.fork(0x51de);
    const shows = Math.floor(r.next() * 3);
    this.side = {
      x: L / 2 + r.range(-10, 10),
      y: -r.range(5, 18),
      z: r.range(5, 12),
      // A mast is rarely level: a few degrees either way (the real one we measured: 5.7).
      roll: r.range(-0.06, 0.06),
      aimX: [L / 4, L / 2, (3 * L) / 4][shows] as number,
      viewWidth: shows === 1 ? r.range(95, 125) : r.range(60, 80),
    };
  }

  /** The camera for the next frame, given the ball (metres) and its velocity (m/s). */
  next(ball: { x: number; y: number; vx: number; vy: number }, dt: number): Camera {
    const base = { roll: 0, width: this.size.width, height: this.size.height, k1: this.k1 };
    if (this.kind === 'tactical') return aimCamera({ ...base, x: L / 2, y: -42, z: 32 }, L / 2, W / 2 - 4, 118);
    if (this.kind === 'panoramic') return aimCamera({ ...base, x: L / 2, y: -12, z: 70 }, L / 2, W / 2 - 6, 138);
    if (this.kind === 'side') {
      const { aimX, viewWidth, ...at } = this.side;
      return aimCamera({ ...base, ...at }, aimX, W / 2 + 4, viewWidth);
    }

    const speed = Math.hypot(ball.vx, ball.vy);
    const leadX = ball.x + ball.vx * 0.6;
    const leadY = ball.y + ball.vy * 0.3;
    // Deadzone: a real operator does not chase every touch.
    if (Math.abs(leadX - this.targetX) > 4) this.targetX = leadX - Math.sign(leadX - this.targetX) * 4;
    if (Math.abs(leadY - this.targetY) > 3) this.targetY = leadY - Math.sign(leadY - this.targetY) * 3;
    const ax = this.aimX.step(Math.max(8, Math.min(L - 8, this.targetX)), dt);
    const ay = this.aimY.step(Math.max(10, Math.min(W - 8, this.targetY)), dt);
    const width = this.zoom.step(speed > 12 ? 58 : speed > 6 ? 46 : 38, dt);
    // A little hand-held unsteadiness (smoothed noise), a few hundredths of a degree.
    this.shake += (this.rng.gauss() * 0.0004 - this.shake) * 0.2;
    const cam = aimCamera({ ...base, x: L / 2, y: -38, z: 24 }, ax, ay, width);
    return { ...cam, pan: cam.pan + this.shake, tilt: cam.tilt + this.shake * 0.5 };
  }
}
