import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { IdParams, LeftStartTeam, Nullable, Side, StringEnum, managementErrors } from '../schemas/common.js';
import { ownedVideo } from './owned-video.js';
import type { EmbedTokenRow } from '../store/embed-tokens-repo.js';
import type { VideoRow } from '../store/videos-repo.js';
import { PreviewTeams } from '../schemas/preview-schemas.js';
import { presentPreview } from './present-preview.js';
import { widgetSession } from './embed-session.js';
import { optionalBody } from '../http/optional-body.js';

const TAG = ['widget'];
const NAME_MAX = 100;
/** An origin as CSP frame-ancestors takes it: scheme, host (optionally `*.` wildcard), optional port, nothing else. */
/** http(s) origins, and the desktop app's own page (touchline://app, main/desktop), which frames the widget too. */
const ORIGIN = /^touchline:\/\/app$|^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i;

const Sides = Type.Object({
  video_id: Type.Integer(),
  home_team_name: Nullable(Type.String()),
  away_team_name: Nullable(Type.String()),
  confirmed_home_key: Nullable(StringEnum(['team_a', 'team_b'])),
  left_start_team: LeftStartTeam,
  readonly_names: Type.Boolean({ description: 'Names are fixed labels for this token; the confirm endpoint refuses name writes' }),
  expires_at: Type.String({ format: 'date-time' }),
});

function presentSides(video: VideoRow, token: EmbedTokenRow) {
  return {
    video_id: video.id, home_team_name: video.home_team_name, away_team_name: video.away_team_name,
    confirmed_home_key: video.confirmed_home_key, left_start_team: video.left_start_team,
    readonly_names: token.readonly_names === 1, expires_at: token.expires_at,
  };
}

/**
 * A blank name keeps the stored one (EMB-09); otherwise capped and trimmed. The cap counts characters
 * (code points) as sent, like the `maxLength` of every other name field (LIM-03).
 */
function nameField(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if ([...value].length > NAME_MAX) throw apiError('VALIDATION_FAILED', `body field '${field}' is longer than ${NAME_MAX} characters`);
  const trimmed = value.trim();
  return trimmed || undefined;
}

/**
 * Widget tokens (spec 4.1, EMB-01 to EMB-05) and the widget's own endpoints (EMB-09 to EMB-11), which
 * take the embed token in `X-Embed-Token` instead of an API token: read the sides of the token's video,
 * confirm the home kit, names and starting side. Documented in docs/api.md.
 */
export function embedTokenRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();

    r.post('/videos/:id/embed-token', {
      schema: {
        tags: ['videos'],
        summary: 'Mint a token for the confirm-sides widget of one video; the raw token is returned once',
        params: IdParams,
        body: Type.Object({
          frame_ancestors: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 20, description: 'Origins allowed to frame the widget (CSP frame-ancestors); omitted or null: it can only be opened directly' }))),
          ttl_seconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86_400, default: 7200 })),
          readonly_names: Type.Optional(Type.Boolean({ default: false })),
        }, { additionalProperties: false }),
        response: {
          200: Type.Object({ token: Type.String(), url: Type.String(), expires_at: Type.String({ format: 'date-time' }) }),
          ...managementErrors(413, 415),
        },
      },
      // The body is optional (docs/api.md): no body at all means {}.
      preValidation: optionalBody,
    }, async (request) => {
      const video = ownedVideo(ctx, request, request.params.id);
      // A video without a preview yet gets one started by its first token (PRV-10).
      void ctx.preview.start(video);
      const body = request.body;
      const ancestors = body.frame_ancestors ?? null;
      for (const origin of ancestors ?? []) {
        if (!ORIGIN.test(origin)) {
          throw apiError('VALIDATION_FAILED', `body field 'frame_ancestors' holds '${origin}', which is not an origin (scheme://host[:port], no path)`);
        }
      }
      const { token, row } = ctx.embedTokens.mint(video.id, {
        frameAncestors: ancestors ? ancestors.map((o) => o.toLowerCase()) : null,
        readonlyNames: body.readonly_names ?? false,
        ttlSeconds: body.ttl_seconds ?? 7200,
      });
      ctx.embedTokens.prune();
      // The widget is served by this same local service, at the address the caller used.
      const url = `http://${request.headers.host}/embed/confirm-sides?t=${encodeURIComponent(token)}`;
      return { token, url, expires_at: row.expires_at };
    });

    r.get('/embed/sides', {
      schema: {
        tags: TAG,
        security: [{ embedToken: [] }],
        summary: "The widget's view of its video: names, the confirmed home kit, the starting side (embed token in X-Embed-Token)",
        response: { 200: Type.Object({ data: Sides }), ...managementErrors() },
      },
    }, async (request) => {
      const { token, video } = widgetSession(ctx, request);
      return { data: presentSides(video, token) };
    });

    r.get('/embed/preview-teams', {
      schema: {
        tags: TAG,
        security: [{ embedToken: [] }],
        summary: "The widget's copy of its video's preview (spec 2.3), with each kit's measured colours so it can draw them",
        response: { 200: PreviewTeams, ...managementErrors() },
      },
    }, async (request) => presentPreview(ctx, widgetSession(ctx, request).video, { colours: true, origin: `http://${request.headers.host}` }));

    r.post('/embed/sides/confirm', {
      schema: {
        tags: TAG,
        security: [{ embedToken: [] }],
        summary: 'Confirm which kit is the home team, optionally with names and the starting side; applies at once, before, during or after an analysis, with no re-run',
        body: Type.Object({
          home_key: StringEnum(['team_a', 'team_b'], { description: 'The kit (preview key) a person said is the home team' }),
          home_name: Type.Optional(Type.String({ maxLength: 1000, description: 'Blank keeps the stored name; at most 100 characters' })),
          away_name: Type.Optional(Type.String({ maxLength: 1000 })),
          left_start_team: Type.Optional(Side),
        }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: Sides }), ...managementErrors(413, 415) },
      },
    }, async (request) => {
      const { token, video } = widgetSession(ctx, request);
      const home = nameField('home_name', request.body.home_name);
      const away = nameField('away_name', request.body.away_name);
      if (token.readonly_names === 1 && (home !== undefined || away !== undefined)) {
        throw apiError('NAMES_READ_ONLY', 'this embed token shows the team names as fixed labels: it cannot change them');
      }
      ctx.db.transaction(() => {
        ctx.videos.confirmHomeKit(video.id, request.body.home_key);
        if (home !== undefined || away !== undefined || request.body.left_start_team !== undefined) {
          ctx.videos.update(video.id, { home_team_name: home, away_team_name: away, left_start_team: request.body.left_start_team });
        }
      })();
      return { data: presentSides(ctx.videos.get(video.id) as VideoRow, token) };
    });
  };
}
