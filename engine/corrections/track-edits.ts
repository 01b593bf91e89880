import {
  NO_PLAYER, NO_TEAM, NO_TRACK, ROLE_GOAL_KEEPER, ROLE_PLAYER, ROLE_REFEREE, COLUMN_NAMES,
  type TrackingColumns,
} from '../results/tracking-columns.js';
import { parsePlayerId } from '../results/analysis-facts.js';
import { firstFreeTrack, trackOfRow } from '../results/row-identity.js';
import type { Correction, TrackRole } from './correction-types.js';

/** What the analyst said about one track, in the labels of the uncorrected results (before any swap). */
export interface TrackOverride {
  player?: string | null;
  team?: 0 | 1 | null;
  role?: TrackRole;
}

/** The tracks as the track corrections leave them, before they are written into rows. */
export interface TrackState {
  /** Each row's track id (NO_TRACK for the ball and rows nobody can name). */
  track: Int32Array;
  overrides: Map<number, TrackOverride>;
  /** An odd number of squad swaps. */
  swapped: boolean;
  nextTrack: number;
}

/** `0-10` <-> `1-10`. */
export function swapPlayerId(id: string): string {
  return `${id.startsWith('0-') ? '1' : '0'}${id.slice(1)}`;
}

/** Each row's track id as downloads show it (`track_id`, results/row-identity.ts), and the next free id. */
export function baseTrackIds(c: TrackingColumns): { track: Int32Array; nextTrack: number } {
  const first = firstFreeTrack(c);
  const track = new Int32Array(c.length);
  for (let r = 0; r < c.length; r++) track[r] = trackOfRow(c, r, first);
  return { track, nextTrack: first + c.players.length };
}

/** Replays the track corrections (naming, squads, roles, splits, merges, swaps) in order. */
export function trackState(c: TrackingColumns, corrections: readonly Correction[]): TrackState {
  const { track, nextTrack } = baseTrackIds(c);
  const s: TrackState = { track, overrides: new Map(), swapped: false, nextTrack };
  const over = (t: number) => {
    let o = s.overrides.get(t);
    if (!o) s.overrides.set(t, (o = {}));
    return o;
  };
  // A track's name: the analyst's, else the id most of its rows carry from the engine.
  const nameOf = (t: number): string | null => {
    const o = s.overrides.get(t);
    if (o?.player !== undefined) return o.player;
    const votes = new Map<number, number>();
    for (let r = 0; r < c.length; r++) {
      const p = c.player[r] as number;
      if (track[r] === t && p !== NO_PLAYER) votes.set(p, (votes.get(p) ?? 0) + 1);
    }
    let best = -1;
    let most = 0;
    for (const [p, n] of votes) if (n > most) [best, most] = [p, n];
    return best < 0 ? null : (c.players[best] as string);
  };
  // Corrections name ids and squads as the analyst saw them: after an odd number of swaps, the other label.
  const stored = (id: string) => (s.swapped ? swapPlayerId(id) : id);
  const storedTeam = (team: 'team_0' | 'team_1') => ((team === 'team_1') !== s.swapped ? 1 : 0);
  for (const k of corrections) {
    switch (k.op) {
      case 'name_track': {
        const o = over(k.track_id);
        o.player = k.player_id === null ? null : stored(k.player_id);
        if (o.player !== null) o.team = (parsePlayerId(o.player) as { team: 0 | 1 }).team;
        break;
      }
      case 'set_track_squad': {
        const o = over(k.track_id);
        o.team = k.team === null ? null : storedTeam(k.team);
        if (o.player && parsePlayerId(o.player)?.team !== o.team) o.player = null;
        break;
      }
      case 'set_track_role': {
        const o = over(k.track_id);
        o.role = k.role;
        if (k.role === 'referee' || k.role === 'not_person') {
          o.player = null;
          o.team = null;
        }
        break;
      }
      case 'split_track': {
        const id = s.nextTrack++;
        for (let r = 0; r < c.length; r++) if (track[r] === k.track_id && (c.timestamp[r] as number) >= k.at_ms) track[r] = id;
        const o = s.overrides.get(k.track_id);
        if (o) s.overrides.set(id, { ...o });
        break;
      }
      case 'merge_tracks': {
        // One person: the joined track carries one name, the kept track's if it has one, else the other's.
        const name = nameOf(k.into_track_id) ?? nameOf(k.track_id);
        for (let r = 0; r < c.length; r++) if (track[r] === k.track_id) track[r] = k.into_track_id;
        s.overrides.delete(k.track_id);
        if (name) {
          const o = over(k.into_track_id);
          o.player = name;
          o.team = (parsePlayerId(name) as { team: 0 | 1 }).team;
        }
        break;
      }
      case 'swap_squads':
        s.swapped = !s.swapped;
        break;
      default:
        break;
    }
  }
  return s;
}

