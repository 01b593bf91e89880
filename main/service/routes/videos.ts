import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import { ownedVideo } from './owned-video.js';
import type { ServiceContext } from '../context.js';
import { IdParams, managementErrors } from '../schemas/common.js';
import {
  ListQuery, Links, PageMeta, Video, VideoCreateBody, VideoCreated, VideoListItem, VideoUpdateBody,
} from '../schemas/video-schemas.js';
import type { VideoPatch, VideoRow } from '../store/videos-repo.js';
import { INGEST_JOB } from '../jobs/ingest.js';
import { videoDir } from '../store/paths.js';
import { presentCreated, presentListItem, presentVideo } from './present-video.js';
import { defaultTitle, resolveVideoSource } from './video-source.js';
import { videoTeamMapping } from '../results/video-identity.js';
import { windowProblem, type WindowOffsets } from '../jobs/analysis-window.js';

const TAG = ['videos'];

function checkDate(date: string | null | undefined): void {
  if (date === null || date === undefined) return;
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) {
    throw apiError('VALIDATION_FAILED', `body field 'date' is not a calendar date: '${date}' (expected YYYY-MM-DD)`);
  }
}

function checkOffsets(offsets: WindowOffsets, duration: number | null): void {
  const problem = windowProblem(offsets, duration);
  if (problem !== null) throw apiError('VALIDATION_FAILED', `body field ${problem}`);
}

function checkName(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!trimmed) throw apiError('VALIDATION_FAILED', `body field '${field}' must not be blank`);
  return trimmed;
}

