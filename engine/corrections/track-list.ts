import {
  NO_PLAYER, NO_TRACK, NULL_I16, ROLE_GOAL_KEEPER, ROLE_REFEREE, isDetectedStatus, type TrackingColumns,
} from '../results/tracking-columns.js';
import type { TeamLabel } from '../results/result-events.js';
import { majoritySquad, rowSquads } from '../results/row-identity.js';
import { parsePlayerId } from '../results/analysis-facts.js';
import { stitchTracks, type StitchOptions, type TrackEnds } from '../vision/identity/stitch-tracks.js';

/** One track of an analysis as the analyst reviews it (GET /analyses/{id}/tracks). */
export interface TrackSummary {
  track_id: number;
  /** By majority of its rows. */
  team: TeamLabel | null;
  role: 'player' | 'goal_keeper' | 'referee';
  player_id: string | null;
  first_ms: number;
  last_ms: number;
  /** Frames it is seen in (detected rows) and the seconds they make. */
  detected_rows: number;
  seconds_on_screen: number;
  /** Its middle detected row's picture position (source pixels), for showing which box it is. */
  sample: { t_ms: number; x: number; y: number } | null;
  /**
   * For a track without an id: the id of the named tracks the engine's tracklet stitching joins it to
   * (the same player before or after a cut or an occlusion), when they agree on one; else null.
   */
  suggested_player_id: string | null;
}

/**
 * The stitching behind the names offered: gaps up to 10 s, twice the engine's own. An offer is only
 * taken when the analyst sees it is the same man (the track's picture beside the name), so a join the
 * engine would not risk on its own is worth offering (chosen on the fresh fixture, measured on the
 * 10-minute one: docs/benchmarks.md, bench:naming).
 */
const OFFER_STITCH: StitchOptions = { maxGapMs: 10_000 };

/**
 * Every track of the corrected rows, those seen longest first (ties: earlier first): naming them in this
 * order covers the most rows soonest. The ball has no track.
 */
export function trackList(c: TrackingColumns, frameMs: number): TrackSummary[] {
  const squadOf = rowSquads(c);
  const acc = new Map<number, { rows: number[]; team: number[]; keeper: number; referee: number; players: Map<number, number> }>();
  for (let r = 0; r < c.length; r++) {
    const t = c.track[r] as number;
    if (t === NO_TRACK) continue;
    let a = acc.get(t);
    if (!a) acc.set(t, (a = { rows: [], team: [0, 0, 0], keeper: 0, referee: 0, players: new Map() }));
    a.rows.push(r);
    const team = squadOf(r);
    const k = team < 0 ? 2 : team;
    a.team[k] = (a.team[k] as number) + 1;
    if (c.role[r] === ROLE_GOAL_KEEPER) a.keeper++;
    if (c.role[r] === ROLE_REFEREE) a.referee++;
    const p = c.player[r] as number;
    if (p !== NO_PLAYER) a.players.set(p, (a.players.get(p) ?? 0) + 1);
  }
  const out: TrackSummary[] = [];
  const ends: TrackEnds[] = [];
  for (const [track, a] of acc) {
    const detected = a.rows.filter((r) => isDetectedStatus(c.status[r] as number));
    const squad = majoritySquad(a.team as [number, number, number]);
    let player: number | null = null;
    let most = 0;
    for (const [p, n] of a.players) if (n > most) [player, most] = [p, n];
    const mid = detected[detected.length >> 1];
    const n = a.rows.length;
    out.push({
      track_id: track,
      team: squad === null ? null : squad === 0 ? 'team_0' : 'team_1',
      role: a.referee * 2 > n ? 'referee' : a.keeper * 2 > n ? 'goal_keeper' : 'player',
      player_id: player === null || most * 2 <= n ? null : (c.players[player] as string),
      first_ms: c.timestamp[a.rows[0] as number] as number,
      last_ms: c.timestamp[a.rows[n - 1] as number] as number,
      detected_rows: detected.length,
      seconds_on_screen: Math.round(detected.length * frameMs) / 1000,
      sample: mid === undefined || c.bboxX[mid] === NULL_I16 ? null : { t_ms: c.timestamp[mid] as number, x: c.bboxX[mid] as number, y: c.bboxY[mid] as number },
      suggested_player_id: null,
    });
    const s = out[out.length - 1] as TrackSummary;
    const first = detected[0];
    const last = detected[detected.length - 1];
    if (first !== undefined && last !== undefined && s.team !== null && s.role !== 'referee') {
      ends.push({
        track, team: s.team === 'team_0' ? 0 : 1, role: s.role, fromMs: c.timestamp[first] as number, toMs: c.timestamp[last] as number,
        first: [(c.x[first] as number) / 100, (c.y[first] as number) / 100], last: [(c.x[last] as number) / 100, (c.y[last] as number) / 100],
        number: s.player_id ? parsePlayerId(s.player_id)?.jersey ?? null : null,
      });
    }
  }
  suggestNames(out, stitchTracks(ends, OFFER_STITCH));
  return out.sort((a, b) => b.detected_rows - a.detected_rows || a.first_ms - b.first_ms || a.track_id - b.track_id);
}

/** Unnamed tracks of a stitched chain whose named tracks all carry one id are offered that id. */
function suggestNames(tracks: TrackSummary[], chains: readonly number[][]): void {
  const byId = new Map(tracks.map((k) => [k.track_id, k]));
  for (const chain of chains) {
    const names = new Set(chain.map((t) => byId.get(t)?.player_id).filter((p): p is string => !!p));
    if (names.size !== 1) continue;
    const [name] = names;
    for (const t of chain) {
      const k = byId.get(t);
      if (k && k.player_id === null) k.suggested_player_id = name as string;
    }
  }
}
