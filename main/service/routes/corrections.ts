import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Correction, CorrectionProblem, EffectiveLog, LogAction, LogEntry } from '../../../engine/api.js';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { CorrectionAnswer, CorrectionBody, CorrectionLogSchema, TrackSummarySchema, UndoBody } from '../schemas/correction-schemas.js';
import type { AnalysisRow } from '../store/analyses-repo.js';
import { correctionOf } from './correction-body.js';
import { doneAnalysis } from './result-access.js';
import { personCropFile } from './person-crop.js';

const TAG = ['corrections'];

const refused = (p: CorrectionProblem) =>
  apiError(p.code === 'not_found' ? 'CORRECTION_TARGET_NOT_FOUND' : p.code === 'conflict' ? 'CORRECTION_CONFLICT' : 'VALIDATION_FAILED', p.message);

const stale = (id: number, base: number, now: number) =>
  apiError('CORRECTIONS_STALE', `analysis ${id}'s corrections are at version ${now}, not ${base}: read them again (GET /v1/analyses/${id}/corrections) and retry`);

const state = (e: EffectiveLog) => ({ version: e.version, undo: e.undo, redo: e.redo });

/**
 * The analyst's corrections of an analysis (docs/api.md "Corrections"): the append-only log, a new
 * correction (checked against the results as corrected so far, in the derive worker), undo and redo,
 * and the tracks to correct. Every result endpoint applies the corrections in force when it is read.
 */
export function correctionsRoutes(ctx: ServiceContext) {
  /** Appends to the log if it is still at `base` (409 otherwise), answering the log's new state and the entry. */
  const append = (analysis: AnalysisRow, request: FastifyRequest, base: number, action: LogAction) => {
    const entry = ctx.corrections.append(analysis.id, base, action, request.auth?.keyId ?? null);
    if (!entry) throw stale(analysis.id, base, ctx.corrections.inForce(analysis.id).version);
    return { ...state(ctx.corrections.inForce(analysis.id)), entry };
  };

  /** The tracks as corrected, derived once per log version (the list and every crop read them). */
  const tracksOf = (analysis: AnalysisRow) =>
    ctx.results.memo(analysis, `tracks${ctx.results.tag(analysis)}`, () => ctx.derive.call({ op: 'tracks', ...ctx.results.source(analysis) }));

  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();

    r.get('/analyses/:id/corrections', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'The correction log of an analysis: every correction, undo and redo, and what is in force',
        params: IdParams,
        response: { 200: CorrectionLogSchema, ...resultErrors(403, 404, 409) },
      },
    }, async (request) => {
      const { analysis } = doneAnalysis(ctx, request, request.params.id);
      const entries: LogEntry[] = ctx.corrections.entries(analysis.id);
      const e = ctx.corrections.inForce(analysis.id);
      return { ...state(e), in_force: e.corrections.map((k) => k.seq), entries };
    });

    r.post('/analyses/:id/corrections', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'Adds a correction (name, squad, role, split or merge a track; swap squads; add, delete or edit an event)',
        params: IdParams,
        body: CorrectionBody,
        response: { 201: CorrectionAnswer, ...resultErrors(403, 404, 409, 413, 415) },
      },
    }, async (request, reply) => {
      const { analysis } = doneAnalysis(ctx, request, request.params.id);
      const correction: Correction = correctionOf(request.body.correction);
      const base = request.body.base_version;
      const now = ctx.corrections.inForce(analysis.id).version;
      if (base !== now) throw stale(analysis.id, base, now);
      const check = await ctx.derive.call({ op: 'check-correction', ...ctx.results.source(analysis), candidate: correction });
      if (check.problem) throw refused(check.problem);
      const answer = append(analysis, request, base, { kind: 'correction', correction });
      return reply.code(201).send(check.createdTrackId === null ? answer : { ...answer, created_track_id: check.createdTrackId });
    });

    for (const kind of ['undo', 'redo'] as const) {
      r.post(`/analyses/:id/corrections/${kind}`, {
        config: { family: 'results' },
        schema: {
          tags: TAG,
          summary: kind === 'undo' ? 'Takes back the latest correction in force' : 'Brings back the latest correction undone',
          params: IdParams,
          body: UndoBody,
          response: { 200: CorrectionAnswer, ...resultErrors(403, 404, 409, 413, 415) },
        },
      }, async (request) => {
        const { analysis } = doneAnalysis(ctx, request, request.params.id);
        const e = ctx.corrections.inForce(analysis.id);
        if (request.body.base_version !== e.version) throw stale(analysis.id, request.body.base_version, e.version);
        if (kind === 'undo' && e.undo === null) throw apiError('NOTHING_TO_UNDO', `analysis ${analysis.id} has no correction in force to undo`);
        if (kind === 'redo' && e.redo === null) throw apiError('NOTHING_TO_REDO', `analysis ${analysis.id} has no undone correction to redo`);
        return append(analysis, request, e.version, { kind });
      });
    }

    r.get('/analyses/:id/tracks', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'Every track of the analysis as corrected, seen longest first: what to name',
        params: IdParams,
        response: { 200: Type.Array(TrackSummarySchema), ...resultErrors(403, 404, 409) },
      },
    }, async (request) => {
      const { analysis } = doneAnalysis(ctx, request, request.params.id);
      return tracksOf(analysis);
    });

    r.get('/analyses/:id/tracks/:track_id/crop', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'A picture of a track\'s person: the video frame at its sample, cut around the box (JPEG)',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }), track_id: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/jpeg' }), ...resultErrors(403, 404, 409) },
      },
    }, async (request, reply) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const tracks = await tracksOf(analysis);
      const track = tracks.find((k) => k.track_id === request.params.track_id);
      if (!track) throw apiError('CORRECTION_TARGET_NOT_FOUND', `track ${request.params.track_id} not found`);
      if (!track.sample) throw apiError('NOT_FOUND', `track ${track.track_id} was never seen in the picture: it has no crop`);
      const file = await personCropFile(ctx, analysis, video, track.sample, `track ${track.track_id}`);
      return reply.type('image/jpeg').send(await readFile(file));
    });
  };
}
