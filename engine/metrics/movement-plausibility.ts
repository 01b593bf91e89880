import { reachable } from '../results/human-motion.js';
import { NO_PLAYER, NO_TRACK, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns } from '../results/tracking-columns.js';

/** Sightings further apart than this are not judged: a player may have gone anywhere meanwhile. */
const MAX_GAP_MS = 1000;

export interface MovementPlausibility {
  /** Steps judged: consecutive detected rows (at most a second apart) of one player id, and of one track. */
  steps: number;
  /** Of those, steps nobody can make (human-motion.ts: a sprint plus the foot point's noise). */
  impossible: number;
}

/**
 * How often an analysis's rows need a movement nobody can make: each player id's detected rows in time
 * order (an id joins tracks, so a wrong join shows here), and each track's. The engine's rows respect the
 * body by construction inside a track; what remains is identity joins and imported data.
 */
export function movementPlausibility(cols: TrackingColumns): MovementPlausibility {
  const lastByPlayer = new Map<number, number>();
  const lastByTrack = new Map<number, number>();
  let steps = 0;
  let impossible = 0;
  const judge = (last: Map<number, number>, key: number, i: number) => {
    const j = last.get(key);
    last.set(key, i);
    if (j === undefined) return;
    const ms = (cols.timestamp[i] as number) - (cols.timestamp[j] as number);
    if (ms <= 0 || ms > MAX_GAP_MS) return;
    steps++;
    if (!reachable(((cols.x[i] as number) - (cols.x[j] as number)) / 100, ((cols.y[i] as number) - (cols.y[j] as number)) / 100, ms / 1000)) impossible++;
  };
  for (let i = 0; i < cols.length; i++) {
    const role = cols.role[i] as number;
    if ((role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) || !isDetectedStatus(cols.status[i] as number)) continue;
    if (cols.player[i] !== NO_PLAYER) judge(lastByPlayer, cols.player[i] as number, i);
    if (cols.track[i] !== NO_TRACK) judge(lastByTrack, cols.track[i] as number, i);
  }
  return { steps, impossible };
}
