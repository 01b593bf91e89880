import type { NumberVotes } from './number-votes.js';
import type { PersonRows } from '../tracking/track-store.js';

/** Which track a row belongs to after the cuts. */
export interface TrackCuts {
  /** The id the part of `track` that holds `frame` now has (the track's own id before its first cut). */
  at(track: number, frame: number): number;
  /** Ids of the tracks cut, and of the parts made. */
  readonly touched: ReadonlySet<number>;
  readonly count: number;
}

/**
 * Cuts tracks in place: for each track, the frames where a new part starts (`cuts`, any order); the rows
 * from a cut on get a new id (from `nextId` up), as do the shirt readings (`votes`) and the overlap
 * partners that pointed at them. Every stage after reads parts as tracks of their own.
 */
export function cutTracks(rows: PersonRows, cuts: ReadonlyMap<number, readonly number[]>, nextId: number, votes?: NumberVotes): TrackCuts {
  const parts = new Map<number, { from: number; id: number }[]>();
  const touched = new Set<number>();
  let count = 0;
  for (const [track, frames] of cuts) {
    const starts = [...new Set(frames)].sort((a, b) => a - b);
    if (starts.length === 0) continue;
    const list = [{ from: -Infinity, id: track }];
    touched.add(track);
    for (const from of starts) {
      const id = nextId++;
      // The readings from the cut on leave the part before it (ascending cuts: always the newest part).
      votes?.move((list[list.length - 1] as { id: number }).id, from, id);
      list.push({ from, id });
      touched.add(id);
      count++;
    }
    parts.set(track, list);
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

/** The largest track id in the rows (-1 when none): new parts are numbered after it. */
export function lastTrackId(rows: PersonRows): number {
  let last = -1;
  for (let n = 0; n < rows.length; n++) last = Math.max(last, rows.track[n] as number);
  return last;
}
