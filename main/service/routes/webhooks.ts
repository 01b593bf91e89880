import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { apiError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { IdParams, Nullable, StringEnum, managementErrors } from '../schemas/common.js';
import type { DeliveryRow, WebhookRow } from '../store/webhooks-repo.js';
import { WEBHOOK_EVENTS } from '../webhooks/notify.js';

const TAG = ['webhooks'];

const Webhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(StringEnum(WEBHOOK_EVENTS)),
  description: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});
const WebhookCreated = Type.Composite([Webhook, Type.Object({
  secret: Type.String({ description: 'HMAC-SHA256 key of X-Touchline-Signature; shown only in this response' }),
})]);
const Delivery = Type.Object({
  id: Type.Integer(),
  event: StringEnum(WEBHOOK_EVENTS),
  analysis_id: Nullable(Type.Integer()),
  state: StringEnum(['pending', 'delivered', 'failed']),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  last_status: Nullable(Type.Integer({ description: 'HTTP status of the last attempt; null when no answer came' })),
  last_error: Nullable(Type.String()),
  created_at: Type.String(),
  delivered_at: Nullable(Type.String()),
});

const present = (w: WebhookRow) => ({
  id: w.id, url: w.url, events: JSON.parse(w.events) as (typeof WEBHOOK_EVENTS)[number][], description: w.description, created_at: w.created_at,
});
const presentDelivery = ({ id, event, analysis_id, state, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at }: DeliveryRow) => ({
  id, event: event as (typeof WEBHOOK_EVENTS)[number], analysis_id, state, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at,
});

/** Completion webhooks (spec 6 leaves them open; docs/api.md describes ours). */
export function webhooksRoutes(ctx: ServiceContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<TypeBoxTypeProvider>();

    function owned(request: FastifyRequest, id: number): WebhookRow {
      const w = ctx.webhooks.get(id);
      if (!w || w.organization_id !== request.auth?.organizationId) throw apiError('WEBHOOK_NOT_FOUND', `webhook ${id} not found`);
      return w;
    }

    r.post('/webhooks', {
      schema: {
        tags: TAG,
        summary: 'Register a completion webhook (analysis.done, analysis.error); the signing secret is returned once',
        body: Type.Object({
          url: Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL the service POSTs to' }),
          events: Type.Optional(Type.Array(StringEnum(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true, description: 'Default: both' })),
          description: Type.Optional(Type.String({ maxLength: 200 })),
        }, { additionalProperties: false }),
        response: { 200: Type.Object({ data: WebhookCreated }), ...managementErrors(413, 415) },
      },
    }, async (request) => {
      let url: URL;
      try {
        url = new URL(request.body.url);
      } catch {
        throw apiError('VALIDATION_FAILED', `body field 'url' is not a URL: '${request.body.url}'`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw apiError('VALIDATION_FAILED', `body field 'url' must be an http:// or https:// URL, not ${url.protocol}`);
      }
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const w = ctx.webhooks.insert({
        organizationId: request.auth?.organizationId as number, url: url.href,
        events: request.body.events ?? [...WEBHOOK_EVENTS], secret, description: request.body.description ?? null,
      });
      return { data: { ...present(w), secret } };
    });

    r.get('/webhooks', {
      schema: { tags: TAG, summary: "The organization's webhooks", response: { 200: Type.Object({ data: Type.Array(Webhook) }), ...managementErrors() } },
    }, async (request) => ({ data: ctx.webhooks.ofOrganization(request.auth?.organizationId as number).map(present) }));

    r.delete('/webhooks/:id', {
      schema: { tags: TAG, summary: 'Remove a webhook and its delivery log', params: IdParams, response: { 204: Type.Null(), ...managementErrors(404) } },
    }, async (request, reply) => {
      ctx.webhooks.delete(owned(request, request.params.id).id);
      return reply.code(204).send(null);
    });

    r.get('/webhooks/:id/deliveries', {
      schema: {
        tags: TAG,
        summary: 'Recent deliveries of a webhook, newest first, with their attempts and outcome',
        params: IdParams,
        response: { 200: Type.Object({ data: Type.Array(Delivery) }), ...managementErrors(404) },
      },
    }, async (request) => ({ data: ctx.webhooks.deliveries(owned(request, request.params.id).id).map(presentDelivery) }));
  };
}
