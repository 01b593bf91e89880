import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { startTestService, waitForAnalysis, waitForVideo, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { fixture, generateFixtures } from '../helpers/fixtures.js';

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

  it('[ANA-01] accepts {fps} and records it', async () => {
    const created = await s.api.post('/v1/videos', { video_file_url: fixture.clip });
    const res = await s.api.post(`/v1/videos/${created.body.data.id}/analysis`, { fps: 25 });
    expect(res.body.data.parameters).toEqual({ fps: 25 });
  });

  it('[ANA-10] a video that fails ingest fails its waiting analyses with the reason', async () => {
    const created = await s.api.post('/v1/videos', { video_file_url: fixture.text });
    const res = await s.api.post(`/v1/videos/${created.body.data.id}/analysis`, {});
    const ended = await settled(res.body.data.id, ['error'], s.api);
    expect(ended.status_reason).toMatch(/could not be prepared/);
  });
});
