import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServiceContext } from '../context.js';
import { IdParams, Nullable, StringEnum, managementErrors } from '../schemas/common.js';
import { ownedVideo } from './owned-video.js';

const Swatch = Type.Object({
  primary: Type.String(), secondary: Type.String(), shorts: Type.String({ description: '`unknown` when not seen' }),
  socks: Type.String({ description: '`unknown` when not seen' }), pattern: Type.String({ description: '`plain`, `stripes`, `hoops`, `halves` or `unknown`' }),
  description: Type.String(),
}, { description: 'Colour names from the one palette the reports use (docs/api.md)' });

/**
 * One object whose members depend on `status` (a union does not serialise reliably): `processing` alone;
 * `ready` with the spec's members; `unavailable` (an extension) with `reason`, `ready_at` and the names.
 */
const PreviewTeams = Type.Object({
  status: StringEnum(['processing', 'ready', 'unavailable']),
  stage: Type.Optional(StringEnum(['preview', 'final'])),
  crops_status: Type.Optional(StringEnum(['pending', 'ready', 'unavailable'])),
  ready_at: Type.Optional(Type.String({ format: 'date-time' })),
  reason: Type.Optional(Type.String({ description: 'unavailable only: why no kits will come (no match footage, an unreadable video)' })),
  home_name: Type.Optional(Nullable(Type.String())),
  away_name: Type.Optional(Nullable(Type.String())),
  confirmed_home_key: Type.Optional(Nullable(StringEnum(['team_a', 'team_b']))),
  teams: Type.Optional(Type.Array(Type.Object({ key: StringEnum(['team_a', 'team_b']), swatch: Swatch, crops: Type.Array(Type.String()) }), { minItems: 2, maxItems: 2 })),
});

/** `GET /videos/{id}/preview-teams` (spec 2.3, PRV-01 to PRV-10; docs/api.md). */
export function previewTeamsRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();
    r.get('/videos/:id/preview-teams', {
      schema: {
        tags: ['videos'],
        summary: "Provisional kit detection: the two outfield kits with colour names; poll every 2 s while processing",
        params: IdParams,
        response: { 200: PreviewTeams, ...managementErrors() },
      },
    }, async (request) => {
      const video = ownedVideo(ctx, request, request.params.id);
      const stored = ctx.preview.stored(video.id);
      const names = { home_name: video.home_team_name, away_name: video.away_team_name, confirmed_home_key: video.confirmed_home_key };
      if (video.source_kind === 'none') {
        return { status: 'unavailable' as const, reason: 'a tracking-only video (an import) has no video file to look at', ready_at: video.created_at, ...names };
      }
      if (!stored) {
        // Videos registered before the pass existed, or after a restart mid-pass: the first call starts it (PRV-10).
        void ctx.preview.start(video);
        return { status: 'processing' as const };
      }
      if (stored.state === 'unavailable') return { status: 'unavailable' as const, reason: stored.reason, ready_at: stored.ready_at, ...names };
      return {
        status: 'ready' as const, stage: stored.stage, crops_status: stored.crops_status, ready_at: stored.ready_at, ...names,
        teams: stored.teams.map((t) => ({ key: t.key, swatch: t.swatch, crops: [] as string[] })),
      };
    });
  };
}
