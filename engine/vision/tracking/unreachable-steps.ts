import { reachable, HUMAN_MOTION, type MotionLimits } from '../../results/human-motion.js';
import type { PersonRows } from './track-store.js';

/** The engine's frame step, seconds (25 fps). */
const FRAME_S = 0.04;

/**
 * Where a track would need a movement nobody can make: the frames at which a track's foot point lies
 * farther from its previous one than a sprint covers in the time between them (plus the foot point's
 * noise, human-motion.ts). There the tracker joined two people (a box that slid onto a neighbour, a
 * cut between two similar views that the scene stage missed), so the track is cut in two (track-cuts.ts)
 * before squads and identities are decided: neither part then lends its squad, number or speed to the
 * other. Run after the spike filter, which already put back a foot point misplaced for a frame or two.
 */
export function unreachableCuts(rows: PersonRows, limits: MotionLimits = HUMAN_MOTION): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [track, list] of rows.byTrack()) {
    for (let k = 1; k < list.length; k++) {
      const a = list[k - 1] as number;
      const b = list[k] as number;
      const seconds = ((rows.frame[b] as number) - (rows.frame[a] as number)) * FRAME_S;
      if (reachable((rows.x[b] as number) - (rows.x[a] as number), (rows.y[b] as number) - (rows.y[a] as number), seconds, limits)) continue;
      const cuts = out.get(track);
      if (cuts) cuts.push(rows.frame[b] as number);
      else out.set(track, [rows.frame[b] as number]);
    }
  }
  return out;
}

/** Both kinds of cut frames per track in one map (a track cut for two reasons is cut at every frame named). */
export function mergeCuts(...maps: ReadonlyMap<number, readonly number[]>[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const m of maps) for (const [track, frames] of m) out.set(track, [...(out.get(track) ?? []), ...frames]);
  return out;
}
