import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, apiError } from '../errors.js';

export type Family = 'management' | 'results';

/**
 * The spec names two error shapes: `{ message }` for video and analysis management, `{ detail }`
 * for analysis results. A route declares its family in `config.family`; a request no route answered
 * (another method, a malformed URL, headers too large) takes the family of a route whose path it fits
 * (RouteFamilies), else the URL decides: anything below /v1/analyses/{id}/ is a result endpoint.
 */
const RESULT_PATH = /^\/v1\/analyses\/[^/]+\/.+/;

export function familyOfPath(url: string): Family {
  return RESULT_PATH.test(url.split('?')[0] ?? '') ? 'results' : 'management';
}

/** The declared families of a server's routes, by path template (`/v1/analyses/:id/cancel`). */
export class RouteFamilies {
  private readonly routes: { pattern: RegExp; family: Family }[] = [];

  add(url: string, family: Family | undefined): void {
    if (family === undefined) return;
    const source = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    this.routes.push({ pattern: new RegExp(`^${source}$`), family });
  }

  of(url: string): Family {
    const path = url.split('?')[0] ?? '';
    return this.routes.find((r) => r.pattern.test(path))?.family ?? familyOfPath(path);
  }
}

export function familyOf(request: FastifyRequest, routes: RouteFamilies): Family {
  const declared = (request.routeOptions.config as { family?: Family } | undefined)?.family;
  return declared ?? routes.of(request.url);
}

/** The spec's error body of a family: `{ detail }` for results, `{ message }` for management. */
export function errorBody(family: Family, message: string): { detail: string } | { message: string } {
  return family === 'results' ? { detail: message } : { message };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError, routes: RouteFamilies): FastifyReply {
  const body = errorBody(familyOf(request, routes), error.message);
  reply.header('x-touchline-error', error.code);
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  return reply.code(error.status).type('application/json; charset=utf-8').send(body);
}

/** Maps anything thrown inside the request lifecycle onto a declared error. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return apiError('INVALID_JSON', e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'request body is empty; send a JSON object (or {} where every field is optional)'
        : `request body is not valid JSON: ${e.message?.replace(/^Body is not valid JSON but content-type is set to 'application\/json'\s*/i, '') || 'parse error'}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return apiError('BODY_TOO_LARGE', 'request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return apiError('UNSUPPORTED_MEDIA_TYPE', 'request body must be JSON: send Content-Type: application/json');
    default:
      break;
  }
  if (e.statusCode === 413) return apiError('BODY_TOO_LARGE', 'request body is too large');
  if (e.statusCode === 415) return apiError('UNSUPPORTED_MEDIA_TYPE', 'request body must be JSON: send Content-Type: application/json');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return apiError(e.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', e.message ?? 'bad request');
  }
  return apiError('INTERNAL', 'internal error; the service log has the details');
}
