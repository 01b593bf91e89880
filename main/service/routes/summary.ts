import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { IdParams } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import type { MatchSummary } from '../../../engine/api.js';
import { composeTeamMapping } from '../results/team-identity.js';
import { identityMap, resolveIdentities } from '../results/identities.js';
import { doneAnalysis } from './result-access.js';

/** Bumped whenever the summary's computation or fields change: the cache file name carries it. */
export const SUMMARY_SCHEMA_VERSION = 1;

/**
 * GET /analyses/{id}/summary (spec 2.6). The numbers are computed once and cached on disk per
 * (analysis, schema version); names are laid over at read time, so a renamed team or a roster change
 * shows at once without recomputing (GEN-08).
 */
export function summaryRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/analyses/:id/summary', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: 'Match summary: possession (overall and per minute), event counts, per-player distance and speed',
        params: IdParams,
        response: { 200: Type.Unknown({ description: 'Spec 2.6: metadata, teams, match_stats, possession, players' }), ...resultErrors(403, 404, 409) },
      },
    }, async (request, reply) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const tag = ctx.results.tag(analysis);
      const path = await ctx.results.cachedFile(analysis, `summary-v${SUMMARY_SCHEMA_VERSION}${tag}.json`, () =>
        ctx.derive.call({ op: 'summary', ...ctx.results.source(analysis), gameId: video.game_name, generatedAt: new Date().toISOString() }));
      const summary = await ctx.results.memo(analysis, `summary-json-v${SUMMARY_SCHEMA_VERSION}${tag}`, async () =>
        JSON.parse(await readFile(path, 'utf8')) as MatchSummary);
      const facts = await ctx.results.facts(analysis);
      const mapping = composeTeamMapping(video, facts);
      const names = identityMap(resolveIdentities(facts, mapping, ctx.roster.get(video.id)));
      const body: MatchSummary = {
        ...summary,
        teams: { team_0_name: mapping.team_0.name, team_1_name: mapping.team_1.name },
        players: summary.players.map((p) => ({ ...p, name: names[p.player_id] ?? p.name })),
      };
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
    });
  };
}
