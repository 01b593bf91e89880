import type { FastifyRequest } from 'fastify';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import type { VideoRow } from '../store/videos-repo.js';

/** A video the caller may see: 404 when it does not exist, 403 when another organization owns it. */
export function ownedVideo(ctx: Pick<ServiceContext, 'videos'>, request: FastifyRequest, id: number): VideoRow {
  const row = ctx.videos.get(id);
  if (!row) throw apiError('VIDEO_NOT_FOUND', `video ${id} not found`);
  if (row.organization_id !== request.auth?.organizationId) throw apiError('FORBIDDEN', `no permission to access video ${id}`);
  return row;
}
