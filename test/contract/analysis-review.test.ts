import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startTestService, waitFor, API_POLL_MS, type TestService } from '../helpers/test-service.js';
import { fixture } from '../helpers/fixtures.js';

/**
 * Results held for review (docs/api.md, ANA-10): an analysis created with `review: true` whose run is
 * graded unreliable stops at needs_attention with its results, readable and correctable, until the
 * analyst approves them; without `review` the same run ends done, as clients waiting for done expect.
 */
const UNRELIABLE = fileURLToPath(new URL('../fixtures/workers/unreliable-worker.mjs', import.meta.url));
let t: TestService;
let videoId: number;

beforeAll(async () => {
  t = await startTestService({ engineWorker: UNRELIABLE, minAnalysisSeconds: 0 });
  videoId = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id;
});
afterAll(async () => {
  await t?.close();
});

const finished = (id: number) => waitFor(async () => {
  const row = (await t.api.get(`/v1/analyses/${id}`)).body.data;
  return ['done', 'error', 'needs_attention'].includes(row.status) ? row : undefined;
}, 60_000, 'the stand-in engine', API_POLL_MS);

describe('review of unreliable results', () => {
  it('review: true holds an unreliable run at needs_attention; results are served and corrected; review approves them', async () => {
    const created = await t.api.post(`/v1/videos/${videoId}/analysis`, { review: true });
    expect(created.status).toBe(200);
    expect(created.body.data.parameters).toEqual({ fps: 25, review: true });
    const held = await finished(created.body.data.id);
    expect(held).toMatchObject({ status: 'needs_attention', results_available: true, finished_at: null });
    expect(held.status_reason).toContain('unreliable (few_players_detected)');
    const id = held.id as number;
    expect((await t.api.get(`/v1/analyses/${id}/summary`)).status).toBe(200);
    const tracks = (await t.api.get(`/v1/analyses/${id}/tracks`)).body;
    expect(tracks).toEqual([expect.objectContaining({ track_id: 3, player_id: '0-7', detected_rows: 250 })]);
    expect((await t.api.post(`/v1/analyses/${id}/corrections`, { base_version: 0, correction: { op: 'name_track', track_id: 3, player_id: '0-8' } })).status).toBe(201);

    const approved = await t.api.post(`/v1/analyses/${id}/review`);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'done', status_reason: null, results_available: true });
    expect(approved.body.data.finished_at).toEqual(expect.any(String));
    const players = (await t.api.get(`/v1/analyses/${id}/summary`)).body.players.map((p: { player_id: string }) => p.player_id);
    expect(players).toEqual(['0-8']);
    const again = await t.api.post(`/v1/analyses/${id}/review`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: expect.stringContaining('only results held for review') });
  });

  it('without review the same run ends done, grade and all', async () => {
    const created = await t.api.post(`/v1/videos/${videoId}/analysis`, {});
    expect(created.body.data.parameters).toEqual({ fps: 25, review: false });
    const row = await finished(created.body.data.id);
    expect(row).toMatchObject({ status: 'done', results_available: true });
    expect(row.quality.grade).toBe('unreliable');
  });

  it('review of an unknown analysis is 404 {message}; a wrong review value is 422', async () => {
    expect((await t.api.post('/v1/analyses/999999/review')).body).toEqual({ message: 'analysis 999999 not found' });
    const bad = await t.api.post(`/v1/videos/${videoId}/analysis`, { review: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain("'review'");
  });
});
