import fc from 'fast-check';
import { resolveRef, type JsonSchema, type OpenApiDocument } from './openapi-operations.js';
import type { FuzzValue } from './raw-json.js';

/** Values that exist in the fuzzed store, so valid requests reach past "not found". */
export interface Pools {
  videoIds: number[];
  analysisIds: number[];
  webhookIds: number[];
  /** Ids a valid DELETE may take: the store keeps the others for every later request. */
  disposableVideoIds: number[];
  disposableWebhookIds: number[];
  playerIds: string[];
  /** Strings worth trying where a field names them (paths that exist, URLs of this machine). */
  byName: Record<string, string[]>;
}

const depthLimit = 6;

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : -1000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : 100_000;
  // Small values are where the behaviour is: the bounds themselves, and a sample between.
  return fc.oneof(fc.constantFrom(min, Math.min(max, min + 1), max), fc.integer({ min, max: Math.min(max, min + 100_000) }));
}

function numberArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function stringArb(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 60);
  const plain = fc.string({ minLength: min, maxLength: Math.max(min, max) });
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const named = pools.byName[name];
  return named && named.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...named) }, { weight: 1, arbitrary: plain }) : plain;
}

/**
 * A valid value of a JSON schema (as the OpenAPI document states it), with the store's ids and
 * names where a field is known to hold one. `name` is the property or parameter it fills.
 */
export function validValue(schemaIn: JsonSchema, doc: OpenApiDocument, pools: Pools, name = '', depth = 0): fc.Arbitrary<FuzzValue> {
  const schema = resolveRef(schemaIn, doc);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as FuzzValue[]));
  if (schema.const !== undefined) return fc.constant(schema.const as FuzzValue);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return fc.oneof(...branches.map((b) => validValue(b as JsonSchema, doc, pools, name, depth)));
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    return fc.oneof(...type.map((t) => (t === 'null' ? fc.constant(null) : validValue({ ...schema, type: t }, doc, pools, name, depth))));
  }
  switch (type) {
    case 'integer': return integerArb(schema);
    case 'number': return numberArb(schema);
    case 'boolean': return fc.boolean();
    case 'string': return stringArb(schema, name, pools);
    case 'null': return fc.constant(null);
    case 'array': {
      if (depth >= depthLimit) return fc.constant([]);
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = Math.max(min, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4));
      const items = validValue((schema.items as JsonSchema | undefined) ?? {}, doc, pools, name, depth + 1);
      return schema.uniqueItems ? fc.uniqueArray(items, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength: min, maxLength: max });
    }
    case 'object': {
      if (depth >= depthLimit) return fc.constant({});
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<FuzzValue>> = {};
      for (const [key, sub] of Object.entries(props)) record[key] = validValue(sub, doc, pools, key, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) }) as fc.Arbitrary<FuzzValue>;
    }
    default:
      return anyJson(depth);
  }
}

/** Any JSON value, shallow. */
export function anyJson(depth = 0): fc.Arbitrary<FuzzValue> {
  const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ maxLength: 20 }));
  if (depth >= 2) return scalar;
  return fc.oneof({ weight: 4, arbitrary: scalar }, fc.array(anyJson(depth + 1), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), anyJson(depth + 1), { maxKeys: 3 }));
}
