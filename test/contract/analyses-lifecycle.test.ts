import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { startTestService, waitForAnalysis, waitForVideo, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { fixture, generateFixtures } from '../helpers/fixtures.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';
import { ANALYSIS_STATUSES } from '../../main/service/store/analyses-repo.js';

let t: TestService;
let truthDir: string;

beforeAll(async () => {
  generateFixtures();
  truthDir = await writeSampleTruth();
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
  rmSync(truthDir, { recursive: true, force: true });
});

/** Until the analysis settles in one of `statuses` (the shared helper polls at the rate-limit-safe pace). */
const settled = (id: number, statuses = ['done', 'error', 'ignored', 'no_match_detected', 'needs_attention'], api = t.api) => waitForAnalysis(api, id, statuses);

describe('tracking import (API extension POST /v1/imports)', () => {
  it('[ANA-07] [ANA-09] imports simulator truth into a done analysis on a tracking-only video', async () => {
    const res = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir }, home_team_name: 'Reds', away_team_name: 'Blues' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'init', engine_source: 'import', results_available: false, progress: 0, parameters: { fps: 25 } });
    const done = await settled(res.body.data.id);
    expect(done).toMatchObject({ status: 'done', results_available: true, progress: 100, aggregate_version: '0.6.0', data_version: 4 });
    expect(Date.parse(done.finished_at)).toBeGreaterThan(0);
    const video = (await t.api.get(`/v1/videos/${done.video_id}`)).body.data;
    expect(video).toMatchObject({ status: 'available', mp4_source: null, home_team_name: 'Reds', source: { kind: 'none' } });
    expect(video.duration).toBeGreaterThan(50);
    // The import names its squads, so completion writes which of them started on the left.
    expect(['home', 'away']).toContain(video.left_start_team);
    expect(video.analyses).toEqual([{ id: done.id, status: 'done' }]);
  });

  it('refuses bad import bodies with a message naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ format: 'sim', paths: {} }, /paths\.dir' is required/],
      [{ format: 'sim', paths: { dir: 'relative/dir' } }, /absolute path/],
      [{ format: 'sim', paths: { dir: '/definitely/not/here' } }, /no directory at/],
      [{ format: 'csv', paths: { dir: truthDir } }, /format/],
      [{ format: 'metrica', paths: { home: truthDir, away: truthDir } }, /no file at/],
    ];
    for (const [body, message] of cases) {
      const res = await t.api.post('/v1/imports', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
  });

  it('an unreadable truth directory ends in error with the reason [ANA-10]', async () => {
    const res = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: fixture.clip.replace(/\/[^/]+$/, '') } });
    expect(res.status).toBe(200);
    const ended = await settled(res.body.data.id);
    expect(ended.status).toBe('error');
    expect(ended.status_reason).toMatch(/cannot read simulator truth/);
    expect(ended.finished_at).toBeNull();
    expect(ended.results_available).toBe(false);
  });
});

describe('POST /videos/{video_id}/analysis', () => {
  it('[ANA-03] refuses a video shorter than 10 minutes with 400 {message}', async () => {
    const created = await t.api.post('/v1/videos', { video_file_url: fixture.clip });
    await waitForVideo(t.api, created.body.data.id);
    const res = await t.api.post(`/v1/videos/${created.body.data.id}/analysis`, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['message']);
    expect(res.body.message).toMatch(/must be at least 10 minutes long/);
  });

  it('[ANA-04] unknown video -> 404 {message}; [ANA-11] unknown analysis -> 404 {message}', async () => {
    const res = await t.api.post('/v1/videos/999999/analysis', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'video 999999 not found' });
    const a = await t.api.get('/v1/analyses/999999');
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ message: 'analysis 999999 not found' });
  });

  it('[ANA-04] another organization\'s video -> 403; its analysis -> 403', async () => {
    const { token } = t.service.context.tokens.create({ organization: 'Rival club', name: 'rival' });
    const imported = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } });
    expect((await t.api.post(`/v1/videos/${imported.body.data.video_id}/analysis`, {}, token)).status).toBe(403);
    expect((await t.api.get(`/v1/analyses/${imported.body.data.id}`, token)).status).toBe(403);
  });

  it('[GEN-07] refuses unknown body fields such as wait_for', async () => {
    const created = await t.api.post('/v1/videos', { video_file_url: fixture.clip });
    const res = await t.api.post(`/v1/videos/${created.body.data.id}/analysis`, { wait_for: ['game_context'] });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/wait_for/);
  });
});

