import { stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import { ownedVideo } from './owned-video.js';
import type { ServiceContext } from '../context.js';
import { IdParams, managementErrors } from '../schemas/common.js';
import { AnalysisCreateBody, ImportBody } from '../schemas/analysis-schemas.js';
import type { VideoRow } from '../store/videos-repo.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import { type ImportSource, ENGINE_VERSION } from '../../../engine/api.js';
import { presentAnalysis } from './present-analysis.js';
import { optionalBody } from '../http/optional-body.js';
import { describeWindow, windowSeconds } from '../jobs/analysis-window.js';

const TAG = ['analyses'];

const REQUIRED_PATHS: Record<ImportBody['format'], string[]> = { sim: ['dir'], metrica: ['home', 'away'], parquet: ['tracking'] };

export function analysesRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();


    r.post('/videos/:video_id/analysis', {
      schema: {
        tags: TAG,
        summary: 'Create an analysis; it waits for the video when needed and runs in the background',
        params: Type.Object({ video_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        body: AnalysisCreateBody,
        response: { 200: Type.Object({ data: Type.Ref('Analysis') }), ...managementErrors(400, 403, 404, 413, 415) },
      },
      // The body is optional: no body at all means {}.
      preValidation: optionalBody,
    }, async (request) => {
      const video = ownedVideo(ctx, request, request.params.video_id);
      const minimum = ctx.config.minAnalysisSeconds;
      // Known too short: refuse now (ANA-03). Unknown yet (still downloading): the runner checks later.
      // What counts is the stretch between the offsets, not the file.
      const seconds = video.duration_seconds === null ? null : windowSeconds(video, video.duration_seconds);
      if (seconds !== null && seconds < minimum) {
        throw apiError('VIDEO_TOO_SHORT', `the video must be at least ${minimum / 60} minutes long to be analysed; ${describeWindow(video, seconds)}`);
      }
      if (video.source_kind === 'none') {
        throw apiError('VALIDATION_FAILED', `video ${video.id} is tracking-only (created by an import): it has no video file to analyse`);
      }
      const analysis = ctx.analyses.insert({
        videoId: video.id, fps: request.body.fps ?? 25, review: request.body.review ?? false, algorithmVersion: ENGINE_VERSION, engineSource: 'video', importSpec: undefined,
      });
      ctx.runner.schedule(analysis);
      return { data: presentAnalysis(analysis, video) };
    });

    r.get('/analyses/:id', {
      schema: {
        tags: TAG,
        summary: 'Analysis status, progress and versions',
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Ref('Analysis') }), ...managementErrors(403, 404) },
      },
    }, async (request) => {
      const analysis = ctx.analyses.get(request.params.id);
      if (!analysis) throw apiError('ANALYSIS_NOT_FOUND', `analysis ${request.params.id} not found`);
      const video = ownedVideo(ctx, request, analysis.video_id);
      return { data: presentAnalysis(analysis, video) };
    });

    r.post('/analyses/:id/cancel', {
      // Below /analyses/{id}/ but it manages the analysis, so its errors are `{ message }`.
      config: { family: 'management' },
      schema: {
        tags: TAG,
        summary: 'Touchline extension: stop a queued or running analysis for good (it ends in `error`, reason `cancelled by the user`)',
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Ref('Analysis') }), ...managementErrors(403, 404, 409) },
      },
    }, async (request) => {
      const analysis = ctx.analyses.get(request.params.id);
      if (!analysis) throw apiError('ANALYSIS_NOT_FOUND', `analysis ${request.params.id} not found`);
      ownedVideo(ctx, request, analysis.video_id);
      if (!(await ctx.runner.cancel(analysis.id))) {
        const now = ctx.analyses.get(analysis.id) as AnalysisRow;
        throw apiError('ANALYSIS_FINISHED', `analysis ${analysis.id} is ${now.status}: only a queued or running analysis can be cancelled`);
      }
      const video = ctx.videos.get(analysis.video_id) as VideoRow;
      return { data: presentAnalysis(ctx.analyses.get(analysis.id) as AnalysisRow, video) };
    });

    r.post('/analyses/:id/review', {
      // Manages the analysis, like cancel: errors are `{ message }`.
      config: { family: 'management' },
      schema: {
        tags: TAG,
        summary: 'Touchline extension: approve results held for review (needs_attention becomes done)',
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Ref('Analysis') }), ...managementErrors(403, 404, 409) },
      },
    }, async (request) => {
      const analysis = ctx.analyses.get(request.params.id);
      if (!analysis) throw apiError('ANALYSIS_NOT_FOUND', `analysis ${request.params.id} not found`);
      const video = ownedVideo(ctx, request, analysis.video_id);
      if (!ctx.runner.approve(analysis.id)) {
        throw apiError('NOT_HELD_FOR_REVIEW', `analysis ${analysis.id} is ${analysis.status}: only results held for review (needs_attention) can be approved`);
      }
      return { data: presentAnalysis(ctx.analyses.get(analysis.id) as AnalysisRow, video) };
    });

    r.post('/imports', {
      schema: {
        tags: TAG,
        summary: 'Touchline extension: create a done analysis from existing tracking data (simulator truth, Metrica CSVs, our Parquet)',
        body: ImportBody,
        response: { 200: Type.Object({ data: Type.Ref('Analysis') }), ...managementErrors(403, 404, 413, 415) },
      },
    }, async (request) => {
      const body = request.body;
      const paths: Record<string, string> = {};
      for (const [key, value] of Object.entries(body.paths)) {
        if (value === undefined) continue;
        if (!isAbsolute(value)) throw apiError('VALIDATION_FAILED', `body field 'paths.${key}' must be an absolute path on this machine`);
        const info = await stat(value).catch(() => null);
        const wantDir = body.format === 'sim' && key === 'dir';
        if (!info || (wantDir ? !info.isDirectory() : !info.isFile())) {
          throw apiError('VALIDATION_FAILED', `body field 'paths.${key}': no ${wantDir ? 'directory' : 'file'} at ${value}`);
        }
        paths[key] = value;
      }
      for (const key of REQUIRED_PATHS[body.format]) {
        if (!paths[key]) throw apiError('VALIDATION_FAILED', `body field 'paths.${key}' is required for format '${body.format}'`);
      }
      if (body.view && body.format !== 'sim') throw apiError('VALIDATION_FAILED', `body field 'view' applies to format 'sim' only`);
      const source: ImportSource = { kind: 'import', format: body.format, paths, ...(body.view ? { view: body.view } : {}) };
      // The tracking-only video and its analysis are written together: a crash between them would leave a
      // video with nothing on it. The job follows (runner.recover() gives any unfinished analysis its job).
      const { video, analysis } = ctx.db.transaction(() => {
        let target: VideoRow;
        if (body.video_id !== undefined) {
          target = ownedVideo(ctx, request, body.video_id);
          if (body.left_start_team) ctx.videos.update(target.id, { left_start_team: body.left_start_team });
        } else {
          const home = body.home_team_name ?? 'Team Left';
          const away = body.away_team_name ?? 'Team Right';
          const label = basename(paths.dir ?? paths.tracking ?? paths.home ?? 'import');
          target = ctx.videos.insert({
            organizationId: request.auth?.organizationId as number,
            title: body.title ?? `${home} vs ${away} (imported ${label})`,
            homeTeamName: home, awayTeamName: away, matchDate: body.date ?? null,
            startOffsetSeconds: null, endOffsetSeconds: null, leftStartTeam: body.left_start_team ?? null,
            sourceUrl: null, sourceKind: 'none', localPath: null,
          }, body.home_team_name && body.away_team_name ? `${home} ${away}` : body.title ?? 'import');
          ctx.videos.setStatus(target.id, 'available');
        }
        return {
          video: target,
          analysis: ctx.analyses.insert({
            videoId: target.id, fps: 25, algorithmVersion: ENGINE_VERSION, engineSource: 'import', importSpec: source,
          }),
        };
      })();
      ctx.runner.schedule(analysis);
      return { data: presentAnalysis(analysis, ctx.videos.get(video.id) as VideoRow) };
    });
  };
}
