import { numberSwitches } from './number-switches.js';
import type { NumberVotes } from './number-votes.js';
import type { PersonRows } from '../tracking/track-store.js';

/** A track lost for at least this many frames may come back as somebody else. */
const LOST_FRAMES = 5;
/** Overlap rows this close (frames) are one spell of two people meeting. */
const OVERLAP_GAP = 3;

/**
 * Tracks that changed hands, cut where they did: the shirt readings of each track are searched for a
 * run of one number followed by a run of another (number-switches.ts), and the cut is put where the
 * two people met, at the end of the longest spell in which the track's box overlapped another person
 * between the two runs, or where the track came back after being lost for a while. Without such a
 * moment the readings alone do not cut. Returns the cut frames per track; track-cuts.ts cuts there.
 */
export function switchCuts(rows: PersonRows, votes: NumberVotes): Map<number, number[]> {
  const byTrack = rows.byTrack();
  const out = new Map<number, number[]>();
  for (const [track, list] of byTrack) {
    const readings = votes.readings(track);
    if (readings.length < 2) continue;
    const couldSwitch = (from: number, to: number): number | null => {
      let best: number | null = null;
      let bestLen = 0;
      let runStart = -1;
      let runEnd = -1;
      const close = () => {
        if (runStart >= 0 && runEnd - runStart + 1 > bestLen) {
          bestLen = runEnd - runStart + 1;
          best = runEnd + 1;
        }
        runStart = -1;
      };
      for (let k = 0; k < list.length; k++) {
        const n = list[k] as number;
        const f = rows.frame[n] as number;
        if (f < from - 1 || f >= to) continue;
        const prev = k > 0 ? (rows.frame[list[k - 1] as number] as number) : f;
        if (f >= from && f - prev >= LOST_FRAMES && f - prev > bestLen) {
          bestLen = f - prev;
          best = f;
        }
        if ((rows.overlap[n] as number) < 0) continue;
        if (runStart >= 0 && f - runEnd <= OVERLAP_GAP) runEnd = f;
        else {
          close();
          runStart = f;
          runEnd = f;
        }
      }
      close();
      return best === null ? null : Math.min(Math.max(best, from), to);
    };
    const cuts = numberSwitches(readings, { couldSwitch });
    if (cuts.length > 0) out.set(track, cuts);
  }
  return out;
}
