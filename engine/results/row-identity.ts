import { parsePlayerId } from './analysis-facts.js';
import { NO_PLAYER, NO_TEAM, NO_TRACK, ROLE_BALL, ROLE_REFEREE, type TrackingColumns } from './tracking-columns.js';

/**
 * Who a tracking row is beyond its player id (the downloads' extension columns `team` and `track_id`,
 * docs/api.md): its squad, and its track, stable within the analysis.
 */

/** One more than the largest tracker id: rows without one but with a player id are numbered from here. */
export function firstFreeTrack(c: Pick<TrackingColumns, 'length' | 'track'>): number {
  let last = -1;
  for (let r = 0; r < c.length; r++) last = Math.max(last, c.track[r] as number);
  return last + 1;
}

/**
 * Row `r`'s track: the tracker's own id, else one per identified player (`firstFree` + the player's
 * index: an import's players, players projected off camera); NO_TRACK for the ball and unnamed rows
 * without a tracker id.
 */
export function trackOfRow(c: TrackingColumns, r: number, firstFree: number): number {
  const t = c.track[r] as number;
  if (t !== NO_TRACK) return t;
  const p = c.player[r] as number;
  return p !== NO_PLAYER && c.role[r] !== ROLE_BALL ? firstFree + p : NO_TRACK;
}

/**
 * A function giving each row's squad (0, 1, or -1 for none): the team column, or for rows without one
 * (imports carry the squad only inside the player id) the player id's squad.
 */
export function rowSquads(c: TrackingColumns): (r: number) => number {
  const ofPlayer = c.players.map((id) => parsePlayerId(id)?.team ?? -1);
  return (r) => {
    const t = c.team[r] as number;
    if (t !== NO_TEAM) return t;
    const p = c.player[r] as number;
    return p === NO_PLAYER ? -1 : (ofPlayer[p] as number);
  };
}

/** The downloads' `team` of a row: its squad, null for the ball and officials. */
export function downloadTeam(c: TrackingColumns, r: number, squadOf: (r: number) => number): 0 | 1 | null {
  const role = c.role[r];
  if (role === ROLE_BALL || role === ROLE_REFEREE) return null;
  const s = squadOf(r);
  return s === 0 || s === 1 ? s : null;
}

/** A track's squad from its rows' squads counted [team 0, team 1, none]: the most common, none on a tie with none. */
export function majoritySquad(counts: readonly [number, number, number]): 0 | 1 | null {
  const [t0, t1, none] = counts;
  return none >= t0 && none >= t1 ? null : t0 >= t1 ? 0 : 1;
}
