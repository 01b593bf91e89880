import type { AnalysisFacts } from '../../../engine/results/analysis-facts.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';
import { NO_TEAM, type TrackingColumns } from '../../../engine/results/tracking-columns.js';
import { resolveOrientation, type Orientation } from '../../../engine/reports/orientation.js';
import type { VideoRow } from '../store/videos-repo.js';
import { composeTeamMapping } from './team-identity.js';

type VideoSides = Pick<VideoRow, 'left_start_team' | 'left_start_team_set_by' | 'confirmed_home_key' | 'home_team_name' | 'away_team_name'>;

/**
 * The reports' coordinate frame for an analysis of a video, from the results and the video's side as
 * composed now (spec 2.9/2.10 `hub`): the client's assertion, or the side the confirmed kit gives once
 * the run has said which kit started left. The row alone still reads `unknown` in the second case.
 */
export function reportOrientation(video: VideoSides, facts: Pick<AnalysisFacts, 'source' | 'duration_ms' | 'team_roles' | 'kit_keys'>, tracking: TrackingColumns, events: readonly ResultEvent[]): Orientation {
  let hasTeams = tracking.players.length > 0;
  for (let i = 0; !hasTeams && i < tracking.length; i++) if (tracking.team[i] !== NO_TEAM) hasTeams = true;
  const leftStartTeam = composeTeamMapping(video, facts).left_start_team;
  return resolveOrientation({ leftStartTeam, source: facts.source, hasTeams, events, durationMs: facts.duration_ms });
}
