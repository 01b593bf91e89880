import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServiceContext } from '../context.js';
import { IdParams } from '../schemas/common.js';
import { resultErrors } from '../schemas/result-schemas.js';
import { TeamReportSchema } from '../schemas/report-schemas.js';
import { composeTeamMapping } from '../results/team-identity.js';
import { reportSides } from '../results/report-orientation.js';
import { type TeamReport, REPORT_SCHEMA_VERSION } from '../../../engine/api.js';
import { doneAnalysis } from './result-access.js';

/**
 * GET /analyses/{id}/team-report (spec 2.10, TMR-01 to TMR-07). Computed on the first request and cached
 * on disk per (analysis, schema version, orientation source): a side asserted later changes who vouches
 * for the orientation, and may turn a camera-frame report into an attacking one. Team names are laid
 * over at read time (TMR-07).
 */
export function teamReportRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/analyses/:id/team-report', {
      config: { family: 'results' },
      schema: {
        tags: ['results'],
        summary: 'Team report: both squads with kits and average positions, possession, territory and the quality of the analysis',
        params: IdParams,
        response: { 200: TeamReportSchema, ...resultErrors(403, 404, 409) },
      },
    }, async (request) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const facts = await ctx.results.facts(analysis);
      const sides = reportSides(ctx, analysis, video, facts);
      const name = `team-report-v${REPORT_SCHEMA_VERSION}-${(await ctx.derive.call({ op: 'orientation-source', ...sides })) ?? 'camera'}${ctx.results.tag(analysis)}.json`;
      const path = await ctx.results.cachedFile(analysis, name, () => ctx.derive.call({ op: 'team-report', ...sides }));
      const report = await ctx.results.memo(analysis, name, async () => JSON.parse(await readFile(path, 'utf8')) as TeamReport);
      const mapping = composeTeamMapping(video, facts);
      return { ...report, teams: report.teams.map((t) => ({ ...t, name: t.team === 0 ? mapping.team_0.name : mapping.team_1.name })) };
    });
  };
}
