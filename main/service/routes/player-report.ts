import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { PlayerReportSchema } from '../schemas/report-schemas.js';
import { reportSides } from '../results/report-orientation.js';
import { REPORT_SCHEMA_VERSION, PLAYER_ID_PATTERN } from '../../../engine/api.js';
import { doneAnalysis } from './result-access.js';

/**
 * GET /analyses/{id}/player-report/{player_id} (spec 2.9). The first request computes the report and
 * caches it on disk per (analysis, player, schema version, orientation source); later ones read the
 * file (PLR-27). 404 `{ detail }` for an id not of the `<team>-<label>` form, a team other than 0 or 1,
 * or a player never detected (PLR-26).
 */
export function playerReportRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/analyses/:id/player-report/:player_id', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: "Player report: coverage, kit, physical output, positions, actions on the ball and interactions of one player",
        params: Type.Object({ id: Type.Integer(), player_id: Type.String({ maxLength: 40, description: '`<team>-<jersey>` such as `0-10`, or `1-GK`' }) }),
        response: { 200: PlayerReportSchema, ...resultErrors(403, 404, 409) },
      },
    }, async (request, reply) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const playerId = request.params.player_id;
      if (/^[0-9]+-/.test(playerId) && !/^[01]-/.test(playerId)) {
        throw apiError('PLAYER_NOT_FOUND', `player id '${playerId}': the team must be 0 or 1`);
      }
      if (!PLAYER_ID_PATTERN.test(playerId)) {
        throw apiError('PLAYER_NOT_FOUND', `player id '${playerId}' is not of the form <team>-<jersey> (e.g. 0-10, 1-GK)`);
      }
      const facts = await ctx.results.facts(analysis);
      const sides = reportSides(ctx, analysis, video, facts);
      const name = `player-report-v${REPORT_SCHEMA_VERSION}-${(await ctx.derive.call({ op: 'orientation-source', ...sides })) ?? 'camera'}-${playerId}${ctx.results.tag(analysis)}.json`;
      const neverDetected = () => apiError('PLAYER_NOT_FOUND', `player ${playerId} was never detected in analysis ${analysis.id}`);
      // A player seen only off camera (projected rows) has no report: cached as null, answered 404.
      const path = await ctx.results.cachedFile(analysis, name, async () => {
        const text = await ctx.derive.call({ op: 'player-report', ...sides, playerId });
        if (text === null) throw neverDetected();
        return text;
      });
      // Served as the stored text, kept in memory while the analysis is loaded: no parse, no re-serialise.
      const text = await ctx.results.memo(analysis, name, () => readFile(path, 'utf8'));
      if (text === 'null') throw neverDetected();
      // A string payload goes out as it is (the schema's serializer applies to objects only).
      return reply.type('application/json; charset=utf-8').send(text as never);
    });
  };
}
