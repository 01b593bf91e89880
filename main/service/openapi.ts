import type { SwaggerOptions } from '@fastify/swagger';
import { filterItemsSchema } from './schemas/filter-schemas.js';
import { CORRECTION_SCHEMAS } from './schemas/correction-schemas.js';

/** Routes that take no API token: the document itself, and the widget's own calls (embed token instead). */
export const PUBLIC_ROUTES = new Set([
  '/v1/openapi.json', '/v1/embed/sides', '/v1/embed/sides/confirm', '/v1/embed/preview-teams', '/v1/videos/:id/preview-crops/:file', '/v1/videos/:id/media',
  '/embed/confirm-sides', '/embed/assets/:file', '/app', '/app/', '/app/assets/:file',
]);

export const API_VERSION = '1.8.0';

interface QueryDocument {
  paths?: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { items?: unknown }> } }> } }>>;
}

export function openApiDocument(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Touchline local API',
        version: API_VERSION,
        description: [
          'The REST API of the Touchline service, listening on 127.0.0.1 only.',
          'Management endpoints wrap payloads in `{ data }` and report errors as `{ message }`; result endpoints',
          'return bare JSON and report errors as `{ detail }`. Every error also carries a stable code in the',
          '`x-touchline-error` header. Validation errors are 422. See docs/api.md for every decision the spec left open.',
        ].join(' '),
      },
      servers: [{ url: 'http://127.0.0.1:7425', description: 'Default local service' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'API token from `touchline token list` or `touchline token create`' },
          embedToken: { type: 'apiKey', in: 'header', name: 'X-Embed-Token', description: 'Widget token from POST /videos/{id}/embed-token (the widget endpoints only)' },
        },
      },
      security: [{ bearer: [] }],
      tags: [
        { name: 'videos', description: 'Register, inspect, update and delete match videos' },
        { name: 'widget', description: "The confirm-sides widget's own endpoints: authenticated by the embed token in X-Embed-Token, never an API token" },
      ],
    },
    // The filters of query-intervals are validated by the engine's catalogue; the document spells them out.
    transformObject: (document) => {
      const doc = (document as { openapiObject: QueryDocument }).openapiObject;
      const op = doc.paths?.['/v1/analyses/{id}/query-intervals']?.post;
      if (op?.requestBody) {
        // A copy: the request body here may share objects with the route's own schema.
        op.requestBody = structuredClone(op.requestBody);
        const filters = op.requestBody.content?.['application/json']?.schema?.properties?.filters;
        if (filters) filters.items = filterItemsSchema();
      }
      // So is a correction, by its op's schema (routes/correction-body.ts).
      const correction = doc.paths?.['/v1/analyses/{id}/corrections']?.post;
      if (correction?.requestBody) {
        correction.requestBody = structuredClone(correction.requestBody);
        const props = correction.requestBody.content?.['application/json']?.schema?.properties;
        if (props?.correction) props.correction = { oneOf: Object.values(CORRECTION_SCHEMAS), discriminator: { propertyName: 'op' } } as never;
      }
      return doc as never;
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  };
}
