import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { fixture } from '../helpers/fixtures.js';
import { startFileServer, type FileServer } from '../helpers/file-server.js';
import { API_POLL_MS, makeApi, startTestService, tempHome, waitFor, waitForVideo, type TestService } from '../helpers/test-service.js';
import { spawnServe } from '../helpers/cli-process.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { sourcePath } from '../../main/service/store/paths.js';

/** The downloader's requests; the kit preview's ffmpeg reads the same URL by range requests beside it (user agent Lavf). */
const byDownloader = (r: { headers: { 'user-agent'?: string } }) => !/^Lavf/.test(r.headers['user-agent'] ?? '');

const sha = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
const BIG = readFileSync(fixture.big);

let files: FileServer;
let t: TestService | undefined;
beforeAll(async () => {
  files = await startFileServer(fixture.big);
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  files.requests.length = 0;
});
afterAll(() => files.close());

function storedCopy(s: TestService, id: number): Buffer {
  const row = s.service.context.videos.get(id);
  if (!row) throw new Error('no row');
  return readFileSync(sourcePath(s.home, row));
}

describe('ingest over HTTP', () => {
  it('[VID-12] [VID-14] downloads with progress: init -> downloading -> available, bytes intact', async () => {
    t = await startTestService();
    files.setOptions({ range: true, throttle: 2_000_000 });
    const created = await t.api.post('/v1/videos', { video_file_url: files.url() });
    expect(created.body.data.status).toBe('init');
    const id = created.body.data.id;
    const seen = new Set<string>();
    const progress: number[] = [];
    const final = await waitFor(async () => {
      const v = (await t!.api.get(`/v1/videos/${id}`)).body.data;
      seen.add(v.status);
      progress.push(v.source.bytes_downloaded);
      return v.status === 'available' || v.status === 'error' ? v : undefined;
    }, 30_000, 'the download', API_POLL_MS);
    expect(final.status).toBe('available');
    expect(seen.has('downloading')).toBe(true);
    expect(progress.some((b) => b > 0 && b < BIG.length)).toBe(true);
    expect(final.source).toMatchObject({ kind: 'http', bytes_downloaded: BIG.length, bytes_total: BIG.length, size_bytes: BIG.length });
    expect(final.mp4_source).toBe(files.url());
    expect(sha(storedCopy(t, id))).toBe(sha(BIG));
  });

  it('a dropped connection resumes with Range + If-Range and appends the rest', async () => {
    t = await startTestService();
    files.setOptions({ range: true, dropAfterBytes: 1_000_000 });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('available');
    const gets = files.requests.filter((r) => r.path === '/video.mp4' && byDownloader(r));
    expect(gets.length).toBe(2);
    expect(gets[0]?.headers.range).toBeUndefined();
    expect(gets[1]?.headers.range).toMatch(/^bytes=\d+-$/);
    expect(Number(/bytes=(\d+)-/.exec(gets[1]?.headers.range as string)?.[1])).toBeGreaterThan(0);
    expect(gets[1]?.headers['if-range']).toBe('"fixture-v1"');
    expect(sha(storedCopy(t, id))).toBe(sha(BIG));
  });

  it('a server without Range support: the retry starts over and still ends intact', async () => {
    t = await startTestService();
    files.setOptions({ range: false, dropAfterBytes: 1_000_000 });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('available');
    expect(sha(storedCopy(t, id))).toBe(sha(BIG));
  });

  it('chunked transfer without Content-Length works', async () => {
    t = await startTestService();
    files.setOptions({ range: true, chunked: true });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    expect((await waitForVideo(t.api, id)).status).toBe('available');
    expect(sha(storedCopy(t, id))).toBe(sha(BIG));
  });

  it('a URL that 404s -> error with the reason, no retries', async () => {
    t = await startTestService();
    files.setOptions({ range: true });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url('/missing.mp4') })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('error');
    expect(v.status_reason).toBe('source answered HTTP 404 (not found)');
    expect(files.requests.filter((r) => r.path === '/missing.mp4' && byDownloader(r))).toHaveLength(1);
  });

  it('a source over the size cap -> error naming the limit; partial bytes removed with the video', async () => {
    t = await startTestService({ maxDownloadBytes: 100_000 });
    files.setOptions({ range: true });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/over the 100000-byte limit \(TOUCHLINE_MAX_DOWNLOAD_BYTES\)/);
  });

  it('a size cap that only shows while streaming (no Content-Length) -> error', async () => {
    t = await startTestService({ maxDownloadBytes: 100_000 });
    files.setOptions({ range: true, chunked: true });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/exceeds the 100000-byte limit/);
  });

  it('a server that stops sending -> idle timeout, retried, then error with the reason', async () => {
    t = await startTestService({ downloadIdleTimeoutMs: 300, downloadAttempts: 2 });
    files.setOptions({ range: true, stall: true });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('error');
    expect(v.status_reason).toBe('download failed after 2 attempts: no data received for 300 ms');
  });

  it('a server that never answers -> connect timeout, then error with the reason', async () => {
    t = await startTestService({ downloadConnectTimeoutMs: 300, downloadAttempts: 2 });
    files.setOptions({ range: true, silent: true });
    const id = (await t.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('error');
    expect(v.status_reason).toBe('download failed after 2 attempts: no answer from the server within 300 ms');
  });

  it('a refused connection -> error after the attempts', async () => {
    t = await startTestService({ downloadAttempts: 2 });
    const dead = await startFileServer(fixture.clip);
    const url = dead.url();
    await dead.close();
    const id = (await t.api.post('/v1/videos', { video_file_url: url })).body.data.id;
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('error');
    expect(v.status_reason).toBe('download failed after 2 attempts: connection refused by the source host');
  });

  it('a downloaded file that is not a video -> error', async () => {
    t = await startTestService();
    const text = await startFileServer(fixture.text);
    const id = (await t.api.post('/v1/videos', { video_file_url: text.url() })).body.data.id;
    const v = await waitForVideo(t.api, id);
    await text.close();
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/^not a readable video/);
  });
});

