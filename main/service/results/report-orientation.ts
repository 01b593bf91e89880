import type { AnalysisFacts } from '../../../engine/results/analysis-facts.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';
import { NO_TEAM, type TrackingColumns } from '../../../engine/results/tracking-columns.js';
import { resolveOrientation, type Orientation } from '../../../engine/reports/orientation.js';
import type { VideoRow } from '../store/videos-repo.js';

/** The reports' coordinate frame for an analysis of a video, from the video's side and the results. */
export function reportOrientation(video: Pick<VideoRow, 'left_start_team'>, facts: Pick<AnalysisFacts, 'source' | 'duration_ms'>, tracking: TrackingColumns, events: readonly ResultEvent[]): Orientation {
  let hasTeams = tracking.players.length > 0;
  for (let i = 0; !hasTeams && i < tracking.length; i++) if (tracking.team[i] !== NO_TEAM) hasTeams = true;
  return resolveOrientation({ leftStartTeam: video.left_start_team, source: facts.source, hasTeams, events, durationMs: facts.duration_ms });
}
