import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams, managementErrors } from '../schemas/common.js';
import { sourcePath } from '../store/paths.js';
import type { VideoRow } from '../store/videos-repo.js';
import { ownedVideo } from './owned-video.js';
import { parseByteRange, videoMediaType } from '../media/byte-range.js';

/** A playback URL lasts a long viewing session; asking again is cheap. */
export const MEDIA_URL_TTL_SECONDS = 6 * 3600;

const mediaPath = (videoId: number) => `/v1/videos/${videoId}/media`;

/**
 * The video file of a video, as a media element plays it (API extension, docs/api.md): the app's
 * player, a club's own page, a script. A `<video>` cannot send an API token, so the token is asked for
 * a signed URL once (as the preview's crops are), and the URL then serves the file with byte ranges.
 */
export function playableSource(ctx: Pick<ServiceContext, 'config'>, video: VideoRow): string {
  if (video.source_kind === 'none') {
    throw apiError('VIDEO_HAS_NO_MEDIA', `video ${video.id} was created by a tracking import: it has no video file to play`);
  }
  if (video.status === 'init' || video.status === 'downloading') {
    throw apiError('VIDEO_HAS_NO_MEDIA', `video ${video.id} is ${video.status === 'init' ? 'not read yet' : 'still downloading'}; it can be played once its status is available`);
  }
  const path = sourcePath(ctx.config.home, video);
  if (!existsSync(path)) throw apiError('VIDEO_HAS_NO_MEDIA', `the file of video ${video.id} is no longer at ${path}`);
  return path;
}

export function videoMediaRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/videos/:id/media-url', {
      schema: {
        tags: ['videos'],
        summary: 'A signed URL that plays the video file (byte ranges, no token needed) for 6 hours',
        params: IdParams,
        response: {
          200: Type.Object({ data: Type.Object({
            url: Type.String({ description: 'Absolute URL of GET /v1/videos/{id}/media with its expiry and signature' }),
            expires_at: Type.String({ format: 'date-time' }),
            content_type: Type.String(),
            size_bytes: Type.Integer(),
          }) }),
          ...managementErrors(403, 404, 409),
        },
      },
    }, async (request) => {
      const video = ownedVideo(ctx, request, request.params.id);
      const path = playableSource(ctx, video);
      const now = Date.now();
      const signed = ctx.signer.sign(mediaPath(video.id), MEDIA_URL_TTL_SECONDS, now);
      return {
        data: {
          url: `http://${request.headers.host}${signed}`,
          expires_at: new Date(Math.floor(now / 1000) * 1000 + MEDIA_URL_TTL_SECONDS * 1000).toISOString(),
          content_type: videoMediaType(path),
          size_bytes: (await stat(path)).size,
        },
      };
    });

    app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>('/videos/:id/media', {
      schema: {
        tags: ['videos'],
        security: [],
        summary: 'The video file by its signed URL from media-url; honours Range (206) for playing and seeking',
        params: Type.Object({ id: Type.String() }),
        querystring: Type.Object({ expires: Type.Optional(Type.String()), sig: Type.Optional(Type.String()) }),
        response: managementErrors(403, 404, 409, 416),
      },
    }, async (request: FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>, reply) => {
      const id = /^\d{1,12}$/.test(request.params.id) ? Number(request.params.id) : NaN;
      if (!Number.isSafeInteger(id)) throw apiError('VIDEO_NOT_FOUND', `video '${request.params.id}' not found`);
      const check = ctx.signer.verify(mediaPath(id), request.query.expires, request.query.sig);
      if (check === 'expired') throw apiError('MEDIA_URL_EXPIRED', 'this media URL has expired: ask GET /v1/videos/{id}/media-url for a fresh one');
      if (check === 'invalid') throw apiError('MEDIA_URL_INVALID', 'this media URL is not signed by this service (or was altered)');
      const video = ctx.videos.get(id);
      if (!video) throw apiError('VIDEO_NOT_FOUND', `video ${id} not found`);
      const path = playableSource(ctx, video);
      const size = (await stat(path)).size;
      const range = parseByteRange(request.headers.range, size);
      reply.header('accept-ranges', 'bytes');
      reply.header('cache-control', 'private, no-transform');
      reply.header('x-content-type-options', 'nosniff');
      reply.type(videoMediaType(path));
      if (range.kind === 'unsatisfiable') {
        throw apiError('RANGE_NOT_SATISFIABLE', `the range '${request.headers.range}' is outside the file (${size} bytes)`, { 'content-range': `bytes */${size}` });
      }
      if (range.kind === 'whole') {
        reply.header('content-length', String(size));
        return reply.send(createReadStream(path));
      }
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', String(range.end - range.start + 1));
      return reply.send(createReadStream(path, { start: range.start, end: range.end }));
    });
  };
}
