import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import { ownedVideo } from './owned-video.js';
import type { ServiceContext } from '../context.js';
import { IdParams, managementErrors } from '../schemas/common.js';
import type { VideoRow } from '../store/videos-repo.js';
import { videoTeamMapping } from '../results/video-identity.js';
import { identityMap, resolveIdentities } from '../results/identities.js';
import { RosterBody, VideoMeta } from '../schemas/meta-schemas.js';

const TAG = ['videos'];
const SHIRT = /^([0-9]{1,3}|[A-Za-z][A-Za-z0-9]{0,7})$/;

export function videoMetaRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();


    async function meta(video: VideoRow) {
      const { mapping, teamZero } = await videoTeamMapping(ctx, video);
      const latest = ctx.analyses.latestDone(video.id);
      const roster = ctx.roster.get(video.id);
      const facts = latest ? await ctx.results.facts(latest).catch(() => null) : null;
      return {
        video_id: video.id,
        game_name: video.game_name,
        title: video.title,
        date: video.match_date,
        home_team_name: video.home_team_name,
        away_team_name: video.away_team_name,
        left_start_team: mapping.left_start_team,
        team_zero: teamZero,
        confirmed_home_key: video.confirmed_home_key,
        identity_source: mapping.identity_source,
        roster,
        latest_analysis_id: latest?.id ?? null,
        identities: facts ? identityMap(resolveIdentities(facts, mapping, roster)) : {},
      };
    }

    r.get('/videos/:id/meta', {
      schema: {
        tags: TAG,
        summary: 'Match metadata: names, sides, confirmed kit, roster and player display names of the newest done analysis',
        params: IdParams,
        response: { 200: Type.Object({ data: VideoMeta }), ...managementErrors(403, 404) },
      },
    }, async (request) => ({ data: await meta(ownedVideo(ctx, request, request.params.id)) }));

    r.put('/videos/:id/roster', {
      schema: {
        tags: TAG,
        summary: 'Touchline extension: set player display names by side and shirt; replaces each side sent',
        params: IdParams,
        body: RosterBody,
        response: { 200: Type.Object({ data: VideoMeta }), ...managementErrors(403, 404, 413, 415) },
      },
    }, async (request) => {
      const video = ownedVideo(ctx, request, request.params.id);
      const clean: { home?: Record<string, string>; away?: Record<string, string> } = {};
      for (const side of ['home', 'away'] as const) {
        const names = request.body[side];
        if (!names) continue;
        clean[side] = {};
        for (const [shirt, name] of Object.entries(names)) {
          if (!SHIRT.test(shirt)) throw apiError('VALIDATION_FAILED', `body field '${side}' has a bad shirt '${shirt}': use a number (up to 3 digits) or a short label such as GK`);
          const trimmed = name.trim();
          if (!trimmed) throw apiError('VALIDATION_FAILED', `body field '${side}.${shirt}' must not be blank`);
          clean[side][shirt] = trimmed;
        }
      }
      ctx.roster.replace(video.id, clean);
      return { data: await meta(video) };
    });
  };
}
