import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForVideo, type TestService } from '../helpers/test-service.js';
import { type KnownMatch, importKnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';
import { fixture } from '../helpers/fixtures.js';
import { ffmpegPath } from '../../engine/io/ffmpeg-binaries.js';
import { probeVideo } from '../../engine/io/probe.js';

/**
 * API extensions for the app's video player and clip builder (docs/api.md): signed media URLs with
 * byte ranges, tracking windows for the overlay, and clips cut by ffmpeg. The hand-made 10 s match
 * (known-match.ts) is attached to a real 12 s video, and to a 12 s video with sound.
 */
let t: TestService;
let known: KnownMatch;
let dir: string;
let videoId: number;
let analysisId: number;
let soundAnalysisId: number;

async function attach(path: string): Promise<{ videoId: number; analysisId: number }> {
  const created = await t.api.post('/v1/videos', { video_file_url: path, home_team_name: 'Reds', away_team_name: 'Blues' });
  expect(created.status).toBe(200);
  const id = created.body.data.id as number;
  await waitForVideo(t.api, id);
  return { videoId: id, analysisId: await importKnownMatch(t.api, known, { video_id: id }) };
}

useKnownMatchService(async (service, match) => {
  t = service;
  known = match;
  dir = mkdtempSync(join(tmpdir(), 'media-'));
  const sound = join(dir, 'with-sound.mp4');
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', sound]);
  ({ videoId, analysisId } = await attach(fixture.big));
  soundAnalysisId = (await attach(sound)).analysisId;
}, 60_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function mediaUrl(id = videoId): Promise<string> {
  const res = await t.api.get(`/v1/videos/${id}/media-url`);
  expect(res.status).toBe(200);
  return res.body.data.url as string;
}

describe('GET /v1/videos/{id}/media-url and the media it signs', () => {
  it('gives a signed URL that plays the file without a token, whole or by byte ranges', async () => {
    const res = await t.api.get(`/v1/videos/${videoId}/media-url`);
    expect(res.body.data).toMatchObject({ content_type: 'video/mp4', size_bytes: statSync(fixture.big).size });
    expect(Date.parse(res.body.data.expires_at) - Date.now()).toBeGreaterThan(5.9 * 3600_000);
    const file = readFileSync(fixture.big);
    const whole = await fetch(res.body.data.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);

    const part = await fetch(res.body.data.url, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 1100))).toBe(true);
    const open = await fetch(res.body.data.url, { headers: { range: `bytes=${file.length - 10}-` } });
    expect(Buffer.from(await open.arrayBuffer()).equals(file.subarray(file.length - 10))).toBe(true);
    const suffix = await fetch(res.body.data.url, { headers: { range: 'bytes=-20' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${file.length - 20}-${file.length - 1}/${file.length}`);
  });

  it('refuses a range past the end (416 with the size), an altered or expired signature (403), a missing token for the URL itself (401)', async () => {
    const url = await mediaUrl();
    const size = statSync(fixture.big).size;
    const beyond = await fetch(url, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(((await beyond.json()) as { message: string }).message).toMatch(/outside the file/);

    const altered = await fetch(url.replace(/sig=./, (s) => `sig=${s.endsWith('A') ? 'B' : 'A'}`));
    expect(altered.status).toBe(403);
    expect(await altered.json()).toEqual({ message: expect.stringMatching(/not signed by this service/) });
    const otherVideo = await fetch(url.replace(`/videos/${videoId}/`, `/videos/${videoId + 1}/`));
    expect(otherVideo.status).toBe(403);
    const expired = await fetch(url.replace(/expires=\d+/, 'expires=1000'));
    expect(expired.status).toBe(403);

    expect((await t.api.get(`/v1/videos/${videoId}/media-url`, null)).status).toBe(401);
    const missing = await t.api.get('/v1/videos/999999/media-url');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'video 999999 not found' });
  });

  it('answers 409 for a video without a file (a tracking-only import)', async () => {
    const id = await importKnownMatch(t.api, known);
    const onlyTracking = (await t.api.get(`/v1/analyses/${id}`)).body.data.video_id as number;
    const res = await t.api.get(`/v1/videos/${onlyTracking}/media-url`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/tracking import: it has no video file/);
  });
});

describe('GET /v1/analyses/{id}/tracking/window', () => {
  it('returns the detected rows of the window as columns, with teams and pixels', async () => {
    const res = await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=4000&to_ms=6000`);
    expect(res.status).toBe(200);
    const w = res.body;
    // 50 frames: 0-7 and the ball in each, 1-4 only while detected (before 5 s).
    expect(w.rows).toBe(50 + 50 + 25);
    for (const k of ['timestamp', 'role', 'player_id', 'team', 'x', 'y', 'bbox_x', 'bbox_y', 'status']) expect(w[k]).toHaveLength(w.rows);
    expect(Math.min(...w.timestamp)).toBe(4000);
    expect(Math.max(...w.timestamp)).toBe(5960);
    const k = w.timestamp.findIndex((ts: number, i: number) => ts === 4000 && w.player_id[i] === '0-7');
    expect({ team: w.team[k], x: w.x[k], bx: w.bbox_x[k], by: w.bbox_y[k], status: w.status[k] }).toEqual({ team: 'team_0', x: 3000, bx: 200, by: 500, status: 'detected' });
    const ball = w.role.indexOf('ball');
    expect(w.team[ball]).toBeNull();

    const withProjected = (await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=4000&to_ms=6000&projected=true`)).body;
    expect(withProjected.rows).toBe(w.rows + 5);
    expect(withProjected.bbox_x[withProjected.status.indexOf('projected')]).toBeNull();
  });

  it('refuses windows that are empty, reversed or longer than 60 s, and results that are not there ({detail})', async () => {
    const reversed = await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=5000&to_ms=4000`);
    expect(reversed.status).toBe(422);
    expect(reversed.body).toEqual({ detail: "query parameter 'to_ms' (4000) must be greater than 'from_ms' (5000)" });
    const long = await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=0&to_ms=60001`);
    expect(long.status).toBe(422);
    expect(long.body.detail).toMatch(/at most 60 s/);
    const missingTo = await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=0`);
    expect(missingTo.status).toBe(422);
    expect(missingTo.body.detail).toMatch(/to_ms/);
    expect((await t.api.get('/v1/analyses/999999/tracking/window?from_ms=0&to_ms=1000')).status).toBe(404);
    const after = (await t.api.get(`/v1/analyses/${analysisId}/tracking/window?from_ms=50000&to_ms=51000`)).body;
    expect(after.rows).toBe(0);
  });
});

describe('POST /v1/analyses/{id}/clips', () => {
  it('cuts the intervals and joins them into one MP4 of their total length', async () => {
    const res = await fetch(`${t.base}/v1/analyses/${analysisId}/clips`, {
      method: 'POST', headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ intervals: [{ start: 1, end: 3, label: 'pass' }, { start: 6.5, end: 8 }, { start: 11, end: 40 }] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toMatch(/_analysis-\d+_clips\.mp4"$/);
    // The last interval is clamped to the 12 s video: 2 + 1.5 + 1 s.
    expect(Number(res.headers.get('x-clip-seconds'))).toBeCloseTo(4.5, 1);
    const out = join(dir, 'clips.mp4');
    writeFileSync(out, Buffer.from(await res.arrayBuffer()));
    const probe = await probeVideo(out);
    expect(probe.duration_seconds).toBeGreaterThan(4.3);
    expect(probe.duration_seconds).toBeLessThan(4.8);
    expect(probe.video_codec).toBe('h264');
  });

  it('keeps the sound of a video that has some', async () => {
    const res = await fetch(`${t.base}/v1/analyses/${soundAnalysisId}/clips`, {
      method: 'POST', headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ intervals: [{ start: 0, end: 2 }, { start: 5, end: 7 }] }),
    });
    expect(res.status).toBe(200);
    const out = join(dir, 'clips-sound.mp4');
    writeFileSync(out, Buffer.from(await res.arrayBuffer()));
    const probe = await probeVideo(out);
    expect(probe.has_audio).toBe(true);
    expect(probe.duration_seconds).toBeGreaterThan(3.8);
    expect(probe.duration_seconds).toBeLessThan(4.3);
  });

  it('refuses bad intervals with {detail} and a tracking-only analysis with 409', async () => {
    const post = (id: number, body: unknown) => t.api.post(`/v1/analyses/${id}/clips`, body);
    const empty = await post(analysisId, { intervals: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toMatch(/intervals/);
    const reversed = await post(analysisId, { intervals: [{ start: 3, end: 2 }] });
    expect(reversed.body).toEqual({ detail: "intervals[0]: 'end' (2) must be greater than 'start' (3)" });
    const outside = await post(analysisId, { intervals: [{ start: 100, end: 120 }] });
    expect(outside.status).toBe(422);
    expect(outside.body.detail).toMatch(/no interval overlaps the video \(0-12\.0 s\)/);
    const unknown = await post(analysisId, { intervals: [{ start: 0, end: 1 }], speed: 2 });
    expect(unknown.status).toBe(422);
    const id = await importKnownMatch(t.api, known);
    const noVideo = await post(id, { intervals: [{ start: 0, end: 1 }] });
    expect(noVideo.status).toBe(409);
    expect(noVideo.body.detail).toMatch(/no video file/);
  });
});
