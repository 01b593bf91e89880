import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { describeValidationError } from '../../main/service/http/validation.js';
import { familyOf } from '../../main/service/http/error-shape.js';

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
    expect(familyOf(req('/v1/analyses/3/summary'))).toBe('results');
    expect(familyOf(req('/v1/analyses/3/player-report/0-10?x=1'))).toBe('results');
  });
  it('[GEN-04] videos and GET /analyses/{id} are management endpoints ({ message })', () => {
    expect(familyOf(req('/v1/analyses/3'))).toBe('management');
    expect(familyOf(req('/v1/videos/3/preview-teams'))).toBe('management');
  });
  it('a route\'s declared family wins', () => {
    expect(familyOf(req('/v1/videos/1', 'results'))).toBe('results');
  });
});
