import { describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures.js';
import { waitForVideo, type TestService } from '../helpers/test-service.js';
import { type KnownMatch, importKnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';

/** The limits of spec 8 that are not rates (those are in rate-limit.test.ts and results-known-answers.test.ts). */
let t: TestService;
let known: KnownMatch;
useKnownMatchService((service, match) => {
  t = service;
  known = match;
});

const widget = (token: string, body: unknown) =>
  t.api.request('POST', '/v1/embed/sides/confirm', { token: null, body, headers: { 'x-embed-token': token } });

describe('team names (spec 8)', () => {
  it('[LIM-03] 100 characters are accepted and 101 refused with 422 { message } by every writer of a team name', async () => {
    const max = (c: string) => c.repeat(100);
    const over = (c: string) => c.repeat(101);

    // POST /videos
    const created = await t.api.post('/v1/videos', { video_file_url: fixture.clip, home_team_name: max('h'), away_team_name: max('a') });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toMatchObject({ home_team_name: max('h'), away_team_name: max('a') });
    for (const field of ['home_team_name', 'away_team_name']) {
      const res = await t.api.post('/v1/videos', { video_file_url: fixture.clip, [field]: over('x') });
      expect(res.status, field).toBe(422);
      expect(res.body.message, field).toMatch(new RegExp(`'${field}'.*100 characters`));
    }

    // PUT /videos/{id}
    for (const field of ['home_team_name', 'away_team_name']) {
      const res = await t.api.put(`/v1/videos/${id}`, { [field]: over('y') });
      expect(res.status, field).toBe(422);
      expect(res.body.message, field).toMatch(new RegExp(`'${field}'.*100 characters`));
      const ok = await t.api.put(`/v1/videos/${id}`, { [field]: max('y') });
      expect(ok.status, field).toBe(200);
      expect(ok.body.data[field], field).toBe(max('y'));
    }

    // The widget's confirm (embed token)
    await waitForVideo(t.api, id);
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, {})).body as { token: string };
    for (const field of ['home_name', 'away_name']) {
      const res = await widget(token, { home_key: 'team_a', [field]: over('z') });
      expect(res.status, field).toBe(422);
      expect(res.body.message, field).toMatch(/100 characters/);
    }
    expect((await widget(token, { home_key: 'team_a', home_name: max('w'), away_name: max('v') })).status).toBe(200);
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toMatchObject({ home_team_name: max('w'), away_team_name: max('v') });
    // Characters are code points, the same count as the other writers': 100 lions pass (200 UTF-16 units).
    const lions = max('\u{1F981}');
    expect((await widget(token, { home_key: 'team_a', home_name: lions })).status).toBe(200);
    expect((await t.api.put(`/v1/videos/${id}`, { away_team_name: lions })).status).toBe(200);
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toMatchObject({ home_team_name: lions, away_team_name: lions });
    expect((await widget(token, { home_key: 'team_a', home_name: over('\u{1F981}') })).status).toBe(422);

    // POST /imports (names of the tracking-only video it creates)
    for (const field of ['home_team_name', 'away_team_name']) {
      const res = await t.api.post('/v1/imports', { format: 'parquet', paths: { tracking: known.tracking, events: known.events }, [field]: over('i') });
      expect(res.status, field).toBe(422);
      expect(res.body.message, field).toMatch(/100 characters/);
    }
    const imported = await importKnownMatch(t.api, known, { home_team_name: max('i'), away_team_name: max('j') });
    expect((await t.api.get(`/v1/analyses/${imported}`)).body.data.video).toMatchObject({ home_team_name: max('i'), away_team_name: max('j') });
  });
});

describe('embed token lifetime (spec 8)', () => {
  it('[LIM-04] ttl_seconds 60-86400, default 7200: the bounds are accepted and expire that far ahead, anything outside is 422 { message }', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
    const mint = (body: unknown) => t.api.post(`/v1/videos/${id}/embed-token`, body);
    for (const [body, ttl] of [[{}, 7200], [{ ttl_seconds: 60 }, 60], [{ ttl_seconds: 86_400 }, 86_400]] as const) {
      const before = Date.now();
      const res = await mint(body);
      const after = Date.now();
      expect(res.status, JSON.stringify(body)).toBe(200);
      const expires = Date.parse(res.body.expires_at);
      expect(expires, JSON.stringify(body)).toBeGreaterThanOrEqual(before + ttl * 1000 - 1000);
      expect(expires, JSON.stringify(body)).toBeLessThanOrEqual(after + ttl * 1000 + 1000);
    }
    const minted = () => t.service.context.db.prepare('SELECT COUNT(*) FROM embed_tokens WHERE video_id = ?').pluck().get(id);
    const count = minted();
    for (const ttl of [59, 86_401, 0, -1, 7200.5, '7200', null]) {
      const res = await mint({ ttl_seconds: ttl });
      expect(res.status, String(ttl)).toBe(422);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.body.message, String(ttl)).toMatch(/ttl_seconds/);
    }
    expect(minted()).toBe(count);
  });
});