export function videosRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();


    async function single(row: VideoRow) {
      return presentVideo(row, ctx.videos.analysesOf([row.id]).get(row.id) ?? [], await videoTeamMapping(ctx, row));
    }

    r.get('/videos', {
      schema: {
        tags: TAG,
        summary: "List the organization's videos, newest first",
        querystring: ListQuery,
        response: { 200: Type.Object({ data: Type.Array(Type.Ref(VideoListItem)), links: Links, meta: PageMeta }), ...managementErrors() },
      },
    }, async (request) => {
      const { page, per_page: perPage, status } = request.query;
      const orgId = request.auth?.organizationId as number;
      const { rows, total } = ctx.videos.page(orgId, perPage, (page - 1) * perPage, status);
      const analyses = ctx.videos.analysesOf(rows.map((row) => row.id));
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const base = `${request.protocol}://${request.host}/v1/videos`;
      const link = (p: number) => `${base}?page=${p}&per_page=${perPage}${status ? `&status=${status}` : ''}`;
      const from = rows.length ? (page - 1) * perPage + 1 : null;
      return {
        data: rows.map((row) => presentListItem(row, analyses.get(row.id) ?? [])),
        links: {
          self: link(page), first: link(1), last: link(lastPage),
          prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
          next: page < lastPage ? link(page + 1) : null,
        },
        meta: { current_page: page, per_page: perPage, total, last_page: lastPage, from, to: from === null ? null : from + rows.length - 1 },
      };
    });

    r.post('/videos', {
      schema: {
        tags: TAG,
        summary: 'Register a video by URL or local path; download and validation run in the background',
        body: VideoCreateBody,
        response: { 200: Type.Object({ data: VideoCreated }), ...managementErrors(400, 413, 415) },
      },
    }, async (request) => {
      const body = request.body;
      checkDate(body.date);
      checkOffsets({ start_offset_seconds: body.start_offset_seconds ?? null, end_offset_seconds: body.end_offset_seconds ?? null }, null);
      const home = checkName('home_team_name', body.home_team_name);
      const away = checkName('away_team_name', body.away_team_name);
      const title = checkName('title', body.title);
      const source = await resolveVideoSource(body.video_file_url);
      const homeName = home ?? 'Team Left';
      const awayName = away ?? 'Team Right';
      const row = ctx.videos.insert({
        organizationId: request.auth?.organizationId as number,
        title: title || defaultTitle(source) || `${homeName} vs ${awayName}`,
        homeTeamName: homeName,
        awayTeamName: awayName,
        matchDate: body.date ?? null,
        startOffsetSeconds: body.start_offset_seconds ?? null,
        endOffsetSeconds: body.end_offset_seconds ?? null,
        leftStartTeam: body.left_start_team ?? null,
        sourceUrl: source.url,
        sourceKind: source.kind,
        localPath: source.kind === 'local' ? source.path : null,
      }, home && away ? `${home} ${away}` : title ?? defaultTitle(source));
      ctx.jobs.enqueue(INGEST_JOB, row.id);
      // The kit preview runs beside the download (PRV-06).
      void ctx.preview.start(row);
      return { data: presentCreated(row) };
    });

    r.get('/videos/:id', {
      schema: {
        tags: TAG,
        summary: 'One video, with its source as measured',
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Ref(Video) }), ...managementErrors(403, 404) },
      },
    }, async (request) => ({ data: await single(ownedVideo(ctx, request, request.params.id)) }));

    r.put('/videos/:id', {
      schema: {
        tags: TAG,
        summary: 'Update metadata; every field optional; answers the updated video',
        params: IdParams,
        body: VideoUpdateBody,
        response: { 200: Type.Object({ data: Type.Ref(Video) }), ...managementErrors(400, 403, 404, 413, 415) },
      },
    }, async (request) => {
      const row = ownedVideo(ctx, request, request.params.id);
      const body = request.body;
      checkDate(body.date);
      const offsets: WindowOffsets = {
        start_offset_seconds: body.start_offset_seconds !== undefined ? body.start_offset_seconds : row.start_offset_seconds,
        end_offset_seconds: body.end_offset_seconds !== undefined ? body.end_offset_seconds : row.end_offset_seconds,
      };
      checkOffsets(offsets, row.duration_seconds);
      const patch: VideoPatch = {
        title: checkName('title', body.title),
        home_team_name: checkName('home_team_name', body.home_team_name),
        away_team_name: checkName('away_team_name', body.away_team_name),
        match_date: body.date,
        start_offset_seconds: body.start_offset_seconds,
        end_offset_seconds: body.end_offset_seconds,
        left_start_team: body.left_start_team,
      };
      // A video that failed only because its offsets did not fit (ingest measured it) is ready once they do;
      // one where no match was found in its window is worth another look at another window. One
      // transaction: a crash between the two writes would leave fitting offsets on a video still in error.
      const offsetsChanged = offsets.start_offset_seconds !== row.start_offset_seconds || offsets.end_offset_seconds !== row.end_offset_seconds;
      const reopen = (row.status === 'error' && row.duration_seconds !== null && windowProblem(row, row.duration_seconds) !== null)
        || (row.status === 'no_match_detected' && offsetsChanged);
      const updated = ctx.db.transaction(() => {
        const after = ctx.videos.update(row.id, patch);
        if (after && reopen) ctx.videos.setStatus(row.id, 'available');
        return after && reopen ? ctx.videos.get(row.id) : after;
      })();
      if (!updated) throw apiError('VIDEO_NOT_FOUND', `video ${row.id} not found`);
      if (reopen) ctx.runner.videoSettled(row.id);
      return { data: await single(updated) };
    });

    r.delete('/videos/:id', {
      schema: {
        tags: TAG,
        summary: 'Delete the video, its analyses, results and stored files; 409 while an analysis runs',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...managementErrors(403, 404, 409) },
      },
    }, async (request, reply) => {
      const row = ownedVideo(ctx, request, request.params.id);
      const analysisIds = ctx.analyses.ofVideo(row.id).map((a) => a.id);
      const outcome = ctx.videos.deleteUnlessRunning(row.id);
      if (outcome === 'missing') throw apiError('VIDEO_NOT_FOUND', `video ${row.id} not found`);
      if (outcome === 'running') {
        throw apiError('VIDEO_BUSY', `video ${row.id} has a running analysis; wait until it is done or error, then retry`);
      }
      // The row is gone; stop its download before removing the folder it writes into.
      await Promise.all([ctx.jobs.cancelForVideo(row.id), ctx.analysisJobs.cancelForVideo(row.id)]);
      ctx.results.forget(analysisIds);
      ctx.corrections.forget(analysisIds);
      await rm(videoDir(ctx.config.home, row.id), { recursive: true, force: true });
      return reply.code(204).send(null);
    });
  };
}
