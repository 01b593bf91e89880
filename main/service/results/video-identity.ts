import type { ServiceContext } from '../context.js';
import type { VideoRow } from '../store/videos-repo.js';
import { composeTeamMapping, type TeamMapping } from './team-identity.js';

/**
 * The video's team identity now: composed from its newest done analysis (if any) and its current
 * metadata. Gives `team_zero` and a service-derived `left_start_team` for the video resource.
 * `team_zero` stays null until an analysis is done: before that no squad carries the label team_0.
 */
export async function videoTeamMapping(ctx: Pick<ServiceContext, 'analyses' | 'results'>, video: VideoRow): Promise<{ mapping: TeamMapping; teamZero: TeamMapping['team_0']['role'] }> {
  const latest = ctx.analyses.latestDone(video.id);
  const facts = latest ? await ctx.results.facts(latest).catch(() => null) : null;
  const mapping = composeTeamMapping(video, facts);
  return { mapping, teamZero: latest ? mapping.team_0.role : null };
}
