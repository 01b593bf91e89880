import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { NO_TEAM, type TrackingColumns } from '../results/tracking-columns.js';
import { attackingDirection, isReversed, type AttackingDirection } from '../metrics/attacking-direction.js';

export type CoordinateFrame = 'attacking' | 'attacking_first_half' | 'camera';
export type OrientationSource = 'hub' | 'game_meta' | 'tracking' | null;

export interface Orientation {
  frame: CoordinateFrame;
  source: OrientationSource;
  /** Pitch metres of the camera frame in the report's frame for `team` at time t. */
  toFrame(team: TeamLabel, tMs: number, x: number, y: number): { x: number; y: number };
  /** Whether `team` attacks towards x = 0 in the camera frame at time t (false in the camera frame). */
  reversed(team: TeamLabel, tMs: number): boolean;
}

export interface OrientationInput {
  /** The video's `left_start_team`: set by the client or written by the service after a run. */
  leftStartTeam: 'home' | 'away' | 'unknown';
  /** Where the results came from: an import's provider names the sides (its metadata). */
  source: 'video' | 'import:sim' | 'import:metrica' | 'import:parquet';
  /** Whether any row carries a squad label: the engine read the sides from the ends the squads occupied. */
  hasTeams: boolean;
  events: readonly ResultEvent[];
  durationMs: number;
}

/** A second half starts by this time at the latest (45 minutes, stoppage time and the break). */
const SECOND_HALF_BY_MS = 50 * 60_000;

/**
 * Who vouches for the sides (spec 2.9 `orientation_source`), in order of authority: `hub` when the
 * video's left_start_team is known (the client's assertion, or the side the service wrote from the
 * confirmed kit); `game_meta` when an import's provider data named them; `tracking` when the video
 * engine read them from the ends its squads occupied; null otherwise, and then the frame is `camera`.
 * With sides known, `attacking` needs the second half's start from the match timeline (when the teams
 * swap ends); a match longer than a half without one gets `attacking_first_half` (the first half's
 * direction kept throughout, so the second half comes out mirrored).
 */
export function resolveOrientation(input: OrientationInput): Orientation {
  const source: OrientationSource = input.leftStartTeam !== 'unknown' ? 'hub'
    : input.source !== 'video' ? 'game_meta'
      : input.hasTeams ? 'tracking' : null;
  if (source === null) {
    return { frame: 'camera', source, toFrame: (_t, _ms, x, y) => ({ x, y }), reversed: () => false };
  }
  const periods = input.events.filter((e) => e.type === 'match_timeline').map((e) => String(e.properties.period));
  const secondHalfKnown = periods.includes('second_half');
  const direction: AttackingDirection = attackingDirection(input.events);
  const frame: CoordinateFrame = secondHalfKnown || input.durationMs <= SECOND_HALF_BY_MS ? 'attacking' : 'attacking_first_half';
  // attacking_first_half: team_0 attacks towards 105 all match, team_1 towards 0.
  const reversed = frame === 'attacking'
    ? (team: TeamLabel, t: number) => isReversed(direction, team, t)
    : (team: TeamLabel) => team === 'team_1';
  return {
    frame, source, reversed,
    toFrame: (team, t, x, y) => (reversed(team, t) ? { x: 105 - x, y: 68 - y } : { x, y }),
  };
}

/**
 * The reports' coordinate frame for stored results, given the video's side as composed now (spec
 * 2.9/2.10 `hub`: the client's assertion, or the side the confirmed kit gives once the run has said which
 * kit started left); the results' own squads vouch for it when nothing else does.
 */
export function resultsOrientation(leftStartTeam: OrientationInput['leftStartTeam'], facts: { source: OrientationInput['source']; duration_ms: number }, tracking: TrackingColumns, events: readonly ResultEvent[]): Orientation {
  let hasTeams = tracking.players.length > 0;
  for (let i = 0; !hasTeams && i < tracking.length; i++) if (tracking.team[i] !== NO_TEAM) hasTeams = true;
  return resolveOrientation({ leftStartTeam, source: facts.source, hasTeams, events, durationMs: facts.duration_ms });
}
