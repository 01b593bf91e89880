import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { MAX_WINDOW_MS } from '../../../engine/api.js';
import { doneAnalysis } from './result-access.js';

const Column = <T extends TSchema>(items: T, description: string) => Type.Array(items, { description });

/**
 * Up to a minute of tracking rows as columns (API extension, docs/api.md): what a video overlay
 * draws. Unlike the tracking download it is not a file and does not count against the hourly
 * download limit; the derive worker cuts it from the rows it holds for the analysis.
 */
export function trackingWindowRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/analyses/:id/tracking/window', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: 'Tracking rows of a time window (at most 60 s) as columns, for drawing over the video',
        params: IdParams,
        querystring: Type.Object({
          from_ms: Type.Integer({ minimum: 0, description: 'Window start, milliseconds (inclusive)' }),
          to_ms: Type.Integer({ minimum: 1, description: 'Window end, milliseconds (exclusive); at most from_ms + 60000' }),
          projected: Type.Optional(Type.Boolean({ default: false, description: 'Also projected rows (no pixel position)' })),
        }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            from_ms: Type.Integer(), to_ms: Type.Integer(), rows: Type.Integer(),
            timestamp: Column(Type.Integer(), 'ms'),
            role: Column(Type.String(), 'player, goal_keeper, ball, referee'),
            player_id: Column(Type.Union([Type.String(), Type.Null()]), 'identity-resolved `<team>-<jersey>`'),
            team: Column(Type.Union([Type.String(), Type.Null()]), 'team_0 / team_1 (the engine squad when the id is unknown)'),
            x: Column(Type.Integer(), 'pitch cm'), y: Column(Type.Integer(), 'pitch cm'),
            bbox_x: Column(Type.Union([Type.Integer(), Type.Null()]), 'source pixels, box centre'),
            bbox_y: Column(Type.Union([Type.Integer(), Type.Null()]), 'source pixels, box bottom'),
            status: Column(Type.String(), 'row status (spec 2.7)'),
            track_id: Column(Type.Union([Type.Integer(), Type.Null()]), 'the row\'s track (what corrections name); null for the ball'),
          }),
          ...resultErrors(403, 404, 409),
        },
      },
    }, async (request) => {
      const { from_ms: from, to_ms: to, projected } = request.query;
      if (to <= from) throw apiError('VALIDATION_FAILED', `query parameter 'to_ms' (${to}) must be greater than 'from_ms' (${from})`);
      if (to - from > MAX_WINDOW_MS) throw apiError('VALIDATION_FAILED', `a window holds at most ${MAX_WINDOW_MS / 1000} s: 'to_ms' - 'from_ms' is ${to - from}`);
      const { analysis } = doneAnalysis(ctx, request, request.params.id);
      return ctx.derive.call({ op: 'tracking-window', ...ctx.results.source(analysis), fromMs: from, toMs: to, projected: projected ?? false });
    });
  };
}