/**
 * The rows with the track corrections written in: roles, squads and ids of the corrected tracks (an
 * analyst's name has confidence 1), rows of `not_person` tracks left out, every label swapped after an
 * odd number of swaps, and the `track` column holding the tracks as corrected. Also each original row's
 * index in the result (-1: left out).
 */
export function writeTracks(c: TrackingColumns, s: TrackState): { columns: TrackingColumns; rowOf: Int32Array } {
  const players = [...c.players];
  const index = new Map(players.map((p, i) => [p, i]));
  const playerIndex = (id: string) => {
    let i = index.get(id);
    if (i === undefined) {
      i = players.length;
      players.push(id);
      index.set(id, i);
    }
    return i;
  };
  const role = Uint8Array.from(c.role);
  const player = Int16Array.from(c.player);
  const team = Int8Array.from(c.team);
  const playerIdConf = Float32Array.from(c.playerIdConf);
  const identityConf = Float32Array.from(c.identityConf);
  const keep = new Uint8Array(c.length).fill(1);
  let dropped = 0;
  for (let r = 0; r < c.length; r++) {
    const o = s.overrides.get(s.track[r] as number);
    if (!o || s.track[r] === NO_TRACK) continue;
    if (o.role === 'not_person') {
      keep[r] = 0;
      dropped++;
      continue;
    }
    if (o.role === 'referee') {
      role[r] = ROLE_REFEREE;
      player[r] = NO_PLAYER;
      team[r] = NO_TEAM;
      continue;
    }
    if (o.role === 'goal_keeper') role[r] = ROLE_GOAL_KEEPER;
    else if (o.role === 'player') role[r] = ROLE_PLAYER;
    if (o.team !== undefined) team[r] = o.team ?? NO_TEAM;
    if (o.player !== undefined) {
      player[r] = o.player === null ? NO_PLAYER : playerIndex(o.player);
      playerIdConf[r] = o.player === null ? 0 : 1;
      identityConf[r] = o.player === null ? Number.NaN : 1;
    } else if (player[r] !== NO_PLAYER && o.team !== undefined && parsePlayerId(players[player[r] as number] as string)?.team !== o.team) {
      // The engine's id names the other squad: no longer this person's.
      player[r] = NO_PLAYER;
    }
    // A player the analyst named or put in a squad, once an official, is a player again.
    if (role[r] === ROLE_REFEREE && (o.team !== undefined || o.player)) role[r] = ROLE_PLAYER;
  }
  if (s.swapped) for (let r = 0; r < c.length; r++) if (team[r] !== NO_TEAM) team[r] = 1 - (team[r] as number);
  const columns: TrackingColumns = {
    ...c, players: s.swapped ? players.map(swapPlayerId) : players,
    role, player, team, playerIdConf, identityConf, track: Int32Array.from(s.track),
  };
  const rowOf = new Int32Array(c.length);
  if (!dropped) {
    for (let r = 0; r < c.length; r++) rowOf[r] = r;
    return { columns, rowOf };
  }
  return { columns: keepRows(columns, keep, c.length - dropped, rowOf), rowOf };
}

function keepRows(c: TrackingColumns, keep: Uint8Array, kept: number, rowOf: Int32Array): TrackingColumns {
  const out = { ...c, length: kept };
  for (const name of COLUMN_NAMES) {
    const from = c[name] as unknown as { length: number; [i: number]: number };
    const to = new (from.constructor as new (n: number) => typeof from)(kept);
    let n = 0;
    for (let r = 0; r < c.length; r++) if (keep[r]) to[n++] = from[r] as number;
    (out as unknown as Record<string, unknown>)[name] = to;
  }
  let n = 0;
  for (let r = 0; r < c.length; r++) rowOf[r] = keep[r] ? n++ : -1;
  return out;
}
