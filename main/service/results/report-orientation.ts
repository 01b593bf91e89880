import type { AnalysisFacts, CorrectionsInForce, LeftStartTeam } from '../../../engine/api.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import type { VideoRow } from '../store/videos-repo.js';
import type { ServiceContext } from '../context.js';
import { composeTeamMapping } from './team-identity.js';

type VideoSides = Pick<VideoRow, 'left_start_team' | 'left_start_team_set_by' | 'confirmed_home_key' | 'home_team_name' | 'away_team_name'>;

/**
 * What the derive worker needs to orient an analysis's reports: its results folder (with the corrections
 * in force) and the video's
 * side as composed now (the client's assertion, or the side the confirmed kit gives once the run has
 * said which kit started left; the row alone still reads `unknown` in the second case).
 */
export function reportSides(
  ctx: Pick<ServiceContext, 'results'>, analysis: Pick<AnalysisRow, 'id' | 'video_id'>, video: VideoSides, facts: Pick<AnalysisFacts, 'team_roles' | 'kit_keys'>,
): { dir: string; corrections?: CorrectionsInForce; leftStartTeam: LeftStartTeam } {
  return { ...ctx.results.source(analysis), leftStartTeam: composeTeamMapping(video, facts).left_start_team };
}
