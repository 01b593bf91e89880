import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { apiError } from '../errors.js';
import { IdParams, StringEnum } from '../schemas/common.js';
import { EVENT_TYPES } from '../../../engine/api.js';
import { composeTeamMapping } from '../results/team-identity.js';
import { identityMap, resolveIdentities } from '../results/identities.js';
import { doneAnalysis, resultAnalysis } from './result-access.js';
import { buildSchema } from '../results/schema-document.js';
import { EventRecord, MetaData, SchemaDocument, TeamMappingSchema, resultErrors } from '../schemas/result-schemas.js';

const TAG = ['results'];

export function resultsBasicRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();

    r.get('/analyses/:id/events', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'Detected events, filterable by type, team, player and time window',
        params: IdParams,
        querystring: Type.Object({
          type: Type.Optional(Type.String({ description: `Comma-separated event types (${EVENT_TYPES.join(', ')})` })),
          team: Type.Optional(StringEnum(['team_0', 'team_1'])),
          player_id: Type.Optional(Type.String({ pattern: '^[01]-[A-Za-z0-9]{1,8}$', description: '`<team>-<jersey>`' })),
          from_ms: Type.Optional(Type.Integer({ minimum: 0, description: 'Only events ending after this time' })),
          to_ms: Type.Optional(Type.Integer({ minimum: 0, description: 'Only events starting before this time' })),
        }, { additionalProperties: false }),
        response: { 200: Type.Array(EventRecord), ...resultErrors(403, 404, 409) },
      },
    }, async (request) => {
      const { analysis } = doneAnalysis(ctx, request, request.params.id);
      const q = request.query;
      let types: Set<string> | null = null;
      if (q.type !== undefined) {
        types = new Set(q.type.split(',').map((s) => s.trim()).filter(Boolean));
        const unknown = [...types].filter((t) => !(EVENT_TYPES as readonly string[]).includes(t));
        if (unknown.length || types.size === 0) {
          throw apiError('VALIDATION_FAILED', `query parameter 'type' has unknown event type(s) ${unknown.map((u) => `'${u}'`).join(', ') || "''"}; known: ${EVENT_TYPES.join(', ')}`);
        }
      }
      if (q.from_ms !== undefined && q.to_ms !== undefined && q.to_ms <= q.from_ms) {
        throw apiError('VALIDATION_FAILED', `query parameter 'to_ms' (${q.to_ms}) must be greater than 'from_ms' (${q.from_ms})`);
      }
      const events = await ctx.results.events(analysis);
      return events.filter((e) => (types === null || types.has(e.type))
        && (q.team === undefined || e.team === q.team)
        && (q.player_id === undefined || e.player_id === q.player_id)
        && (q.from_ms === undefined || e.end_ms > q.from_ms)
        && (q.to_ms === undefined || e.start_ms < q.to_ms));
    });

    r.get('/analyses/:id/schema', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'What this analysis contains: event types with properties, filters, frame-state columns',
        params: IdParams,
        response: { 200: SchemaDocument, ...resultErrors(403, 404, 409) },
      },
    }, async (request) => {
      const { analysis } = doneAnalysis(ctx, request, request.params.id);
      return buildSchema(analysis.data_version ?? 4, analysis.aggregate_version ?? analysis.algorithm_version);
    });

    r.get('/analyses/:id/team-mapping', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'Resolves team_0/team_1 to home/away, composed at read time (answers at any status)',
        params: IdParams,
        response: { 200: TeamMappingSchema, ...resultErrors(403, 404) },
      },
    }, async (request) => {
      const { analysis, video } = resultAnalysis(ctx, request, request.params.id);
      const facts = analysis.results_available === 1 ? await ctx.results.facts(analysis) : null;
      return composeTeamMapping(video, facts);
    });

    r.get('/analyses/:id/meta-data', {
      config: { family: 'results' },
      schema: {
        tags: TAG,
        summary: 'Match metadata of the analysis: teams, sides, kit answer, and player display names (identities)',
        params: IdParams,
        response: { 200: MetaData, ...resultErrors(403, 404, 409) },
      },
    }, async (request) => {
      const { analysis, video } = doneAnalysis(ctx, request, request.params.id);
      const facts = await ctx.results.facts(analysis);
      const mapping = composeTeamMapping(video, facts);
      const players = resolveIdentities(facts, mapping, ctx.roster.get(video.id));
      return {
        analysis_id: analysis.id,
        video_id: video.id,
        game_name: video.game_name,
        title: video.title,
        date: video.match_date,
        duration_sec: facts.duration_ms / 1000,
        engine_version: facts.engine_version,
        data_version: facts.data_version,
        source: facts.source,
        teams: {
          team_0: { ...mapping.team_0, kit_key: facts.kit_keys.team_0 },
          team_1: { ...mapping.team_1, kit_key: facts.kit_keys.team_1 },
        },
        left_start_team: mapping.left_start_team,
        identity_source: mapping.identity_source,
        confirmed_home_key: video.confirmed_home_key,
        identities: identityMap(players),
        players,
      };
    });
  };
}
