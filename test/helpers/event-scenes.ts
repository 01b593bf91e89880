import type { BallControlInput } from '../../engine/events/ball-control.js';

/**
 * Hand-built scenes: each player a function frame -> [x, y] (or null when off the pitch), the ball a
 * function frame -> [x, y, z] (or null when unseen).
 */
export type Path = (f: number) => [number, number] | null;
export function scene(frames: number, players: { team: 0 | 1; at: Path; keeper?: boolean }[], ball: (f: number) => [number, number, number] | null, inPlay?: (f: number) => boolean): BallControlInput {
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
    frames, players: n, x, y, team: Int8Array.from(players.map((p) => p.team)), keeper: Uint8Array.from(players.map((p) => (p.keeper ? 1 : 0))), ballX, ballY, ballZ,
    ...(inPlay ? { inPlay: Uint8Array.from({ length: frames }, (_, f) => (inPlay(f) ? 1 : 0)) } : {}),
  };
}
export const still = (x: number, y: number): Path => () => [x, y];
export const lerp = (a: number, b: number, s: number) => a + (b - a) * Math.min(1, Math.max(0, s));


/** A path through waypoints [frame, x, y], linear between them and standing still before the first and after the last. */
export function route(...points: [number, number, number][]): Path {
  return (f) => {
    const first = points[0] as [number, number, number];
    if (f <= first[0]) return [first[1], first[2]];
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as [number, number, number];
      const b = points[i] as [number, number, number];
      if (f <= b[0]) {
        const s = (f - a[0]) / (b[0] - a[0]);
        return [lerp(a[1], b[1], s), lerp(a[2], b[2], s)];
      }
    }
    const last = points[points.length - 1] as [number, number, number];
    return [last[1], last[2]];
  };
}

/** The ball along waypoints [frame, x, y, z?], linear between them. */
export function ballRoute(...points: [number, number, number, number?][]): (f: number) => [number, number, number] {
  const path = route(...points.map(([f, x, y]) => [f, x, y] as [number, number, number]));
  return (f) => {
    const [x, y] = path(f) as [number, number];
    let z = 0;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as [number, number, number, number?];
      const b = points[i] as [number, number, number, number?];
      if (f > a[0] && f < b[0] && (b[3] ?? 0) > 0) z = 4 * (b[3] as number) * ((f - a[0]) / (b[0] - a[0])) * (1 - (f - a[0]) / (b[0] - a[0]));
    }
    return [x, y, z];
  };
}

/** Two keepers in their goals (team 0 defends the left goal) so that every scene knows which way each squad attacks. */
export const keepers = (): { team: 0 | 1; at: Path; keeper: boolean }[] => [
  { team: 0, at: still(2, 34), keeper: true },
  { team: 1, at: still(103, 34), keeper: true },
];

/** Team-mates standing out of the way (five a side, in their own halves): with the keepers, enough people for a match's periods to be read. */
export const bystanders = (): { team: 0 | 1; at: Path }[] => [10, 22, 34, 46, 58].flatMap((y) => [
  { team: 0 as const, at: still(25, y) },
  { team: 1 as const, at: still(80, y) },
]);
