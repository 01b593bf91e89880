import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

describe('errors over HTTP', () => {
  it('[GEN-01] unknown paths -> 404 { message } pointing at /v1', async () => {
    for (const path of ['/videos', '/v2/videos', '/v1/nothing']) {
      const res = await t.api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toMatch(/the API lives under \/v1/);
      expect(res.headers.get('x-touchline-error')).toBe('NOT_FOUND');
    }
  });

  it('[GEN-05] an unknown result endpoint answers in the results shape { detail }', async () => {
    const res = await t.api.get('/v1/analyses/1/not-an-endpoint');
    expect(res.status).toBe(404);
    expect(Object.keys(res.body)).toEqual(['detail']);
  });

  it('[GEN-04] management errors are exactly { message } with a JSON content type', async () => {
    const res = await t.api.get('/v1/videos/77');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'video 77 not found' });
    expect(res.headers.get('x-touchline-error')).toBe('VIDEO_NOT_FOUND');
  });

  it('[GEN-06] success is 200 (204 on delete)', async () => {
    expect((await t.api.get('/v1/videos')).status).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('describes every videos route with its parameters, bodies and error shapes', async () => {
    const doc = (await t.api.get('/v1/openapi.json', null)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/videos', '/v1/videos/{id}']));
    expect(Object.keys(doc.paths['/v1/videos']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/v1/videos/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    const list = doc.paths['/v1/videos'].get;
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['page', 'per_page', 'status']);
    const create = doc.paths['/v1/videos'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(['video_file_url']);
    expect(create.additionalProperties).toBe(false);
    expect(create.properties.left_start_team.enum).toEqual(['home', 'away']);
    expect(doc.paths['/v1/videos/{id}'].delete.responses).toHaveProperty('409');
    expect(doc.components.securitySchemes.bearer.scheme).toBe('bearer');
  });
});
