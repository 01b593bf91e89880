import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, type ApiError } from '../errors.js';
import { errorBody, sendError, type RouteFamilies } from './error-shape.js';
import { isLoopbackHost } from './host-check.js';

/**
 * Fastify answers a few errors before any route or hook runs (a malformed percent-escape, a path
 * parameter over its length limit) and Node answers others before Fastify sees the request (headers too
 * large, malformed HTTP). Left alone they come out in Fastify's own `{error, code, message, statusCode}`;
 * here they get the endpoint family's shape like every other error.
 */
export function frameworkErrorHandler(routes: RouteFamilies) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (!isLoopbackHost(request.headers.host)) {
      return sendError(request, reply, apiError('FORBIDDEN_HOST', `Host '${request.headers.host ?? ''}' is not a loopback name`), routes);
    }
    return sendError(request, reply, frameworkApiError(error.code), routes);
  };
}

function frameworkApiError(code: string): ApiError {
  switch (code) {
    case 'FST_ERR_BAD_URL':
      return apiError('BAD_URL', 'the URL is not valid: it holds a malformed percent-escape (each % must be followed by two hex digits of UTF-8)');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return apiError('URL_TOO_LONG', 'a path parameter is longer than any id the API knows (100 characters at most)');
    default:
      return apiError('BAD_REQUEST', `the request could not be routed (${code})`);
  }
}

/** The request line's path, read from the bytes Node had received when it gave up on the request. */
function requestPath(raw: unknown): string {
  if (!Buffer.isBuffer(raw)) return '';
  const end = raw.indexOf('\r\n');
  const line = raw.subarray(0, end < 0 ? raw.length : end).toString('latin1');
  return /^[A-Z]+ (\S+)/.exec(line)?.[1] ?? '';
}

function clientApiError(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return apiError('HEADERS_TOO_LARGE', 'the request headers are too large (16 KiB at most in all)');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return apiError('REQUEST_TIMEOUT', 'the request did not arrive in time');
  return apiError('BAD_REQUEST', 'the request is not valid HTTP/1.1');
}

/** Node's `clientError`: the socket is all there is, so the answer is written by hand and the connection closed. */
export function clientErrorHandler(routes: RouteFamilies) {
  return (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const apiErr = clientApiError(error.code);
      const body = JSON.stringify(errorBody(routes.of(requestPath(error.rawPacket)), apiErr.message));
      socket.write(`HTTP/1.1 ${apiErr.status} ${STATUS_CODES[apiErr.status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n`
        + `Content-Length: ${Buffer.byteLength(body)}\r\nx-touchline-error: ${apiErr.code}\r\nConnection: close\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
