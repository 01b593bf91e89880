import { pixelToGround, projector, type Camera } from '../../../../engine/geometry/camera.js';
import { BALL_DIAMETER, type BallCandidate } from '../../../../engine/vision/ball/ball-candidates.js';
import type { BallPoint } from '../../../../engine/vision/ball/ball-track.js';
import { createRng } from '../../../../engine/match-data/rng.js';

/** Synthetic ball scenes: a broadcast camera on the working grid and candidates as the candidate stage makes them. */

/** The main camera of the rendered fixtures (main stand, 24 m up), on the 640x360 working grid. */
export function broadcastCamera(over: Partial<Camera> = {}): Camera {
  return { x: 52.5, y: -38, z: 24, pan: 0, tilt: 0.32, roll: 0, focal: 1215, width: 640, height: 360, k1: 0, ...over };
}

/** A seeded generator (the simulator's Mulberry32), so every scenario is the same on every run. */
export function rng(seed: number): () => number {
  return createRng(seed).next;
}

/**
 * The candidate a white ball whose lowest point is at (x, y, z) makes: its centre's pixel (with `noise`
 * pixels of jitter), the ground point under its blob's lowest pixel (where an airborne ball's shadow is not),
 * its size there. `score` and `kind` as the candidate stage gives them.
 */
export function ballCandidate(cam: Camera, x: number, y: number, z: number, o: { noise?: number; rand?: () => number; score?: number; kind?: 'free' | 'feet'; peak?: number } = {}): BallCandidate | null {
  const proj = projector(cam);
  const centre = proj.project(x, y, z + BALL_DIAMETER / 2);
  const bottom = proj.project(x, y, z);
  const top = proj.project(x, y, z + BALL_DIAMETER);
  if (!centre || !bottom || !top) return null;
  const jitter = () => (o.rand && o.noise ? (o.rand() - 0.5) * 2 * o.noise : 0);
  const u = centre[0] + jitter();
  const v = centre[1] + jitter();
  const g = pixelToGround(cam, u, v + (bottom[1] - centre[1]));
  if (!g) return null;
  const d = Math.max(1, Math.hypot(bottom[0] - top[0], bottom[1] - top[1]));
  const size = Math.max(1, Math.round(d));
  const peak = o.peak ?? 250;
  return { u, v, x: g[0], y: g[1], score: o.score ?? 1.8, kind: o.kind ?? 'free', w: size, h: size, d, area: size * size, peak: [peak, peak, peak - 2], bg: [60, 110, 50] };
}

/** The candidate a ball detector peak on a ball lying at (x, y) makes, with the network's score. */
export function netPeakAt(cam: Camera, x: number, y: number, score: number): BallCandidate | null {
  const c = ballCandidate(cam, x, y, 0);
  return c ? { ...c, kind: 'net', score, peak: undefined } : null;
}

/** Metres on the ground between a placed ball and a point (Infinity where no ball was placed). */
export const dist = (p: BallPoint | null | undefined, q: readonly number[]) => (p ? Math.hypot(p.x - (q[0] as number), p.y - (q[1] as number)) : Infinity);
