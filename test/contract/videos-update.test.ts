import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/fixtures.js';
import { startTestService, waitForAnalysis, waitForVideo, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';

let t: TestService;
let id: number;
let truthDir: string;
beforeAll(async () => {
  truthDir = await writeSampleTruth();
  t = await startTestService();
  id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip, title: 'Original' })).body.data.id;
  await waitForVideo(t.api, id);
});
afterAll(() => t.close());

describe('PUT /v1/videos/{id}', () => {
  it('[VID-08] every field is optional; {} changes nothing and answers the video', async () => {
    const before = (await t.api.get(`/v1/videos/${id}`)).body.data;
    const res = await t.api.put(`/v1/videos/${id}`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(before);
  });

  it('[VID-08] answers { data: <the updated single video> } with the changes applied', async () => {
    const res = await t.api.put(`/v1/videos/${id}`, {
      title: 'Renamed', home_team_name: 'Ajax', away_team_name: 'PSV', date: '2026-03-01',
      start_offset_seconds: 1, end_offset_seconds: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id, title: 'Renamed', home_team_name: 'Ajax', away_team_name: 'PSV', date: '2026-03-01',
      start_offset_seconds: 1, end_offset_seconds: 3, status: 'available',
    });
    expect(res.body.data).toHaveProperty('mp4_source');
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toEqual(res.body.data);
  });

  it('game_name stays stable across renames', async () => {
    const before = (await t.api.get(`/v1/videos/${id}`)).body.data.game_name;
    await t.api.put(`/v1/videos/${id}`, { home_team_name: 'Feyenoord' });
    expect((await t.api.get(`/v1/videos/${id}`)).body.data.game_name).toBe(before);
  });

  it('null clears the date and the end offset', async () => {
    const res = await t.api.put(`/v1/videos/${id}`, { date: null, end_offset_seconds: null });
    expect(res.body.data.date).toBeNull();
    expect(res.body.data.end_offset_seconds).toBeNull();
  });

  /** Attaches imported simulator results to a video and waits until they are done. */
  async function completeAnalysis(videoId: number): Promise<void> {
    const a = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir }, video_id: videoId })).body.data;
    await waitForAnalysis(t.api, a.id);
  }

  it('[VID-09] a client-set left_start_team is authoritative: the service never overwrites it', async () => {
    const res = await t.api.put(`/v1/videos/${id}`, { left_start_team: 'home' });
    expect(res.body.data.left_start_team).toBe('home');
    // An analysis completes; its data says the other squad started left: the client's word stands.
    await completeAnalysis(id);
    const after = (await t.api.get(`/v1/videos/${id}`)).body.data;
    expect(after.left_start_team).toBe('home');
    expect(after.team_zero).toBe('home');
    // The client may still change its own answer.
    expect((await t.api.put(`/v1/videos/${id}`, { left_start_team: 'away' })).body.data).toMatchObject({ left_start_team: 'away', team_zero: 'away' });
  });

  it('[VID-10] [VID-11] without a client value the service writes the side when an analysis completes; until then unknown', async () => {
    const other = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id;
    expect((await t.api.get(`/v1/videos/${other}`)).body.data).toMatchObject({ left_start_team: 'unknown', team_zero: null });
    await completeAnalysis(other);
    const after = (await t.api.get(`/v1/videos/${other}`)).body.data;
    expect(['home', 'away']).toContain(after.left_start_team);
    expect(after.team_zero).toBe(after.left_start_team);
    // A later client assertion wins over the service's reading.
    const flipped = after.left_start_team === 'home' ? 'away' : 'home';
    await t.api.put(`/v1/videos/${other}`, { left_start_team: flipped });
    await completeAnalysis(other);
    expect((await t.api.get(`/v1/videos/${other}`)).body.data.left_start_team).toBe(flipped);
  });

  it('[GEN-09] team_a / team_0 sent as left_start_team -> 422 that explains', async () => {
    const a = await t.api.put(`/v1/videos/${id}`, { left_start_team: 'team_b' });
    expect(a.status).toBe(422);
    expect(a.body.message).toMatch(/not 'team_b'.*home or away/);
    const zero = await t.api.put(`/v1/videos/${id}`, { left_start_team: 'team_0' });
    expect(zero.status).toBe(422);
    expect(zero.body.message).toMatch(/team_0\/team_1 are engine labels/);
  });

  it('refuses read-only and unknown fields, and offsets outside the video', async () => {
    const cases: [unknown, RegExp][] = [
      [{ status: 'available' }, /unknown field 'status'/],
      [{ game_name: 'x' }, /unknown field 'game_name'/],
      [{ video_file_url: '/tmp/x.mp4' }, /unknown field 'video_file_url'/],
      [{ start_offset_seconds: 10 }, /must be less than the video's duration \(4 s\)/],
      [{ start_offset_seconds: 2, end_offset_seconds: 2 }, /greater than/],
      [{ title: 7 }, /'title' must be string/],
      [{ away_team_name: '' }, /must not be empty/],
    ];
    const before = (await t.api.get(`/v1/videos/${id}`)).body.data;
    for (const [body, message] of cases) {
      const res = await t.api.put(`/v1/videos/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toEqual(before);
  });

  it('an end offset beyond the existing start is checked against the stored start', async () => {
    await t.api.put(`/v1/videos/${id}`, { start_offset_seconds: 2, end_offset_seconds: null });
    const res = await t.api.put(`/v1/videos/${id}`, { end_offset_seconds: 1 });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/'end_offset_seconds' \(1\) must be greater than 'start_offset_seconds' \(2\)/);
  });

  it('unknown video -> 404 { message }', async () => {
    const res = await t.api.put('/v1/videos/424242', { title: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'video 424242 not found' });
  });
});
