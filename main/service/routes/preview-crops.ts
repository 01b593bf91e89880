import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import { managementErrors } from '../schemas/common.js';
import type { ServiceContext } from '../context.js';
import { cropFile } from '../preview/preview-runner.js';
import { cropPath } from './present-preview.js';

const FILE = /^(team_a|team_b)-(\d{1,2})\.jpg$/;

/**
 * The preview's crops (spec 2.3, PRV-05): presigned-style URLs, so an `<img>` can load them without an
 * API token. The signature covers the path and the expiry; a wrong or expired one is 403 `{ message }`.
 */
export function previewCropsRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get<{ Params: { id: string; file: string }; Querystring: Record<string, string | undefined> }>('/videos/:id/preview-crops/:file', {
      schema: {
        tags: ['videos'],
        security: [],
        summary: 'One preview crop (JPEG) by its presigned URL from preview-teams; no API token, the signature and expiry are the key',
        params: Type.Object({ id: Type.String(), file: Type.String({ description: '`team_a-0.jpg` and the like' }) }),
        querystring: Type.Object({ expires: Type.Optional(Type.String()), sig: Type.Optional(Type.String()) }),
        response: managementErrors(403, 404),
      },
    }, async (request, reply) => {
      const { id, file } = request.params;
      const m = FILE.exec(file);
      const videoId = /^\d{1,12}$/.test(id) ? Number(id) : NaN;
      if (!m || !Number.isSafeInteger(videoId)) throw apiError('NOT_FOUND', `no preview crop '${file}'`);
      const path = cropPath(videoId, m[1] as string, Number(m[2]));
      const check = ctx.signer.verify(path, request.query.expires, request.query.sig);
      if (check === 'expired') throw apiError('CROP_URL_EXPIRED', 'this crop URL has expired: read the preview again for fresh URLs');
      if (check === 'invalid') throw apiError('CROP_URL_INVALID', 'this crop URL is not signed by this service (or was altered)');
      const disk = cropFile(ctx.config.home, videoId, m[1] as 'team_a' | 'team_b', Number(m[2]));
      if (!ctx.videos.get(videoId) || !existsSync(disk)) throw apiError('NOT_FOUND', `no preview crop '${file}' for video ${videoId}`);
      const left = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000));
      reply.header('cache-control', `private, max-age=${left}`);
      reply.header('x-content-type-options', 'nosniff');
      return reply.type('image/jpeg').send(readFileSync(disk));
    });
  };
}
