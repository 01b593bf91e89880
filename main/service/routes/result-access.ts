import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import type { VideoRow } from '../store/videos-repo.js';

/** Loads an analysis for a result endpoint: 404 and 403 as the spec says, `{detail}` bodies. */
export function resultAnalysis(ctx: ServiceContext, request: FastifyRequest, id: number): { analysis: AnalysisRow; video: VideoRow } {
  const analysis = ctx.analyses.get(id);
  if (!analysis) throw apiError('ANALYSIS_NOT_FOUND', `analysis ${id} not found`);
  const video = ctx.videos.get(analysis.video_id);
  if (!video) throw apiError('ANALYSIS_NOT_FOUND', `analysis ${id} not found`);
  if (video.organization_id !== request.auth?.organizationId) throw apiError('FORBIDDEN', `no permission to access analysis ${id}`);
  return { analysis, video };
}

/**
 * As resultAnalysis, and the analysis must have results (ANA-12): done, or needs_attention with its
 * results held for review. Before that the answer is 409 naming the current status, so a script can tell
 * "not yet" (poll on) from "never" (error and the like).
 */
export function doneAnalysis(ctx: ServiceContext, request: FastifyRequest, id: number): { analysis: AnalysisRow; video: VideoRow } {
  const found = resultAnalysis(ctx, request, id);
  const a = found.analysis;
  if (a.status !== 'done' && !(a.status === 'needs_attention' && a.results_available === 1)) {
    const pending = ['init', 'waiting_for_video', 'waiting_for_meta', 'running'].includes(a.status);
    throw apiError('RESULTS_NOT_READY', pending
      ? `analysis ${id} is ${a.status}${a.status === 'running' ? ` (${Math.round(a.progress)}%)` : ''}; results are available once its status is done`
      : `analysis ${id} is ${a.status}${a.status_reason ? ` (${a.status_reason})` : ''}; it has no results`);
  }
  return found;
}
