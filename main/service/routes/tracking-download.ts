import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams, StringEnum } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { TrackingFileReader, streamTrackingJson, type TrackingRowReader, compareVersions, keepDetectedRows, RESULT_FILES } from '../../../engine/api.js';
import { DownloadLimiter } from '../auth/download-limiter.js';
import { exportParquet } from '../results/parquet-export.js';
import { doneAnalysis } from './result-access.js';
import { basename } from 'node:path';

/** Engine version from which files carry status/confidence columns and projected rows (TRK-03). */
const STATUS_COLUMNS_SINCE = '0.5.36';

/** Hides rows an old analysis would not have had (projected rows before 0.5.36) from a chunked reader. */
function detectedOnly(reader: TrackingRowReader): TrackingRowReader {
  return { rows: reader.rows, read: async (from, count) => keepDetectedRows(await reader.read(from, count)) };
}

export function trackingDownloadRoutes(ctx: ServiceContext) {
  const limiter = new DownloadLimiter();
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/analyses/:id/tracking/download', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: 'Tracking rows as a file: Parquet (default, ZSTD, dictionary strings) or streamed JSON; 10 per hour per token',
        params: IdParams,
        querystring: Type.Object({ format: Type.Optional(StringEnum(['parquet', 'json'])) }, { additionalProperties: false }),
        response: {
          200: Type.Unknown({ description: 'application/vnd.apache.parquet or application/json, with Content-Disposition' }),
          ...resultErrors(403, 404, 409),
        },
      },
    }, async (request, reply) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const format = request.query.format ?? 'parquet';
      const auth = request.auth;
      if (auth) {
        const taken = limiter.take(auth.tokenId, auth.trackingDownloadsPerHour);
        if (!taken.ok) {
          throw apiError('TRACKING_DOWNLOAD_LIMITED',
            `tracking download limit reached: ${auth.trackingDownloadsPerHour} per hour for this token; retry after the time in Retry-After`,
            { 'retry-after': String(taken.retryAfterS) });
        }
      }
      const statusColumns = compareVersions(analysis.aggregate_version ?? analysis.algorithm_version, STATUS_COLUMNS_SINCE) >= 0;
      const trackingPath = await ctx.results.trackingPath(analysis);
      const name = `${video.game_name}_analysis-${analysis.id}_tracking`;
      if (format === 'json') {
        const reader = await TrackingFileReader.open(trackingPath);
        const rows = statusColumns ? reader : detectedOnly(reader);
        const extension = statusColumns ? { firstFreeTrack: await reader.firstFreeTrack() } : undefined;
        const body = Readable.from(streamTrackingJson(rows, { statusColumns, extension }), { objectMode: false });
        body.on('close', () => void reader.close());
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.json"`)
          .send(body);
      }
      // The engine writes the current layout as part of its run; older layouts are built on demand.
      const cacheName = basename(RESULT_FILES.parquet).replace('.parquet', `${statusColumns ? '' : '-legacy'}${ctx.results.tag(analysis)}.parquet`);
      const path = await ctx.results.cachedPath(analysis, cacheName,
        (tmp) => exportParquet({ trackingPath, outPath: tmp, statusColumns }));
      const size = (await stat(path)).size;
      return reply
        .type('application/vnd.apache.parquet')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="${name}.parquet"`)
        .send(createReadStream(path));
    });
  };
}
