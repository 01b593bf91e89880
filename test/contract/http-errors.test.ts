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

  it('describes every analysis, result, import and webhook route, result errors as {detail}', async () => {
    const doc = (await t.api.get('/v1/openapi.json', null)).body;
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/analyses/{id}', '/v1/analyses/{id}/cancel', '/v1/analyses/{id}/clips', '/v1/analyses/{id}/corrections',
      '/v1/analyses/{id}/corrections/redo', '/v1/analyses/{id}/corrections/undo', '/v1/analyses/{id}/events', '/v1/analyses/{id}/exemplar-crops', '/v1/analyses/{id}/exemplar-crops/individuals/{player_id}/{index}',
      '/v1/analyses/{id}/exemplar-crops/teams/{team}/{index}', '/v1/analyses/{id}/meta-data', '/v1/analyses/{id}/player-report/{player_id}',
      '/v1/analyses/{id}/query-intervals', '/v1/analyses/{id}/review', '/v1/analyses/{id}/schema', '/v1/analyses/{id}/summary', '/v1/analyses/{id}/team-mapping',
      '/v1/analyses/{id}/team-report', '/v1/analyses/{id}/tracking/download', '/v1/analyses/{id}/tracking/window', '/v1/analyses/{id}/tracks', '/v1/analyses/{id}/tracks/{track_id}/crop',
      '/v1/embed/preview-teams', '/v1/embed/sides', '/v1/embed/sides/confirm',
      '/v1/imports', '/v1/settings', '/v1/videos', '/v1/videos/{id}', '/v1/videos/{id}/embed-token', '/v1/videos/{id}/media', '/v1/videos/{id}/media-url', '/v1/videos/{id}/meta', '/v1/videos/{id}/preview-crops/{file}', '/v1/videos/{id}/preview-teams', '/v1/videos/{id}/roster', '/v1/videos/{video_id}/analysis',
      '/v1/webhooks', '/v1/webhooks/{id}', '/v1/webhooks/{id}/deliveries',
    ]);
    for (const [path, methods] of Object.entries(doc.paths) as [string, Record<string, { summary?: string; responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>][]) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
        const errorRef = op.responses['401']?.content?.['application/json']?.schema.$ref ?? '';
        // Cancelling and approving manage the analysis (their errors are {message}) though their paths are below it.
        const isResult = /^\/v1\/analyses\/\{id\}\/.+/.test(path) && !['/v1/analyses/{id}/cancel', '/v1/analyses/{id}/review'].includes(path);
        expect(errorRef, `${method} ${path}`).toMatch(isResult ? /DetailError/ : /MessageError/);
      }
    }
    const query = doc.paths['/v1/analyses/{id}/query-intervals'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(query.properties).sort()).toEqual(['coordinate_frame', 'existing_filters', 'filters', 'gap_fill_sec', 'include_pixel_coords', 'merge_results', 'operator', 'pad_sec', 'preserve_labels']);
    expect(doc.paths['/v1/analyses/{id}/tracking/download'].get.parameters[0]).toMatchObject({ name: 'format', schema: { enum: ['parquet', 'json'] } });
    // A correction is documented by its op's schema, one branch per op.
    const correction = doc.paths['/v1/analyses/{id}/corrections'].post.requestBody.content['application/json'].schema.properties.correction;
    expect(correction.oneOf.map((b: { title: string }) => b.title)).toEqual([
      'name_track', 'set_track_squad', 'set_track_role', 'split_track', 'merge_tracks', 'swap_squads', 'add_event', 'delete_event', 'edit_event',
    ]);
  });
});