describe('GET /analyses/{id}', () => {
  it('[ANA-05] { data } with the spec\'s fields: the video\'s names and duration, quality as the team report, finished_at null until done, waiting_for only while waiting_for_meta', async () => {
    const created = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir }, home_team_name: 'Reds', away_team_name: 'Blues' });
    const id = created.body.data.id as number;
    await settled(id);
    const res = await t.api.get(`/v1/analyses/${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    const a = res.body.data;
    const video = (await t.api.get(`/v1/videos/${a.video_id}`)).body.data;
    expect(a).toMatchObject({
      id, video_id: video.id, status: 'done', aggregate_version: '0.6.0', created_at: created.body.data.created_at,
      video: { id: video.id, title: video.title, duration: video.duration, home_team_name: 'Reds', away_team_name: 'Blues' },
    });
    expect(Object.keys(a.video).sort()).toEqual(['away_team_name', 'duration', 'home_team_name', 'id', 'title']);
    expect(video.duration).toBeGreaterThan(50);
    expect(Date.parse(a.finished_at)).toBeGreaterThanOrEqual(Date.parse(a.created_at));
    expect(a.quality).toMatchObject({ score: expect.any(Number), grade: expect.any(String), reasons: expect.any(Array) });
    expect(a.quality).toEqual((await t.api.get(`/v1/analyses/${id}/team-report`)).body.quality);
    expect(a).not.toHaveProperty('waiting_for');
    // The video part is read at request time: a rename shows at once.
    await t.api.put(`/v1/videos/${video.id}`, { away_team_name: 'Greens' });
    expect((await t.api.get(`/v1/analyses/${id}`)).body.data.video.away_team_name).toBe('Greens');
    // Before done: no finished_at and no quality; the hold for the kit pass says what it waits for.
    for (const status of ['init', 'waiting_for_video', 'waiting_for_meta', 'running']) {
      const other = insertAnalysis(t.service.context.db, video.id, status);
      const b = (await t.api.get(`/v1/analyses/${other}`)).body.data;
      expect(b, status).toMatchObject({ status, finished_at: null, aggregate_version: null, quality: null });
      if (status === 'waiting_for_meta') expect(b.waiting_for).toEqual(['game_context']);
      else expect(b, status).not.toHaveProperty('waiting_for');
    }
  });

  it('[ANA-06] status is one of the nine values: each reads back as itself, the OpenAPI document lists exactly them, the store refuses any other', async () => {
    const statuses = ['init', 'waiting_for_video', 'waiting_for_meta', 'running', 'done', 'error', 'ignored', 'no_match_detected', 'needs_attention'];
    expect([...ANALYSIS_STATUSES]).toEqual(statuses);
    const doc = (await t.api.get('/v1/openapi.json', null)).body;
    expect(doc.components.schemas.Analysis.properties.status.enum).toEqual(statuses);
    const videoId = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
    const ids = statuses.map((status) => insertAnalysis(t.service.context.db, videoId, status));
    for (const [i, status] of statuses.entries()) {
      expect((await t.api.get(`/v1/analyses/${ids[i]}`)).body.data.status).toBe(status);
    }
    expect((await t.api.get(`/v1/videos/${videoId}`)).body.data.analyses).toEqual(ids.map((aid, i) => ({ id: aid, status: statuses[i] })));
    for (const other of ['queued', 'failed', 'cancelled', 'DONE']) {
      expect(() => insertAnalysis(t.service.context.db, videoId, other), other).toThrow(/CHECK constraint/);
    }
  });
});

describe('lifecycle on real videos (minimum lowered so a 4 s clip qualifies)', () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService({ minAnalysisSeconds: 0 });
  });
  afterAll(async () => s?.close());

  it('[ANA-01] [ANA-02] creates before the video is ready, waits, then runs; a video without football ends no_match_detected with the reason', async () => {
    const created = await s.api.post('/v1/videos', { video_file_url: fixture.clip });
    const res = await s.api.post(`/v1/videos/${created.body.data.id}/analysis`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      video_id: created.body.data.id, status: 'init', algorithm_version: '0.6.0', parameters: { fps: 25 },
      results_available: false, progress: 0, video: { id: created.body.data.id },
    });
    const ended = await settled(res.body.data.id, ['no_match_detected'], s.api);
    expect(ended.status_reason).toMatch(/no match footage found/);
    expect(ended.results_available).toBe(false);
  });

  it('[VID-15] no football is detected when an analysis runs (ingest only validates the file): it ends no_match_detected with the reason and no results, the video turns no_match_detected and runs no other analysis until its offsets change', async () => {
    const videoId = (await s.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
    expect((await waitForVideo(s.api, videoId)).status).toBe('available');
    const first = (await s.api.post(`/v1/videos/${videoId}/analysis`, {})).body.data;
    const ended = await settled(first.id, ['no_match_detected', 'done', 'error'], s.api);
    expect(ended).toMatchObject({ status: 'no_match_detected', results_available: false, finished_at: null, aggregate_version: null });
    expect(ended.status_reason).toMatch(/^no match footage found: /);
    // The engine ran to find that out.
    expect(ended.started_at).not.toBeNull();
    const events = await s.api.get(`/v1/analyses/${first.id}/events`);
    expect(events.status).toBe(409);
    expect(events.body.detail).toMatch(new RegExp(`^analysis ${first.id} is no_match_detected \\(no match footage found: .*\\); it has no results$`));
    // The video now says it shows no match, with the run's reason: a later analysis is accepted and ends
    // at once, never started.
    const video = (await s.api.get(`/v1/videos/${videoId}`)).body.data;
    expect(video).toMatchObject({ status: 'no_match_detected', status_reason: ended.status_reason });
    const second = await s.api.post(`/v1/videos/${videoId}/analysis`, {});
    expect(second.status).toBe(200);
    const skipped = await settled(second.body.data.id, ['no_match_detected', 'done', 'error'], s.api);
    expect(skipped).toMatchObject({
      status: 'no_match_detected', status_reason: 'no football match was detected in the video', started_at: null, progress: 0, results_available: false,
    });
    // Other offsets describe another window: the video is available again. The same offsets change nothing.
    expect((await s.api.put(`/v1/videos/${videoId}`, { start_offset_seconds: null })).body.data.status).toBe('no_match_detected');
    expect((await s.api.put(`/v1/videos/${videoId}`, { start_offset_seconds: 1 })).body.data).toMatchObject({ status: 'available', status_reason: null });
  });

  it('[ANA-01] accepts {fps} and records it', async () => {
    const created = await s.api.post('/v1/videos', { video_file_url: fixture.clip });
    const res = await s.api.post(`/v1/videos/${created.body.data.id}/analysis`, { fps: 25 });
    expect(res.body.data.parameters).toEqual({ fps: 25, review: false });
  });

  it('[ANA-10] a video that fails ingest fails its waiting analyses with the reason', async () => {
    const created = await s.api.post('/v1/videos', { video_file_url: fixture.text });
    const res = await s.api.post(`/v1/videos/${created.body.data.id}/analysis`, {});
    const ended = await settled(res.body.data.id, ['error'], s.api);
    expect(ended.status_reason).toMatch(/could not be prepared/);
  });
});
