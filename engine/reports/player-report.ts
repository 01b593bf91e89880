import { parsePlayerId, type AnalysisFacts } from '../results/analysis-facts.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { PROJECTED_STEP_MS, type TrackingColumns } from '../results/tracking-columns.js';
import { round2 } from '../metrics/round.js';
import { REPORT_SCHEMA_VERSION, reportParams, type ReportParams } from './report-params.js';
import type { CoordinateFrame, Orientation, OrientationSource } from './orientation.js';
import { reportKit, type ReportKit } from './report-kit.js';
import { playerSamples } from './player/player-samples.js';
import { physicalOf, type Physical } from './player/physical.js';
import { positionOf, type Position } from './player/position.js';
import { onBallOf, type OnBall } from './player/on-ball.js';
import { interactionsOf, type Interactions } from './player/interactions.js';
import { ballLookup } from './player/ball-lookup.js';

export interface PlayerReport {
  schema_version: number;
  engine_version: string;
  player_id: string;
  team: 0 | 1;
  jersey: number | null;
  label: string;
  role: 'goalkeeper' | 'player';
  coordinate_frame: CoordinateFrame;
  orientation_source: OrientationSource;
  params: ReportParams;
  coverage: {
    seconds_detected: number; seconds_projected: number; overlap_share: number | null; first_ms: number | null; last_ms: number | null;
    reliable: boolean; source: 'coverage_artifact' | 'tracking_fallback';
  };
  card: { hero_crop_index: number | null; kit: ReportKit | null };
  physical: Physical;
  position: Position;
  on_ball: OnBall;
  interactions: Interactions;
}

export interface PlayerReportInput {
  tracking: TrackingColumns;
  /** computeRowSpeeds(tracking). */
  speeds: Float32Array;
  events: readonly ResultEvent[];
  facts: Pick<AnalysisFacts, 'engine_version' | 'duration_ms' | 'frame_ms' | 'team_kits' | 'coverage'>;
  orientation: Orientation;
  /** Crops the analysis ships for this player (the hero is the first); 0 when none. */
  crops: number;
}

/**
 * The player report (spec 2.9, PLR-01 to PLR-27), or null when the id is not `<team>-<label>` or the
 * player has no detected row (the service answers 404 `{ detail }`). Every section but coverage uses
 * detected samples only (PLR-05).
 */
export function computePlayerReport(playerId: string, input: PlayerReportInput): PlayerReport | null {
  const parsed = parsePlayerId(playerId);
  const p = input.tracking.players.indexOf(playerId);
  if (!parsed || p < 0) return null;
  const team: TeamLabel = parsed.team === 0 ? 'team_0' : 'team_1';
  const { tracking, events, facts, orientation } = input;
  const params = reportParams(facts.frame_ms);
  const s = playerSamples(tracking, input.speeds, p, team, orientation);
  if (s.n === 0) return null;
  const seconds = round2((s.n * facts.frame_ms) / 1000);
  // The engine's own measurement when the run wrote one (video runs), else counted from the rows.
  const measured = facts.coverage?.[playerId];
  return {
    schema_version: REPORT_SCHEMA_VERSION,
    engine_version: facts.engine_version,
    player_id: playerId,
    team: parsed.team,
    jersey: parsed.jersey,
    label: parsed.label,
    role: s.keeper * 2 > s.n || parsed.label === 'GK' ? 'goalkeeper' : 'player',
    coordinate_frame: orientation.frame,
    orientation_source: orientation.source,
    params,
    coverage: measured
      ? { ...measured, reliable: measured.seconds_detected >= params.reliable_seconds_floor, source: 'coverage_artifact' }
      : {
        seconds_detected: seconds,
        // A projected row stands for its 200 ms step (spec 2.7), not a detection frame.
        seconds_projected: round2((s.projected * PROJECTED_STEP_MS) / 1000),
        overlap_share: round2(s.overlap / s.n),
        first_ms: s.t[0] as number,
        last_ms: s.t[s.n - 1] as number,
        reliable: seconds >= params.reliable_seconds_floor,
        source: 'tracking_fallback',
      },
    card: { hero_crop_index: input.crops > 0 ? 0 : null, kit: reportKit(facts.team_kits?.[team]) },
    physical: physicalOf(s, params, facts.duration_ms),
    position: positionOf(s, events, ballLookup(tracking), orientation, params, orientation.frame),
    on_ball: onBallOf(playerId, team, events, orientation, orientation.frame, params),
    interactions: interactionsOf(tracking, s, p, events),
  };
}
