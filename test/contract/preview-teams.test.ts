import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { ffmpegPath } from '../../engine/io/ffmpeg-binaries.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture } from '../helpers/fixtures.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { startTestService, waitFor, waitForVideo, type TestService } from '../helpers/test-service.js';
import { startFileServer } from '../helpers/file-server.js';
import { videoDir } from '../../main/service/store/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'touchline-preview-api-'));
let t: TestService;

beforeAll(async () => {
  await renderSampleClip(dir, { seed: 5, fromMs: 2_000, durationMs: 12_000 });
  // A minute of it with a keyframe every 2 s, as broadcast files have: a seek then reads a few seconds
  // of video, not the whole file (the download-beside-the-preview case needs that to be meaningful).
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-stream_loop', '4', '-i', join(dir, 'video.mp4'), '-c:v', 'libx264', '-preset', 'veryfast',
    '-g', '50', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(dir, 'minute.mp4')]);
  // The slow-download cases poll for tens of seconds: more than the default 100 requests a minute.
  t = await startTestService({ rateLimitPerMinute: 2000 });
}, 90_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const preview = async (id: number, timeoutMs = 30_000) => {
  await waitFor(async () => ((await t.api.get(`/v1/videos/${id}/preview-teams`)).body.status !== 'processing' ? true : undefined), timeoutMs, 'the preview', 250);
  const res = await t.api.get(`/v1/videos/${id}/preview-teams`);
  return res.body;
};

