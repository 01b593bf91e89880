import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { IdParams } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { compareVersions, PLAYER_ID_PATTERN, type AnalysisFacts, exemplarCropFile, squadsSwapped } from '../../../engine/api.js';
import { doneAnalysis } from './result-access.js';
import { personCropFile } from './person-crop.js';

/** Spec 4.2 and 9: crops exist from engine 0.5.30; older analyses answer 404 on all three endpoints. */
const CROPS_SINCE = '0.5.30';

const Listing = Type.Object({
  individuals: Type.Record(Type.String(), Type.Integer(), { description: 'player_id -> crops available (players the engine identified by shirt number or as a goalkeeper)' }),
  teams: Type.Object({ team_0: Type.Integer(), team_1: Type.Integer() }),
});

/**
 * Exemplar crops (spec 2.5, 4.2, CRP-01 to CRP-03): the JPEGs a video run picked of each squad's
 * players (tall, sharp, alone, spread over the match) and their listing. Imports and runs that wrote
 * none list zero. An index outside 0..count-1, an unknown player or team is 404 `{ detail }`. The
 * analyst's corrections are followed (docs/api.md "Corrections"): a player whose rows changed is shown by
 * moments of his own tracks, cut from the video.
 */
export function exemplarCropsRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();

    // Crop files are named by the squads and ids the engine gave; swapped squads read the other's.
    async function cropsOf(request: FastifyRequest, id: number) {
      const { analysis, video } = doneAnalysis(ctx, request, id);
      const facts = await ctx.results.facts(analysis);
      if (compareVersions(facts.engine_version, CROPS_SINCE) < 0) {
        throw apiError('FEATURE_NOT_IN_VERSION', `exemplar crops need engine ${CROPS_SINCE} or later; analysis ${analysis.id} ran ${facts.engine_version}`);
      }
      const crops: NonNullable<AnalysisFacts['crops']> = facts.crops ?? { individuals: {}, teams: { team_0: 0, team_1: 0 } };
      return {
        analysis, video, dir: ctx.results.dir(analysis), crops,
        swapped: squadsSwapped(ctx.results.corrections(analysis)?.corrections ?? []),
      };
    }

    async function send(dir: string, file: string) {
      return readFile(join(dir, file)).catch(() => {
        throw apiError('NOT_FOUND', 'the crop file is missing from the analysis folder');
      });
    }

    const ImageResponse = { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/jpeg' }), ...resultErrors(403, 404, 409) };

    r.get('/analyses/:id/exemplar-crops', {
      config: { family: 'results' },
      schema: { tags: ['results'], summary: 'How many exemplar crops there are of each player and each team', params: IdParams, response: { 200: Listing, ...resultErrors(403, 404, 409) } },
    }, async (request) => (await cropsOf(request, request.params.id)).crops);

    r.get('/analyses/:id/exemplar-crops/individuals/:player_id/:index', {
      config: { family: 'results' },
      schema: {
        tags: ['results'], summary: 'One crop of one player (JPEG)',
        params: Type.Object({ id: Type.Integer(), player_id: Type.String({ maxLength: 40 }), index: Type.Integer() }),
        response: ImageResponse,
      },
    }, async (request, reply) => {
      const { analysis, video, dir, crops } = await cropsOf(request, request.params.id);
      const { player_id: player, index } = request.params;
      if (!PLAYER_ID_PATTERN.test(player)) throw apiError('PLAYER_NOT_FOUND', `player id '${player}' is not of the form <team>-<jersey> (e.g. 0-10, 1-GK)`);
      const count = crops.individuals[player] ?? 0;
      if (count === 0) throw apiError('PLAYER_NOT_FOUND', `there are no crops of player ${player}`);
      if (index < 0 || index >= count) throw apiError('NOT_FOUND', `crop index ${index} is out of range: player ${player} has ${count} (0 to ${count - 1})`);
      // Corrected tracks: the run's crop where the player's rows are the run's, else a moment of his from the video.
      const sources = ctx.results.corrections(analysis)
        ? await ctx.results.memo(analysis, `crop-sources${ctx.results.tag(analysis)}`, () => ctx.derive.call({ op: 'crop-sources', ...ctx.results.source(analysis) }))
        : null;
      const source = sources ? sources[player]?.[index] : { stored: player, index };
      if (!source) throw apiError('NOT_FOUND', `crop ${index} of player ${player} is gone`);
      if ('stored' in source) return reply.type('image/jpeg').send(await send(dir, exemplarCropFile('individuals', source.stored, source.index)));
      return reply.type('image/jpeg').send(await readFile(await personCropFile(ctx, analysis, video, source, `player ${player}`)));
    });

    r.get('/analyses/:id/exemplar-crops/teams/:team/:index', {
      config: { family: 'results' },
      schema: {
        tags: ['results'], summary: 'One crop of a team (JPEG)',
        params: Type.Object({ id: Type.Integer(), team: Type.String({ maxLength: 20, description: '`team_0` or `team_1`' }), index: Type.Integer() }),
        response: ImageResponse,
      },
    }, async (request, reply) => {
      const { dir, crops, swapped } = await cropsOf(request, request.params.id);
      const { team, index } = request.params;
      if (team !== 'team_0' && team !== 'team_1') throw apiError('NOT_FOUND', `team '${team}' is not team_0 or team_1`);
      const count = crops.teams[team];
      if (index < 0 || index >= count) throw apiError('NOT_FOUND', `crop index ${index} is out of range: ${team} has ${count}${count ? ` (0 to ${count - 1})` : ''}`);
      const file = swapped ? (team === 'team_0' ? 'team_1' : 'team_0') : team;
      return reply.type('image/jpeg').send(await send(dir, exemplarCropFile('teams', file, index)));
    });
  };
}
