import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { boundIntegers, describeValidationError } from '../../main/service/http/validation.js';
import { familyOf, RouteFamilies } from '../../main/service/http/error-shape.js';

const err = (e: Partial<ErrorObject>): ErrorObject => ({ instancePath: '', schemaPath: '', keyword: 'type', params: {}, ...e }) as ErrorObject;

describe('describeValidationError', () => {
  it('names nested fields with dots', () => {
    expect(describeValidationError(err({ instancePath: '/filters/0/type', keyword: 'type', params: { type: 'string' }, data: 3 }), 'body'))
      .toBe("body field 'filters.0.type' must be string, got 3");
  });
  it('explains the team vocabularies on enums that take home/away', () => {
    expect(describeValidationError(err({ instancePath: '/side', keyword: 'enum', params: { allowedValues: ['home', 'away'] }, data: 'team_a' }), 'body'))
      .toMatch(/not 'team_a': team_a\/team_b name the detected kits/);
  });
  it('plain enums list the allowed values', () => {
    expect(describeValidationError(err({ instancePath: '/format', keyword: 'enum', params: { allowedValues: ['parquet', 'json'] }, data: 'csv' }), 'querystring'))
      .toBe("query parameter 'format' must be 'parquet' or 'json', got 'csv'");
  });
  it('required fields of nested objects', () => {
    expect(describeValidationError(err({ instancePath: '/teams', keyword: 'required', params: { missingProperty: 'home' } }), 'body'))
      .toBe("body field 'teams' is missing the required field 'home'");
  });
});

describe('error families', () => {
  const req = (url: string, family?: string) => ({ url, routeOptions: { config: family ? { family } : {} } }) as never;
  it('[GEN-05] unmatched URLs below /v1/analyses/{id}/ are result endpoints ({ detail })', () => {
    expect(familyOf(req('/v1/analyses/3/summary'), new RouteFamilies())).toBe('results');
    expect(familyOf(req('/v1/analyses/3/player-report/0-10?x=1'), new RouteFamilies())).toBe('results');
  });
  it('[GEN-04] videos and GET /analyses/{id} are management endpoints ({ message })', () => {
    expect(familyOf(req('/v1/analyses/3'), new RouteFamilies())).toBe('management');
    expect(familyOf(req('/v1/videos/3/preview-teams'), new RouteFamilies())).toBe('management');
  });
  it('a route\'s declared family wins', () => {
    expect(familyOf(req('/v1/videos/1', 'results'), new RouteFamilies())).toBe('results');
  });
});

describe('boundIntegers (one rule for every integer field)', () => {
  it('bounds integers the schema leaves open to ±(2^53 - 1), nested and nullable ones too; keeps narrower bounds and data', () => {
    const schema = {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        offset: { type: ['integer', 'null'] },
        ttl: { type: 'integer', minimum: 60, maximum: 86_400, default: 7200 },
        list: { type: 'array', items: { type: 'integer', exclusiveMinimum: 0 } },
        ratio: { type: 'number' },
        kind: { type: 'string', enum: ['integer'] },
      },
    };
    const bounded = boundIntegers(schema) as typeof schema & { properties: Record<string, Record<string, unknown>> };
    expect(bounded.properties.page).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    expect(bounded.properties.offset).toEqual({ type: ['integer', 'null'], minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
    expect(bounded.properties.ttl).toEqual(schema.properties.ttl);
    expect(bounded.properties.list).toEqual({ type: 'array', items: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER } });
    expect(bounded.properties.ratio).toEqual({ type: 'number' });
    expect(bounded.properties.kind).toEqual(schema.properties.kind);
    // The route's own schema object is left as it was (OpenAPI documents it).
    expect(schema.properties.page).toEqual({ type: 'integer', minimum: 1 });
  });
});
