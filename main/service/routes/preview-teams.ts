import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../context.js';
import { IdParams, managementErrors } from '../schemas/common.js';
import { PreviewTeams } from '../schemas/preview-schemas.js';
import { presentPreview } from './present-preview.js';
import { ownedVideo } from './owned-video.js';

/** `GET /videos/{id}/preview-teams` (spec 2.3, PRV-01 to PRV-10; docs/api.md). */
export function previewTeamsRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/videos/:id/preview-teams', {
      schema: {
        tags: ['videos'],
        summary: "Provisional kit detection: the two outfield kits with colour names; poll every 2 s while processing",
        params: IdParams,
        response: { 200: PreviewTeams, ...managementErrors() },
      },
    }, async (request) => presentPreview(ctx, ownedVideo(ctx, request, request.params.id), { colours: false, origin: `http://${request.headers.host}` }));
  };
}
