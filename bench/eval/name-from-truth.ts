import type { CorrectedResults, Results } from '../../engine/corrections/apply-corrections.js';
import { CorrectionScript } from './correction-script.js';
import { checkCorrection } from '../../engine/corrections/check-correction.js';
import type { AppliedCorrection } from '../../engine/corrections/correction-log.js';
import type { Correction } from '../../engine/corrections/correction-types.js';
import { NO_PLAYER, NO_TRACK, isDetectedStatus } from '../../engine/results/tracking-columns.js';

/**
 * What an analyst with perfect eyes does to a list of tracks, as a script through the service's own
 * checks (issue 33's bench:naming): every row the evaluator matched to a player should carry that
 * player's id. Rows are labelled from the truth (a row nobody matched keeps the label of the track's
 * stretch it lies in); where two rows would carry one id at the same moment (a double detection, or a
 * track of the engine's own id that is someone else there), the row the truth holds keeps it and the
 * other is left unnamed. Each track is then split wherever its label changes, every piece unnamed
 * whose name is wrong, and every piece named: no correction is refused on the way.
 */
export interface NamingScript {
  now: CorrectedResults;
  applied: AppliedCorrection[];
  refused: number;
  splits: number;
  /** The tracks the script split or named (ids after its corrections). */
  corrected: Set<number>;
}

/**
 * `targets`: the tracks to name (ids of the uncorrected results); `truthOf[r]`: the truth player matched
 * to row r in the engine's squad labels (`0-10`), null for an official or a row nobody matched;
 * `matched[r]`: 1 when the evaluator matched row r to anyone. Rows must come in time order.
 */
export function nameFromTruth(results: Results, targets: readonly number[], truthOf: readonly (string | null)[], matched: Uint8Array): NamingScript {
  const script = new CorrectionScript(results);
  // The uncorrected rows (the script's corrections replace `script.now`, never change it).
  const c = script.now.tracking;
  const rowsOf = new Map<number, number[]>();
  for (let r = 0; r < c.length; r++) {
    const t = c.track[r] as number;
    if (t === NO_TRACK) continue;
    let rows = rowsOf.get(t);
    if (!rows) rowsOf.set(t, (rows = []));
    else if ((c.timestamp[rows[rows.length - 1]!] as number) >= (c.timestamp[r] as number)) throw new Error(`track ${t}'s rows are not in time order at row ${r}`);
    rows.push(r);
  }
  const current = (r: number) => (c.player[r] === NO_PLAYER ? null : (c.players[c.player[r] as number] as string));

  // The label the script wants on each row of a target track; a track whose name must come off some
  // row to settle a conflict is looked at and named from the truth too, until no new track is touched.
  const named = new Set(targets);
  let wanted = wantedLabels(named);
  for (;;) {
    const more = [...wanted.keys()].map((r) => c.track[r] as number).filter((t) => !named.has(t));
    if (more.length === 0) break;
    for (const t of more) named.add(t);
    wanted = wantedLabels(named);
  }

  function wantedLabels(tracks: ReadonlySet<number>): Map<number, string | null> {
    const out = new Map<number, string | null>();
    for (const t of tracks) {
      const rows = rowsOf.get(t) ?? [];
      const firstMatched = rows.find((r) => matched[r]);
      if (firstMatched === undefined) continue;
      let label = truthOf[firstMatched] ?? null;
      for (const r of rows) {
        if (matched[r]) label = truthOf[r] ?? null;
        out.set(r, label);
      }
    }
    // One id at one moment: the row the truth holds keeps it; any other is unnamed (a target's or not).
    const holders = new Map<string, number[]>();
    for (let r = 0; r < c.length; r++) {
      if (!isDetectedStatus(c.status[r] as number) || c.track[r] === NO_TRACK) continue;
      const label = out.has(r) ? out.get(r)! : current(r);
      if (label === null) continue;
      const key = `${label}@${c.timestamp[r]}`;
      const list = holders.get(key);
      if (list) list.push(r);
      else holders.set(key, [r]);
    }
    for (const [key, rows] of holders) {
      if (rows.length < 2) continue;
      const label = key.slice(0, key.lastIndexOf('@'));
      const keeper = rows.find((r) => truthOf[r] === label) ?? rows.find((r) => out.has(r)) ?? rows[0]!;
      for (const r of rows) if (r !== keeper) out.set(r, null);
    }
    return out;
  }

  // Every track with a wanted label cut into pieces of one label each, in time order.
  const pieces: { track: number; from: number; rows: number[]; label: string | null }[] = [];
  const touched = new Set<number>();
  for (const r of wanted.keys()) touched.add(c.track[r] as number);
  for (const t of touched) {
    let piece: (typeof pieces)[number] | null = null;
    for (const r of rowsOf.get(t) ?? []) {
      const label = wanted.has(r) ? wanted.get(r)! : current(r);
      if (!piece || label !== piece.label) {
        piece = { track: t, from: c.timestamp[r] as number, rows: [], label };
        pieces.push(piece);
      }
      piece.rows.push(r);
    }
  }

  let splits = 0;
  // Splits first: a track's later pieces become new tracks, numbered as the service numbers them.
  const trackOf = new Map<(typeof pieces)[number], number>();
  for (const p of pieces) {
    if (p.rows[0] === rowsOf.get(p.track)![0]) {
      trackOf.set(p, p.track);
      continue;
    }
    const holder = script.now.tracking.track[p.rows[0]!] as number;
    const created = script.now.tracks.nextTrack;
    if (script.apply({ op: 'split_track', track_id: holder, at_ms: p.from })) {
      splits++;
      trackOf.set(p, created);
    }
  }
  // The ids a piece's rows carry now.
  const idsOn = (p: (typeof pieces)[number]) => new Set(p.rows.map((r) => {
    const i = script.now.tracking.player[r] as number;
    return i === NO_PLAYER ? null : (script.now.tracking.players[i] as string);
  }));
  // Then every wrong name taken off, so that no right name meets it at the same moment.
  for (const p of pieces) {
    const track = trackOf.get(p);
    const ids = idsOn(p);
    if (track !== undefined && [...ids].some((id) => id !== null && id !== p.label)) script.apply({ op: 'name_track', track_id: track, player_id: null });
  }
  // Then the names, each piece moved to its name's squad (and made a player) first where it is not.
  const corrected = new Set<number>();
  for (const p of pieces) {
    const track = trackOf.get(p);
    if (track === undefined) continue;
    corrected.add(track);
    const ids = idsOn(p);
    if (p.label === null || (ids.size === 1 && ids.has(p.label))) continue;
    const correction: Correction = { op: 'name_track', track_id: track, player_id: p.label };
    const problem = checkCorrection(correction, script.now)?.message ?? '';
    if (problem.includes('official')) script.apply({ op: 'set_track_role', track_id: track, role: 'player' });
    if (problem.includes('squad first')) script.apply({ op: 'set_track_squad', track_id: track, team: p.label.startsWith('0-') ? 'team_0' : 'team_1' });
    script.apply(correction);
  }
  return { now: script.now, applied: script.applied, refused: script.refused, splits, corrected };
}
