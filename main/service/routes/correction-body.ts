import type { ErrorObject } from 'ajv';
import type { Correction } from '../../../engine/api.js';
import { apiError } from '../errors.js';
import { describeValidationError, validatorCompiler } from '../http/validation.js';
import { CORRECTION_SCHEMAS } from '../schemas/correction-schemas.js';

type Check = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const checks = new Map(Object.entries(CORRECTION_SCHEMAS).map(([op, schema]) =>
  [op, validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: '' }) as Check]));

/** The body's `correction` checked against its op's schema (the route knows only that `op` is one of them): 422 naming the field. */
export function correctionOf(body: { op: string }): Correction {
  const check = checks.get(body.op) as Check;
  if (check(body)) return body as Correction;
  const error = (check.errors ?? [])[0] as ErrorObject;
  throw apiError('VALIDATION_FAILED', describeValidationError({ ...error, instancePath: `/correction${error.instancePath}` }, 'body'));
}
