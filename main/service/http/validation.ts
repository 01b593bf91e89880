import { Ajv, type ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { describeValue } from '../../../engine/api.js';

/**
 * Two validators: bodies are checked strictly (no type coercion, unknown fields refused rather than
 * silently dropped, so a misspelt or obsolete field such as `wait_for` gets a clear 422), while
 * path and query strings are coerced to the declared integers and booleans. Both refuse non-finite
 * numbers: JSON's 1e400 parses to Infinity, which plain Ajv counts as an integer.
 */
const strict = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: true, verbose: true, strict: false, strictNumbers: true });
const coercing = new Ajv({ allErrors: false, coerceTypes: true, removeAdditional: false, useDefaults: true, verbose: true, strict: false, strictNumbers: true });

/**
 * One rule for every integer field of every route: within ±(2^53 - 1) unless the schema says narrower.
 * Beyond that a JSON number is no longer an exact integer (2^63 reads as 9223372036854775808 but is
 * stored rounded), and SQLite refuses what does not fit its 64-bit integers.
 */
export function boundIntegers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundIntegers);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    // Enumerations and defaults are data, not schemas.
    out[key] = key === 'enum' || key === 'const' || key === 'default' || key === 'examples' ? value : boundIntegers(value);
  }
  const type = out.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = Number.MAX_SAFE_INTEGER;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -Number.MAX_SAFE_INTEGER;
  }
  return out;
}

const DECIMAL = /^-?\d+$/;

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Coercion turns '1e3', '0x10' or ' 7' into integers; an id or page number written like that is a
 * client bug worth reporting, so integer parameters must be plain decimal digits before coercion.
 */
function withDecimalIntegers(schema: { properties?: Record<string, { type?: unknown }> }, validate: Validator): Validator {
  const integers = Object.entries(schema.properties ?? {}).filter(([, s]) => s.type === 'integer').map(([k]) => k);
  if (integers.length === 0) return validate;
  const guarded: Validator = (data) => {
    for (const key of integers) {
      const value = (data as Record<string, unknown> | null)?.[key];
      if (typeof value === 'string' && !DECIMAL.test(value)) {
        guarded.errors = [{
          keyword: 'type', instancePath: `/${key}`, schemaPath: '', params: { type: 'integer' }, data: value, message: 'must be integer',
        }];
        return false;
      }
    }
    const ok = validate(data);
    guarded.errors = validate.errors ?? null;
    return ok;
  };
  return guarded;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const bounded = boundIntegers(schema) as object;
  return httpPart === 'body'
    ? strict.compile(bounded)
    : withDecimalIntegers(schema as never, coercing.compile(bounded));
};

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };
const FIELD_NAMES: Record<string, string> = { body: 'body field', querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/** Fields that no longer exist, with the reason a client should read. */
const RETIRED_FIELDS: Record<string, string> = {
  wait_for: 'nothing in the service waits on the client; create the analysis and poll GET /v1/analyses/{id}',
  wait_for_timeout_minutes: 'nothing in the service waits on the client; create the analysis and poll GET /v1/analyses/{id}',
};

function fieldName(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path;
}

/** One sentence that names the field, what was wrong and what is expected. */
export function describeValidationError(error: ErrorObject, part: string): string {
  const where = PART_NAMES[part] ?? part;
  const field = fieldName(error);
  const subject = field ? `${FIELD_NAMES[part] ?? part} '${field}'` : where;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const retired = RETIRED_FIELDS[name];
      const container = field ? `${FIELD_NAMES[part] ?? part} '${field}'` : where;
      return retired
        ? `unknown field '${name}' in ${container}: ${retired}`
        : `unknown field '${name}' in ${container}`;
    }
    case 'required':
      return `${field ? `${FIELD_NAMES[part] ?? part} '${field}'` : where} is missing the required field '${String(params.missingProperty)}'`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(' or ');
      const value = error.data;
      if ((value === 'team_a' || value === 'team_b') && (params.allowedValues as unknown[]).includes('home')) {
        return `${subject} must be ${allowed}, not '${value}': team_a/team_b name the detected kits of preview-teams; clients write the fixture role home or away`;
      }
      if ((value === 'team_0' || value === 'team_1') && (params.allowedValues as unknown[]).includes('home')) {
        return `${subject} must be ${allowed}, not '${value}': team_0/team_1 are engine labels; clients write the fixture role home or away`;
      }
      return `${subject} must be ${allowed}, got ${describeValue(value)}`;
    }
    case 'type':
      return `${subject} must be ${String(params.type).replace(',', ' or ')}, got ${describeValue(error.data)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${subject} ${error.message ?? 'is out of range'}, got ${describeValue(error.data)}`;
    case 'minLength':
      return Number(params.limit) === 1 ? `${subject} must not be empty` : `${subject} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${subject} must be at most ${String(params.limit)} characters`;
    case 'pattern':
      return `${subject} has the wrong format, got ${describeValue(error.data)}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}
