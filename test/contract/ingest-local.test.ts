import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from '../helpers/fixtures.js';
import { startTestService, tempHome, waitForVideo, type TestService } from '../helpers/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

async function ingest(path: string) {
  const res = await t.api.post('/v1/videos', { video_file_url: path });
  expect(res.status).toBe(200);
  return waitForVideo(t.api, res.body.data.id);
}

describe('ingest of local files', () => {
  it('[VID-14] a valid MP4 becomes available, read in place (never copied)', async () => {
    const v = await ingest(fixture.clip);
    expect(v.status).toBe('available');
    expect(v.status_reason).toBeNull();
    expect(v.source.kind).toBe('local');
    expect(v.source.bytes_downloaded).toBe(0);
  });

  it('[VID-16] other containers and frame rates are accepted; the real properties are recorded', async () => {
    const v = await ingest(fixture.mkv30);
    expect(v.status).toBe('available');
    expect(v.source).toMatchObject({ container: 'matroska,webm', fps: 30, width: 320, height: 240, analysis: { fps: 25, width: 320, height: 240 } });
  });

  it('[VID-16] resolutions above 1080p are accepted and downscaled for analysis', async () => {
    const v = await ingest(fixture.mov1440);
    expect(v.status).toBe('available');
    expect(v.source).toMatchObject({ width: 2560, height: 1440, analysis: { fps: 25, width: 1920, height: 1080 } });
  });

  it('[VID-14] a text file named .mp4 -> error with a readable reason', async () => {
    const v = await ingest(fixture.text);
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/^not a readable video: /);
    expect(v.duration).toBeNull();
  });

  it('[VID-14] an audio-only file -> error: no video stream', async () => {
    const v = await ingest(fixture.audioOnly);
    expect(v.status).toBe('error');
    expect(v.status_reason).toBe('not a video: no video stream found (streams: audio)');
  });

  it('[VID-14] a truncated MP4 whose index survived -> error: the decode check finds the missing pictures', async () => {
    const v = await ingest(fixture.truncatedFaststart);
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/damaged or truncated: no frame could be decoded at 00:00:0\d/);
  });

  it('[VID-14] a truncated MP4 without its index -> error', async () => {
    const v = await ingest(fixture.truncatedNoIndex);
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/^not a readable video: .*moov atom not found/);
  });

  it('an error never touches the other videos', async () => {
    const good = await ingest(fixture.clip);
    await ingest(fixture.text);
    expect((await t.api.get(`/v1/videos/${good.id}`)).body.data.status).toBe('available');
  });
});

describe('changed or vanished local sources', () => {
  it('a file deleted while the service was stopped -> error at the next start', async () => {
    const home = tempHome();
    const copy = join(home, 'match.mp4');
    copyFileSync(fixture.clip, copy);
    let s = await startTestService({ home });
    const id = (await s.api.post('/v1/videos', { video_file_url: copy })).body.data.id;
    await waitForVideo(s.api, id);
    await s.stop();
    rmSync(copy);
    s = await startTestService({ home });
    const v = (await s.api.get(`/v1/videos/${id}`)).body.data;
    expect(v.status).toBe('error');
    expect(v.status_reason).toBe(`source file is missing: ${copy}`);
    await s.close();
  });

  it('a file replaced by another video -> validated again, new properties recorded', async () => {
    const home = tempHome();
    const copy = join(home, 'match.mp4');
    copyFileSync(fixture.clip, copy);
    let s = await startTestService({ home });
    const id = (await s.api.post('/v1/videos', { video_file_url: copy })).body.data.id;
    expect((await waitForVideo(s.api, id)).source.width).toBe(320);
    await s.stop();
    copyFileSync(fixture.mov1440, copy);
    utimesSync(copy, new Date(), new Date(Date.now() + 5000));
    s = await startTestService({ home });
    const v = await waitForVideo(s.api, id);
    expect(v.status).toBe('available');
    expect(v.source.width).toBe(2560);
    expect(v.duration).toBe(1);
    await s.close();
  });
});
