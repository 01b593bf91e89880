import type { BallControlInput } from '../../engine/events/ball-control.js';

/**
 * Hand-built scenes: each player a function frame -> [x, y] (or null when off the pitch), the ball a
 * function frame -> [x, y, z] (or null when unseen).
 */
export type Path = (f: number) => [number, number] | null;
export function scene(frames: number, players: { team: 0 | 1; at: Path }[], ball: (f: number) => [number, number, number] | null, inPlay?: (f: number) => boolean): BallControlInput {
  const n = players.length;
  const x = new Float32Array(frames * n).fill(NaN);
  const y = new Float32Array(frames * n).fill(NaN);
  const ballX = new Float32Array(frames).fill(NaN);
  const ballY = new Float32Array(frames).fill(NaN);
  const ballZ = new Float32Array(frames).fill(NaN);
  for (let f = 0; f < frames; f++) {
    players.forEach((p, k) => {
      const at = p.at(f);
      if (at) [x[f * n + k], y[f * n + k]] = at;
    });
    const b = ball(f);
    if (b) [ballX[f], ballY[f], ballZ[f]] = b;
  }
  return {
    frames, players: n, x, y, team: Int8Array.from(players.map((p) => p.team)), ballX, ballY, ballZ,
    ...(inPlay ? { inPlay: Uint8Array.from({ length: frames }, (_, f) => (inPlay(f) ? 1 : 0)) } : {}),
  };
}
export const still = (x: number, y: number): Path => () => [x, y];
export const lerp = (a: number, b: number, s: number) => a + (b - a) * Math.min(1, Math.max(0, s));

