import type { EventType, ResultEvent, TeamLabel } from '../results/result-events.js';

/** A track's role as the analyst sets it; `not_person` removes its rows (a shadow, a ball boy's bag). */
export const TRACK_ROLES = ['player', 'goal_keeper', 'referee', 'not_person'] as const;
export type TrackRole = (typeof TRACK_ROLES)[number];

/** The fields of an event the analyst may set (the engine's own `event_id` and confidences stay). */
export interface EventFields {
  type: EventType;
  start_ms: number;
  end_ms: number;
  team: TeamLabel | null;
  player_id: string | null;
  properties: ResultEvent['properties'];
}

/**
 * One correction of an analysis's results (docs/api.md, "Corrections"). Track ids are the download's
 * `track_id`: the tracker's own, or one per identified player for rows the tracker did not give one
 * (imports, players projected off camera); a split makes new ones.
 */
export type Correction =
  /** Names a track `<team>-<jersey>` (spec 2.7 player_id), or clears its name (null). */
  | { op: 'name_track'; track_id: number; player_id: string | null }
  /** Puts a track in a squad, or in none (null); a name of the other squad is cleared. */
  | { op: 'set_track_squad'; track_id: number; team: TeamLabel | null }
  | { op: 'set_track_role'; track_id: number; role: TrackRole }
  /** The track's rows from `at_ms` on become a new track (an id switch at that moment). */
  | { op: 'split_track'; track_id: number; at_ms: number }
  /** `track_id`'s rows join `into_track_id` (the same person after a cut or an occlusion); never at the same moment. */
  | { op: 'merge_tracks'; track_id: number; into_track_id: number }
  /** team_0 and team_1 trade labels everywhere (rows, ids, events, kits). */
  | { op: 'swap_squads' }
  /** A new event; it gets the id `analyst-<n>`. */
  | { op: 'add_event'; event: EventFields }
  | { op: 'delete_event'; event_id: string }
  | { op: 'edit_event'; event_id: string; changes: Partial<EventFields> };

export type CorrectionOp = Correction['op'];

/** One entry of an analysis's append-only correction log: a correction, or an undo or redo of one. */
export type LogAction = { kind: 'correction'; correction: Correction } | { kind: 'undo' } | { kind: 'redo' };

export interface LogEntry {
  /** 1, 2, 3...: the log's version is its last entry's `seq` (0 for an empty log). */
  seq: number;
  action: LogAction;
  created_at: string;
  /** The API token's key id that made it; null for the desktop app's own session. */
  key_id: string | null;
}

/** Why a correction cannot apply: `not_found` (unknown track or event), `conflict` (it contradicts the results), `invalid`. */
export interface CorrectionProblem {
  code: 'not_found' | 'conflict' | 'invalid';
  message: string;
}
