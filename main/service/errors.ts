/**
 * Every error the service answers with, declared once. `code` is stable: scripts may match on it
 * (it travels in the `x-touchline-error` header so the body keeps the spec's exact shape).
 */
export interface ErrorSpec {
  readonly code: string;
  readonly status: number;
}

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(spec: ErrorSpec, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = spec.code;
    this.status = spec.status;
    this.headers = headers;
  }
}

function declare<const T extends Record<string, number>>(table: T): { [K in keyof T]: ErrorSpec } {
  const out = {} as { [K in keyof T]: ErrorSpec };
  for (const key of Object.keys(table) as (keyof T)[]) {
    out[key] = { code: key as string, status: table[key] as number };
  }
  return out;
}

export const Errors = declare({
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  BAD_URL: 400,
  VIDEO_TOO_SHORT: 400,
  UNAUTHENTICATED: 401,
  EMBED_TOKEN_INVALID: 401,
  EMBED_TOKEN_EXPIRED: 401,
  FORBIDDEN_HOST: 403,
  FORBIDDEN: 403,
  NAMES_READ_ONLY: 403,
  CROP_URL_INVALID: 403,
  CROP_URL_EXPIRED: 403,
  MEDIA_URL_INVALID: 403,
  MEDIA_URL_EXPIRED: 403,
  NOT_FOUND: 404,
  VIDEO_NOT_FOUND: 404,
  ANALYSIS_NOT_FOUND: 404,
  PLAYER_NOT_FOUND: 404,
  WEBHOOK_NOT_FOUND: 404,
  FEATURE_NOT_IN_VERSION: 404,
  CORRECTION_TARGET_NOT_FOUND: 404,
  VIDEO_BUSY: 409,
  ANALYSIS_FINISHED: 409,
  RESULTS_NOT_READY: 409,
  VIDEO_HAS_NO_MEDIA: 409,
  CORRECTION_CONFLICT: 409,
  CORRECTIONS_STALE: 409,
  NOTHING_TO_UNDO: 409,
  NOTHING_TO_REDO: 409,
  NOT_HELD_FOR_REVIEW: 409,
  REQUEST_TIMEOUT: 408,
  RESULTS_UNAVAILABLE: 410,
  BODY_TOO_LARGE: 413,
  URL_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  VALIDATION_FAILED: 422,
  RATE_LIMITED: 429,
  TRACKING_DOWNLOAD_LIMITED: 429,
  CLIP_EXPORTS_BUSY: 429,
  HEADERS_TOO_LARGE: 431,
  CLIP_EXPORT_FAILED: 500,
  INTERNAL: 500,
  PAGE_NOT_BUILT: 503,
});

export type ErrorCode = keyof typeof Errors;

export function apiError(code: ErrorCode, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(Errors[code], message, headers);
}
