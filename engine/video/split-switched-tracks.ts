import { numberSwitches } from '../vision/identity/number-switches.js';
import type { NumberVotes } from '../vision/identity/number-votes.js';
import type { PersonRows } from './track-store.js';

/** A track lost for at least this many frames may come back as somebody else. */
const LOST_FRAMES = 5;
/** Overlap rows this close (frames) are one spell of two people meeting. */
const OVERLAP_GAP = 3;

/** Which track a row belongs to after the cuts. */
export interface TrackCuts {
  /** The id the part of `track` that holds `frame` now has (the track's own id before its first cut). */
  at(track: number, frame: number): number;
  /** Ids of the tracks cut, and of the parts made. */
  readonly touched: ReadonlySet<number>;
  readonly count: number;
}

/**
 * Tracks that changed hands, cut where they did: the shirt readings of each track are searched for a
 * run of one number followed by a run of another (number-switches.ts), and the cut is put where the
 * two people met, at the end of the longest spell in which the track's box overlapped another person
 * between the two runs, or where the track came back after being lost for a while. Without such a
 * moment the readings alone do not cut. The rows from the cut on get a new track id (from `nextId`
 * up), in place, as do the readings (`votes`) and the overlap partners that pointed at them.
 */
export function splitSwitchedTracks(rows: PersonRows, votes: NumberVotes, nextId: number): TrackCuts {
  const byTrack = rows.byTrack();
  const parts = new Map<number, { from: number; id: number }[]>();
  const touched = new Set<number>();
  let count = 0;
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
    if (cuts.length === 0) continue;
    const list2 = [{ from: -Infinity, id: track }];
    touched.add(track);
    for (const from of cuts) {
      const id = nextId++;
      // The readings from the cut on leave the part before it (ascending cuts: always the newest part).
      votes.move((list2[list2.length - 1] as { id: number }).id, from, id);
      list2.push({ from, id });
      touched.add(id);
      count++;
    }
    parts.set(track, list2);
  }
  const at = (track: number, frame: number): number => {
    const list = parts.get(track);
    if (!list) return track;
    let id = track;
    for (const p of list) if (frame >= p.from) id = p.id;
    return id;
  };
  if (count > 0) {
    for (let n = 0; n < rows.length; n++) {
      const f = rows.frame[n] as number;
      const t = rows.track[n] as number;
      if (t >= 0) rows.track[n] = at(t, f);
      const o = rows.overlap[n] as number;
      if (o >= 0) rows.overlap[n] = at(o, f);
    }
  }
  return { at, touched, count };
}