describe('restart in the middle of a download', () => {
  it('a crash (SIGKILL) mid-download: the next start resumes with Range and finishes intact', async () => {
    const home = tempHome();
    files.setOptions({ range: true, throttle: 300_000 });
    const { child, base } = await spawnServe(home);
    const api = makeApi(base, readDefaultToken(home) as string);
    const id = (await api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    await waitFor(async () => {
      const v = (await api.get(`/v1/videos/${id}`)).body.data;
      return v.status === 'downloading' && v.source.bytes_downloaded > 400_000 ? v : undefined;
    }, 20_000, 'download to be under way', API_POLL_MS);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    files.requests.length = 0;
    files.setOptions({ range: true });
    t = await startTestService({ home });
    const v = await waitForVideo(t.api, id);
    expect(v.status).toBe('available');
    const resumed = files.requests.find((r) => r.path === '/video.mp4' && byDownloader(r));
    expect(Number(/bytes=(\d+)-/.exec(resumed?.headers.range ?? '')?.[1])).toBeGreaterThan(0);
    expect(sha(storedCopy(t, id))).toBe(sha(BIG));
    const job = t.service.context.db.prepare('SELECT state, attempts FROM jobs WHERE video_id = ?').get(id);
    expect(job).toEqual({ state: 'done', attempts: 2 });
  });

  it('a graceful stop mid-download: nothing stays stuck in downloading, the next start finishes it', async () => {
    const home = tempHome();
    files.setOptions({ range: true, throttle: 300_000 });
    let s = await startTestService({ home });
    const id = (await s.api.post('/v1/videos', { video_file_url: files.url() })).body.data.id;
    await waitFor(async () => ((await s.api.get(`/v1/videos/${id}`)).body.data.source.bytes_downloaded > 200_000 ? true : undefined));
    await s.stop();
    files.setOptions({ range: true });
    s = await startTestService({ home });
    t = s;
    expect((await waitForVideo(s.api, id)).status).toBe('available');
    expect(sha(storedCopy(s, id))).toBe(sha(BIG));
  });

  it('a video stored without its job (crash between the two) is picked up at the next start', async () => {
    const home = tempHome();
    let s = await startTestService({ home });
    await s.stop();
    const { openStore } = await import('../../main/service/service.js');
    const { loadConfig } = await import('../../main/service/config.js');
    const store = openStore(loadConfig({ home }));
    const org = store.tokens.ensureOrganization('Default organization');
    const row = store.videos.insert({
      organizationId: org.id, title: 'orphan', homeTeamName: 'Team Left', awayTeamName: 'Team Right', matchDate: null,
      startOffsetSeconds: null, endOffsetSeconds: null, leftStartTeam: null, sourceUrl: fixture.clip, sourceKind: 'local', localPath: fixture.clip,
    }, 'orphan');
    store.db.close();
    s = await startTestService({ home });
    t = s;
    expect((await waitForVideo(s.api, row.id)).status).toBe('available');
  });

  it('a job interrupted more often than allowed fails with a reason instead of looping', async () => {
    const home = tempHome();
    let s = await startTestService({ home });
    const id = (await s.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id;
    await waitForVideo(s.api, id);
    await s.stop();
    // Simulate a job that died while running, three times over.
    const { openDatabase } = await import('../../main/service/store/db.js');
    const db = openDatabase(`${home}/touchline.db`);
    db.prepare("UPDATE jobs SET state = 'running', attempts = 3 WHERE video_id = ?").run(id);
    db.prepare("UPDATE videos SET status = 'downloading' WHERE id = ?").run(id);
    db.close();
    s = await startTestService({ home, jobMaxAttempts: 3 });
    t = s;
    const v = (await s.api.get(`/v1/videos/${id}`)).body.data;
    expect(v.status).toBe('error');
    expect(v.status_reason).toMatch(/interrupted 3 times/);
    expect(existsSync(home)).toBe(true);
  });
});
