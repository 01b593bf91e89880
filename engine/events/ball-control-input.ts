import type { SimTrack } from '../match-data/sim-track.js';
import type { BallControlInput } from './ball-control.js';

/**
 * Ball-control input from a track in the simulator's layout (the simulator's truth, or a tracking
 * import read into it): the players and goalkeepers of both squads, the ball object's position, its
 * height and the in-play flag. Null when the track has no ball.
 */
export function controlInputFromTrack(track: SimTrack): { input: BallControlInput; playerIds: string[] } | null {
  const n = track.objects.length;
  const ball = track.objects.findIndex((o) => o.role === 'ball');
  if (ball < 0) return null;
  const people = track.objects.flatMap((o, i) => ((o.role === 'player' || o.role === 'goal_keeper') && (o.team === 0 || o.team === 1) ? [i] : []));
  const p = people.length;
  const x = new Float32Array(track.frames * p);
  const y = new Float32Array(track.frames * p);
  const ballX = new Float32Array(track.frames);
  const ballY = new Float32Array(track.frames);
  for (let f = 0; f < track.frames; f++) {
    for (let k = 0; k < p; k++) {
      const i = f * n + (people[k] as number);
      x[f * p + k] = track.x[i] as number;
      y[f * p + k] = track.y[i] as number;
    }
    ballX[f] = track.x[f * n + ball] as number;
    ballY[f] = track.y[f * n + ball] as number;
  }
  return {
    input: {
      frames: track.frames, players: p, x, y, team: Int8Array.from(people, (i) => track.objects[i]?.team as number),
      keeper: Uint8Array.from(people, (i) => (track.objects[i]?.role === 'goal_keeper' ? 1 : 0)),
      ballX, ballY, ballZ: track.ballZ, inPlay: track.inPlay,
    },
    playerIds: people.map((i) => (track.objects[i] as { id: string }).id),
  };
}
