import { parsePlayerId, type AnalysisFacts, type AnalysisPlayer } from '../results/analysis-facts.js';
import { NO_PLAYER, ROLE_GOAL_KEEPER, type TrackingColumns } from '../results/tracking-columns.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import type { AppliedCorrection } from './correction-log.js';
import { swapPlayerId, trackState, writeTracks, type TrackState } from './track-edits.js';
import { editEvents, followTracks } from './event-edits.js';
import { correctedCropSources, cropCounts, type CropSource } from './corrected-crops.js';

export interface Results {
  tracking: TrackingColumns;
  events: ResultEvent[];
  facts: AnalysisFacts;
}

export interface CorrectedResults extends Results {
  /** The tracks as corrected (ids, what the analyst said of each), for checking the next correction. */
  tracks: TrackState;
  /** Where each player's exemplar crops come from now (none: the run stored none, or nothing is corrected). */
  crops: Record<string, CropSource[]> | null;
}

/**
 * An analysis's results with the corrections in force applied, as every read shows them: tracks named,
 * moved between squads, given roles, split and merged; events following their players' tracks, then the
 * analyst's own added, deleted and edited; the player list and per-squad facts following. Pure and
 * deterministic: the same results and corrections give the same output. With no corrections the
 * results are returned as they are, with every track's id in the track column.
 */
export function applyCorrections(results: Results, corrections: readonly AppliedCorrection[]): CorrectedResults {
  const list = corrections.map((k) => k.correction);
  const tracks = trackState(results.tracking, list);
  // Without corrections only the track column changes: the tracks get their ids (`track_id`).
  if (corrections.length === 0) return { ...results, tracking: { ...results.tracking, track: tracks.track }, tracks, crops: null };
  const { columns, rowOf } = writeTracks(results.tracking, tracks);
  const followed = followTracks(results.events, results.tracking, columns, rowOf, tracks.swapped);
  const stored = results.facts.crops;
  const crops = stored ? correctedCropSources({ before: results.tracking, after: columns, rowOf, swapped: tracks.swapped }, stored.individuals) : null;
  return {
    tracking: columns,
    events: editEvents(followed, corrections),
    facts: correctFacts(results.facts, columns, tracks.swapped, crops && cropCounts(crops)),
    tracks,
    crops,
  };
}

function swapKeys<V>(r: Record<TeamLabel, V>): Record<TeamLabel, V> {
  return { team_0: r.team_1, team_1: r.team_0 };
}

function swapIds<V>(r: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [swapPlayerId(k), v]));
}

/**
 * The facts that name players or squads, after the corrections: the player list is every id some row
 * carries (what the source knew of each kept, a goalkeeper when most of his rows are), the player crops'
 * listing as `individualCrops` (corrected-crops.ts; given whenever the run stored crops), and after a
 * swap every per-squad fact changes label with its squad.
 */
export function correctFacts(facts: AnalysisFacts, tracking: TrackingColumns, swapped: boolean, individualCrops: Record<string, number> | null): AnalysisFacts {
  const rows = new Int32Array(tracking.players.length);
  const keeperRows = new Int32Array(tracking.players.length);
  for (let r = 0; r < tracking.length; r++) {
    const p = tracking.player[r] as number;
    if (p === NO_PLAYER) continue;
    rows[p] = (rows[p] as number) + 1;
    if (tracking.role[r] === ROLE_GOAL_KEEPER) keeperRows[p] = (keeperRows[p] as number) + 1;
  }
  const known = new Map(facts.players.map((p) => [p.player_id, p]));
  const players: AnalysisPlayer[] = [];
  tracking.players.forEach((id, i) => {
    if (!rows[i]) return;
    const parsed = parsePlayerId(id);
    if (!parsed) return;
    const was = known.get(swapped ? swapPlayerId(id) : id);
    const team: TeamLabel = parsed.team === 0 ? 'team_0' : 'team_1';
    players.push(was
      ? { ...was, player_id: id, team }
      : { player_id: id, team, jersey: parsed.jersey, role: (keeperRows[i] as number) * 2 > (rows[i] as number) ? 'goal_keeper' : 'player', name: null });
  });
  players.sort((a, b) => a.player_id.localeCompare(b.player_id, 'en', { numeric: true }));
  const crops = facts.crops && individualCrops ? { crops: { ...facts.crops, individuals: individualCrops } } : {};
  if (!swapped) return { ...facts, players, ...crops };
  return {
    ...facts,
    players,
    team_roles: swapKeys(facts.team_roles),
    kit_keys: swapKeys(facts.kit_keys),
    ...(facts.team_kits ? { team_kits: swapKeys(facts.team_kits) } : {}),
    ...(facts.crops && individualCrops ? { crops: { individuals: individualCrops, teams: swapKeys(facts.crops.teams) } } : {}),
    ...(facts.coverage ? { coverage: swapIds(facts.coverage) } : {}),
  };
}