describe('GET /v1/videos/{id}/preview-teams', () => {
  it('[PRV-01] [PRV-02] [PRV-03] [PRV-04] processing, then ready with two colour-sorted kits and the video\'s names', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4'), home_team_name: 'Reds', away_team_name: 'Blues' })).body.data.id as number;
    const first = await t.api.get(`/v1/videos/${id}/preview-teams`);
    expect(first.status).toBe(200);
    expect(['processing', 'ready']).toContain(first.body.status);
    if (first.body.status === 'processing') expect(first.body).toEqual({ status: 'processing' });
    const ready = await preview(id);
    expect(ready).toMatchObject({ status: 'ready', stage: 'preview', crops_status: 'ready', home_name: 'Reds', away_name: 'Blues', confirmed_home_key: null });
    expect(Number.isNaN(Date.parse(ready.ready_at))).toBe(false);
    expect(ready.teams.map((k: { key: string }) => k.key)).toEqual(['team_a', 'team_b']);
    for (const team of ready.teams) {
      expect(Object.keys(team.swatch).sort()).toEqual(['description', 'pattern', 'primary', 'secondary', 'shorts', 'socks']);
      expect(team.crops.length).toBeGreaterThanOrEqual(1);
    }
    expect(ready.teams.map((k: { swatch: { primary: string } }) => k.swatch.primary)).toContain('yellow');
  });

  it('[PRV-05] [PRV-08] crops are expiring signed URLs anyone may load; a changed or expired one is 403 { message }', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4') })).body.data.id as number;
    const ready = await preview(id);
    const url = new URL(ready.teams[0].crops[0] as string);
    expect(url.origin).toBe(t.base);
    expect(url.pathname).toBe(`/v1/videos/${id}/preview-crops/team_a-0.jpg`);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(3000_000);
    const img = await fetch(url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await img.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);

    const other = new URL(url);
    other.pathname = `/v1/videos/${id}/preview-crops/team_b-0.jpg`;
    const forged = await fetch(other);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: expect.stringContaining('not signed') });
    const late = new URL(url);
    late.searchParams.set('expires', String(expires + 60));
    expect((await fetch(late)).status).toBe(403);
    expect((await fetch(`${t.base}/v1/videos/${id}/preview-crops/team_a-0.jpg`)).status).toBe(403);
  });

  it('[PRV-09] a confirmed kit shows in the preview; the kits stay where they were', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4') })).body.data.id as number;
    const before = await preview(id);
    const { token } = (await t.api.post(`/v1/videos/${id}/embed-token`, {})).body as { token: string };
    await t.api.request('POST', '/v1/embed/sides/confirm', { token: null, body: { home_key: 'team_b' }, headers: { 'x-embed-token': token } });
    const after = (await t.api.get(`/v1/videos/${id}/preview-teams`)).body;
    expect(after.confirmed_home_key).toBe('team_b');
    const kits = (p: { teams: { key: string; swatch: unknown }[] }) => p.teams.map(({ key, swatch }) => ({ key, swatch }));
    expect(kits(after)).toEqual(kits(before));
  });

  it('[PRV-06] [PRV-08] a range-capable URL: the preview reads it by range requests and is ready long before the download ends', async () => {
    const clip = join(dir, 'minute.mp4');
    // About 40 s of download (every response is throttled alike): the preview must not wait for it.
    const files = await startFileServer(clip, { range: true, throttle: Math.ceil(statSync(clip).size / 40) });
    try {
      const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id as number;
      const ready = await preview(id, 40_000);
      expect(ready.status).toBe('ready');
      expect((await t.api.get(`/v1/videos/${id}`)).body.data.status).toBe('downloading');
      expect(files.requests.some((r) => /^Lavf/.test(r.headers['user-agent'] ?? '') && /^bytes=/.test(r.headers.range ?? ''))).toBe(true);
      await t.api.del(`/v1/videos/${id}`);
    } finally {
      await files.close();
    }
  }, 60_000);

  it('[PRV-10] a video from before the pass: the first call starts it on the stored copy, repeat calls queue nothing', async () => {
    const clip = join(dir, 'video.mp4');
    const files = await startFileServer(clip, { range: true });
    try {
      const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id as number;
      await waitForVideo(t.api, id);
      await preview(id);
      // As a video registered before the pass existed: no answer on disk, nothing running.
      rmSync(join(videoDir(t.home, id), 'preview.json'));
      rmSync(join(videoDir(t.home, id), 'preview-crops'), { recursive: true, force: true });
      files.requests.length = 0;
      const [first, second] = await Promise.all([t.api.get(`/v1/videos/${id}/preview-teams`), t.api.get(`/v1/videos/${id}/preview-teams`)]);
      expect(first.body).toEqual({ status: 'processing' });
      expect(second.body).toEqual({ status: 'processing' });
      const ready = await preview(id);
      expect(ready).toMatchObject({ status: 'ready', stage: 'preview', crops_status: 'ready' });
      expect(files.requests).toEqual([]);
    } finally {
      await files.close();
    }
  });

  it('[PRV-08] a pass cut short between its swatches and its crops (a crash) runs again: crops pending, then ready', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4') })).body.data.id as number;
    const before = await preview(id);
    expect(before.crops_status).toBe('ready');
    // What a kill between the two writes leaves: the swatches' answer, crops pending, no crop files.
    const file = join(videoDir(t.home, id), 'preview.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { teams: { crops?: number }[] };
    writeFileSync(file, JSON.stringify({ ...stored, crops_status: 'pending', teams: stored.teams.map(({ crops: _crops, ...team }) => team) }));
    rmSync(join(videoDir(t.home, id), 'preview-crops'), { recursive: true, force: true });
    const first = (await t.api.get(`/v1/videos/${id}/preview-teams`)).body;
    expect(first).toMatchObject({ status: 'ready', crops_status: 'pending' });
    const again = await waitFor(async () => {
      const body = (await t.api.get(`/v1/videos/${id}/preview-teams`)).body;
      return body.crops_status === 'pending' ? undefined : body;
    }, 30_000, 'the crops', 250);
    expect(again.crops_status).toBe('ready');
    expect(again.teams.map((k: { key: string }) => k.key)).toEqual(before.teams.map((k: { key: string }) => k.key));
    expect(again.teams.every((k: { crops: string[] }) => k.crops.length > 0)).toBe(true);
  });

  it('footage without a pitch: unavailable with the reason; an unknown video is 404 { message }', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id as number;
    const answer = await preview(id);
    expect(answer.status).toBe('unavailable');
    expect(answer.reason).toMatch(/no two team kits/);
    const missing = await t.api.get('/v1/videos/999999/preview-teams');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/not found/);
  });
});
