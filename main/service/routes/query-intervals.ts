import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams, Nullable, StringEnum } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { FILTER_TYPES, type IntervalQuery } from '../../../engine/api.js';
import { DeriveQueryError } from '../results/derive-client.js';
import { composeTeamMapping } from '../results/team-identity.js';
import { doneAnalysis } from './result-access.js';
import { optionalBody } from '../http/optional-body.js';

const QueryBody = Type.Object({
  operator: Type.Optional(StringEnum(['AND', 'OR'], { description: 'AND: all filters at once (intersection); OR: any (union). Default AND' })),
  pad_sec: Type.Optional(Type.Integer({ minimum: 0, description: 'Padding around each interval, seconds; any amount, the padded interval is clamped to the video. Default 5' })),
  merge_results: Type.Optional(Type.Boolean({ description: 'Merge overlapping or close intervals of the same label. Default true; false: each event stays a separate interval, with AND too' })),
  include_pixel_coords: Type.Optional(Type.Boolean({ description: 'Add the actor\'s pixel coordinates sampled at 4 FPS. Default false' })),
  gap_fill_sec: Type.Optional(Type.Integer({ minimum: 0, description: 'Merge intervals at most this far apart, seconds (any amount; a gap longer than the video merges everything of a label). Default 5' })),
  preserve_labels: Type.Optional(Nullable(StringEnum(FILTER_TYPES, { description: 'With AND: keep this filter type\'s labels and metadata' }))),
  filters: Type.Optional(Type.Array(Type.Object({
    type: StringEnum(FILTER_TYPES),
  }, { additionalProperties: true, description: 'A filter: `type` plus its parameters (schema endpoint `filters[].parameters`)' }), { maxItems: 32 })),
  existing_filters: Type.Optional(Type.Array(Type.Object({
    start: Type.Number({ minimum: 0 }), end: Type.Number({ minimum: 0 }), name: Type.Optional(Type.String({ maxLength: 200 })),
  }, { additionalProperties: false }), { maxItems: 1000 })),
  coordinate_frame: Type.Optional(StringEnum(['camera', 'attacking'], { description: 'attacking: coordinates as the team attacking x 0 -> 105. Default camera' })),
}, { additionalProperties: false });

const Interval = Type.Object({
  start: Type.Number({ description: 'Seconds from match start' }),
  end: Type.Number(),
  label: Type.String(),
  type: Type.String({ description: 'The filter type, or `combined` for AND without preserve_labels' }),
  player_id: Type.Optional(Nullable(Type.String())),
  team_id: Type.Optional(Nullable(Type.String())),
  team_name: Type.Optional(Nullable(Type.String())),
  pixel_coords: Type.Optional(Type.Array(Type.Object({ t: Type.Number(), x: Type.Number(), y: Type.Number(), x_m: Type.Number(), y_m: Type.Number() }))),
});

export function queryIntervalsRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.post('/analyses/:id/query-intervals', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: 'Time intervals where combinable filters hold (for clips)',
        params: IdParams,
        body: QueryBody,
        response: { 200: Type.Array(Interval), ...resultErrors(403, 404, 409, 413, 415) },
      },
      // The body is optional: no body at all means {}.
      preValidation: optionalBody,
    }, async (request) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      // Names are composed now (GEN-08); the indexes stay cached with the loaded results in the worker.
      const mapping = composeTeamMapping(video, await ctx.results.facts(analysis));
      try {
        return await ctx.derive.call({
          op: 'query', ...ctx.results.source(analysis), query: request.body as IntervalQuery, teamNames: { team_0: mapping.team_0.name, team_1: mapping.team_1.name },
        });
      } catch (error) {
        if (error instanceof DeriveQueryError) throw apiError('VALIDATION_FAILED', error.message);
        throw error;
      }
    });
  };
}
