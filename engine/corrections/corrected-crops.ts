import { NO_PLAYER, NULL_I16, isDetectedStatus, type TrackingColumns } from '../results/tracking-columns.js';
import { swapPlayerId } from './track-edits.js';

/**
 * Where one exemplar crop of a player comes from once the analyst has corrected the tracks: a JPEG the
 * run stored (`stored`: the id it is filed under, in the run's own labels, and its index there), or a
 * moment of the video to cut it from (a foot point in source pixels, as the track list's samples).
 */
export type CropSource = { stored: string; index: number } | { t_ms: number; x: number; y: number };

/** The rows before and after the track corrections: `rowOf[r]` is stored row r's index after them (-1: left out). */
export interface RowsBeforeAfter {
  before: TrackingColumns;
  after: TrackingColumns;
  rowOf: Int32Array;
  swapped: boolean;
}

/**
 * Each player's exemplar crops after the corrections (spec 2.5's individual crops, following them as
 * every other result does). A player whose rows are exactly the rows the run filed crops under (in the
 * corrected labels) keeps the run's crops: they are pictures of those rows. Any other player (named by
 * the analyst, or an id that gained or lost rows) is shown by the moments of his longest tracks, one
 * per track and more from the longest when he has few, up to `perPlayer`, longest first (the first is
 * the report card's hero crop): the run's crops of an id that changed hands may show someone else.
 */
export function correctedCropSources(rows: RowsBeforeAfter, stored: Readonly<Record<string, number>>, perPlayer = 5): Record<string, CropSource[]> {
  const { before, after, rowOf, swapped } = rows;
  const label = (id: string) => (swapped ? swapPlayerId(id) : id);
  const idBefore = (r: number) => (before.player[r] === NO_PLAYER ? null : label(before.players[before.player[r] as number] as string));
  const changed = new Set<string>();
  for (let r = 0; r < before.length; r++) {
    const a = idBefore(r);
    const k = rowOf[r] as number;
    const b = k < 0 || after.player[k] === NO_PLAYER ? null : (after.players[after.player[k] as number] as string);
    if (a === b) continue;
    if (a !== null) changed.add(a);
    if (b !== null) changed.add(b);
  }
  const out: Record<string, CropSource[]> = {};
  for (const [id, count] of Object.entries(stored)) {
    const now = label(id);
    if (count > 0 && !changed.has(now)) out[now] = Array.from({ length: count }, (_, index) => ({ stored: id, index }));
  }
  // The changed players' tracks: detected rows with a picture position, per track, in row (time) order.
  const tracks = new Map<string, Map<number, number[]>>();
  for (let r = 0; r < after.length; r++) {
    const p = after.player[r] as number;
    if (p === NO_PLAYER || after.bboxX[r] === NULL_I16 || !isDetectedStatus(after.status[r] as number)) continue;
    const id = after.players[p] as string;
    if (!changed.has(id)) continue;
    let byTrack = tracks.get(id);
    if (!byTrack) tracks.set(id, (byTrack = new Map()));
    const t = after.track[r] as number;
    const list = byTrack.get(t);
    if (list) list.push(r);
    else byTrack.set(t, [r]);
  }
  for (const [id, byTrack] of tracks) {
    const longest = [...byTrack.values()].sort((a, b) => b.length - a.length || (a[0] as number) - (b[0] as number));
    // Moments spread over his tracks: one per track, longest first, more from the long ones when he has few.
    const take = new Array<number>(longest.length).fill(0);
    for (let n = 0, i = 0; n < perPlayer; i = (i + 1) % longest.length) {
      if (take.every((k, j) => k >= (longest[j] as number[]).length)) break;
      if ((take[i] as number) < (longest[i] as number[]).length) {
        take[i] = (take[i] as number) + 1;
        n++;
      }
    }
    const list: CropSource[] = [];
    for (let round = 0; list.length < perPlayer && round < perPlayer; round++) {
      longest.forEach((rowsOfTrack, j) => {
        const k = take[j] as number;
        if (round >= k) return;
        const r = rowsOfTrack[Math.floor(((round + 0.5) * rowsOfTrack.length) / k)] as number;
        list.push({ t_ms: after.timestamp[r] as number, x: after.bboxX[r] as number, y: after.bboxY[r] as number });
      });
    }
    out[id] = list;
  }
  return Object.fromEntries(Object.entries(out).sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true })));
}

/** The listing's counts (spec 2.5 `individuals`). */
export function cropCounts(sources: Readonly<Record<string, CropSource[]>>): Record<string, number> {
  return Object.fromEntries(Object.entries(sources).map(([id, list]) => [id, list.length]));
}
