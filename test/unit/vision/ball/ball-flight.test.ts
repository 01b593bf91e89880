import { describe, expect, it } from 'vitest';
import { pixelToGround, projector } from '../../../../engine/geometry/camera.js';
import { fitRays, pixelRay, type RayObservation } from '../../../../engine/vision/ball/ball-flight.js';
import { broadcastCamera, rng } from './synthetic.js';

const G = 9.81;
const R = 0.11;

/** Rays through the picture positions of a ball's centre, with up to `noise` pixels of jitter. */
function observe(path: (t: number) => [number, number, number], frames: number, noise: number, seed = 1): RayObservation[] {
  const rand = rng(seed);
  const obs: RayObservation[] = [];
  for (let k = 0; k < frames; k++) {
    const t = k * 0.04;
    // A camera that pans a little while it follows the play: the rays are still in world metres.
    const cam = broadcastCamera({ pan: -0.15 + 0.004 * k, focal: 1215 + 2 * k });
    const p = path(t);
    const px = projector(cam).project(p[0], p[1], p[2]);
    if (!px) throw new Error('behind the camera');
    const ray = pixelRay(cam, px[0] + (rand() - 0.5) * 2 * noise, px[1] + (rand() - 0.5) * 2 * noise);
    const depth = Math.hypot(p[0] - cam.x, p[1] - cam.y, p[2] - cam.z);
    obs.push({ t, ray, focal: cam.focal, w: cam.focal / depth });
  }
  return obs;
}

describe('fitRays', () => {
  it('recovers a lofted pass in 3D from the camera rays of its picture positions', () => {
    // 2 s in the air, 24 m across the pitch and away from the camera, apex 4.9 m.
    const T = 2;
    const flight = (t: number): [number, number, number] => [30 + 12 * t, 20 + 8 * t, R + (G * T * t) / 2 - (G * t * t) / 2];
    const obs = observe(flight, 51, 0.4);
    const fit = fitRays(obs, 'flight', R);
    expect(fit).not.toBeNull();
    if (!fit) return;
    expect(fit.rms).toBeLessThan(0.6);
    let worst = 0;
    for (const o of obs) {
      const p = fit.fit.point(fit.theta, o.t);
      const q = flight(o.t);
      worst = Math.max(worst, Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]));
    }
    expect(worst).toBeLessThan(0.5);
    // Where the ray through the ball meets the grass at the apex, for contrast: metres beyond the ball.
    const apex = obs[25] as RayObservation;
    const s = -apex.ray.cz / apex.ray.dz;
    const ground = [apex.ray.cx + s * apex.ray.dx, apex.ray.cy + s * apex.ray.dy];
    expect(Math.hypot((ground[0] as number) - flight(1)[0], (ground[1] as number) - flight(1)[1])).toBeGreaterThan(8);
    // The ground model cannot explain the same rays.
    const ground2 = fitRays(obs, 'ground', R);
    expect(ground2?.rms ?? Infinity).toBeGreaterThan(4 * fit.rms);
  });

  it('explains a ball rolling on the grass with the ground model, and finds no height in it', () => {
    const roll = (t: number): [number, number, number] => [40 + 9 * t - 0.6 * t * t, 30 - 4 * t + 0.3 * t * t, R];
    const obs = observe(roll, 40, 0.4, 2);
    const ground = fitRays(obs, 'ground', R);
    expect(ground?.rms ?? Infinity).toBeLessThan(0.6);
    const flight = fitRays(obs, 'flight', R);
    // The parabola either fits worse or stays on the grass.
    if (flight && flight.rms < 2 * (ground?.rms ?? 0)) {
      for (const o of obs) expect(Math.abs(flight.fit.point(flight.theta, o.t)[2] - R)).toBeLessThan(1);
    }
  });

  it('pixelRay and pixelToGround agree on where a ray meets the grass', () => {
    const cam = broadcastCamera({ pan: 0.2, k1: -0.05 });
    for (const [u, v] of [[100, 200], [320, 180], [600, 300]] as const) {
      const ray = pixelRay(cam, u, v);
      const s = -ray.cz / ray.dz;
      const g = pixelToGround(cam, u, v) as [number, number];
      expect(ray.cx + s * ray.dx).toBeCloseTo(g[0], 6);
      expect(ray.cy + s * ray.dy).toBeCloseTo(g[1], 6);
    }
  });
});
