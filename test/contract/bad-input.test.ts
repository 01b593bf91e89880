import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { fixture } from '../helpers/fixtures.js';
import { API_POLL_MS, makeApi, startTestService, waitFor, waitForVideo, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { spawnServe } from '../helpers/cli-process.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { parseToken } from '../../main/service/store/token-format.js';

/** Regressions of the bad input a request fuzz found (issue 29): each was a 500 or a poisoned row. */
let t: TestService;
let truthDir: string;
let analysisId: number;

beforeAll(async () => {
  truthDir = await writeSampleTruth();
  t = await startTestService({ minAnalysisSeconds: 3 });
  const res = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } });
  analysisId = res.body.data.id;
  await waitFor(async () => ((await t.api.get(`/v1/analyses/${analysisId}`)).body.data.status === 'done' ? true : undefined), 30_000, 'the import', API_POLL_MS);
});
afterAll(async () => {
  await t?.close();
  rmSync(truthDir, { recursive: true, force: true });
});

const query = (body: unknown) => t.api.post(`/v1/analyses/${analysisId}/query-intervals`, body);

describe('query-intervals filter parameters', () => {
  it('[QRY-03] a list parameter that is not an array -> 422 { detail } naming it, never a 500', async () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'team_possession', teams: 'team_0' }, /filters\[0\]\.teams must be an array of strings, got 'team_0'/],
      [{ type: 'player_possession', players: '0-7' }, /filters\[0\]\.players must be an array of strings/],
      [{ type: 'ball_action', actions: 'pass' }, /filters\[0\]\.actions must be an array of strings/],
      [{ type: 'match_timeline', periods: { first_half: true } }, /filters\[0\]\.periods must be an array of strings, got an object/],
      [{ type: 'scene', scene_types: 7 }, /filters\[0\]\.scene_types must be an array of strings, got 7/],
      [{ type: 'event_property', event_type: 'pass', conditions: 'x' }, /filters\[0\]\.conditions must be an array of conditions/],
      [{ type: 'event_property', event_type: 'pass', conditions: [null] }, /filters\[0\]\.conditions must be an array of conditions/],
      [{ type: 'team_possession', teams: [0] }, /filters\[0\]\.teams must be an array of strings/],
      [{ type: 'team_possession', name: 5 }, /filters\[0\]\.name must be a string, got 5/],
      [{ type: 'scene', is_analysable: 'yes' }, /filters\[0\]\.is_analysable must be true or false/],
      [{ type: 'player_possession', players: null }, /filters\[0\]\.players must be an array of strings, got null/],
      [{ type: 'team_possession', team: ['team_0'] }, /unknown field 'team' in filters\[0\]; a team_possession filter takes teams, name/],
    ];
    for (const [filter, message] of cases) {
      const res = await query({ filters: [filter] });
      expect(res.status, JSON.stringify(filter)).toBe(422);
      expect(res.body, JSON.stringify(filter)).toEqual({ detail: expect.stringMatching(message) });
    }
    // Null stands for an omitted optional parameter.
    expect((await query({ filters: [{ type: 'team_possession', teams: null, name: null }] })).status).toBe(200);
  });

  it('[QRY-08] merge_results false keeps every event separate with the default AND too', async () => {
    const passes = (await t.api.get(`/v1/analyses/${analysisId}/events?type=pass`)).body as unknown[];
    expect(passes.length).toBeGreaterThan(3);
    const filters = [{ type: 'ball_action', actions: ['pass'] }];
    const and = (await query({ filters, merge_results: false, pad_sec: 0 })).body as { label: string; type: string }[];
    const or = (await query({ filters, merge_results: false, pad_sec: 0, operator: 'OR' })).body as unknown[];
    expect(and).toHaveLength(passes.length);
    expect(or).toHaveLength(passes.length);
    expect(and.every((i) => i.label === 'filter' && i.type === 'combined')).toBe(true);
    // Padded so that neighbours overlap, they still stay apart; merged, they join.
    expect((await query({ filters, merge_results: false, pad_sec: 30 })).body).toHaveLength(passes.length);
    expect(((await query({ filters, merge_results: true, pad_sec: 30 })).body as unknown[]).length).toBeLessThan(passes.length);
  });

  it('[QRY-08] any non-negative pad_sec is clamped to the video, not refused', async () => {
    const duration = (await t.api.get(`/v1/analyses/${analysisId}/meta-data`)).body.duration_sec as number;
    for (const pad of [601, 86_400, Number.MAX_SAFE_INTEGER]) {
      const res = await query({ filters: [{ type: 'ball_action', actions: ['pass'] }], pad_sec: pad });
      expect(res.status, String(pad)).toBe(200);
      expect(res.body, String(pad)).toEqual([{ start: 0, end: duration, label: 'filter', type: 'combined' }]);
    }
    for (const pad of ['-1', '1.5', '1e400']) {
      const res = await t.api.request('POST', `/v1/analyses/${analysisId}/query-intervals`, { raw: `{"pad_sec": ${pad}}` });
      expect(res.status, pad).toBe(422);
      expect(res.body.detail, pad).toMatch(/pad_sec/);
    }
  });
});

describe('numbers the store cannot hold', () => {
  it('[VID-06] 1e400, 2^63 and negative offsets -> 422 { message }; nothing stored', async () => {
    const before = (await t.api.get('/v1/videos')).body.meta.total;
    for (const value of ['1e400', '-1e400', '9223372036854775808', '18446744073709551616', '-1', '1.5']) {
      const res = await t.api.request('POST', '/v1/videos', { raw: `{"video_file_url": ${JSON.stringify(fixture.clip)}, "start_offset_seconds": ${value}}` });
      expect(res.status, value).toBe(422);
      expect(res.body.message, value).toMatch(/start_offset_seconds/);
    }
    expect((await t.api.get('/v1/videos')).body.meta.total).toBe(before);
  });

  it('[VID-04] a page number past what an integer holds -> 422 { message }; a page past the end is empty', async () => {
    const res = await t.api.get('/v1/videos?page=99999999999999999999');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expect.stringMatching(/query parameter 'page' must be <= 9007199254740991/) });
    const far = await t.api.get(`/v1/videos?page=${Number.MAX_SAFE_INTEGER}&per_page=100`);
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(far.body.meta).toMatchObject({ from: null, to: null });
  });

  it('[VID-14] offsets past the end found by ingest -> error with the reason; a PUT that fits makes the video available', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip, start_offset_seconds: 10 })).body.data.id;
    const failed = await waitForVideo(t.api, id);
    expect(failed).toMatchObject({ status: 'error', duration: 4 });
    expect(failed.status_reason).toMatch(/'start_offset_seconds' \(10\) must be less than the video's duration \(4 s\).*PUT \/v1\/videos/);
    const put = await t.api.put(`/v1/videos/${id}`, { start_offset_seconds: 1 });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ status: 'available', status_reason: null, start_offset_seconds: 1 });
    // Once the length is known, a PUT past it is refused and the video stays as it was.
    const past = await t.api.put(`/v1/videos/${id}`, { end_offset_seconds: 9 });
    expect(past.status).toBe(422);
    expect(past.body.message).toMatch(/'end_offset_seconds' \(9\) must be at most the video's duration \(4 s\)/);
    expect((await t.api.get(`/v1/videos/${id}`)).body.data).toMatchObject({ status: 'available', end_offset_seconds: null });
  });

  it('[ANA-03] the minimum length applies to the window between the offsets, not the file', async () => {
    // This service's minimum is 3 s; the 4 s clip trimmed to [2, 4) is 2 s.
    const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip, start_offset_seconds: 2 })).body.data.id;
    await waitForVideo(t.api, id);
    const res = await t.api.post(`/v1/videos/${id}/analysis`, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/must be at least 0\.05 minutes long to be analysed; video \d+'s window from 2 s to the end is 0\.0 minutes/);
    expect((await t.api.get(`/v1/videos/${id}`)).body.data.analyses).toEqual([]);
  });

  it('a non-finite offset stored by an older version is repaired at start; the video reads again', async () => {
    const home = t.home;
    const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip, end_offset_seconds: 3 })).body.data.id;
    await waitForVideo(t.api, id);
    await t.stop();
    const db = new Database(join(home, 'touchline.db'));
    db.prepare('UPDATE videos SET start_offset_seconds = 9e999, end_offset_seconds = 9223372036854775808.0 WHERE id = ?').run(id);
    db.prepare('DELETE FROM schema_migrations WHERE version = 7').run();
    db.close();
    t = await startTestService({ home, minAnalysisSeconds: 3 });
    const res = await t.api.get(`/v1/videos/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ start_offset_seconds: null, end_offset_seconds: null });
  });
});

describe('errors raised before any route, in the family\'s shape', () => {
  const big = 'x'.repeat(200);

  it('[GEN-04] [GEN-05] a path parameter over its length limit -> 414', async () => {
    const m = await t.api.get(`/v1/videos/${big}`);
    expect(m.status).toBe(414);
    expect(m.body).toEqual({ message: expect.stringMatching(/path parameter is longer/) });
    expect(m.headers.get('x-touchline-error')).toBe('URL_TOO_LONG');
    const r = await t.api.get(`/v1/analyses/${big}/summary`);
    expect(r.status).toBe(414);
    expect(r.body).toEqual({ detail: expect.stringMatching(/path parameter is longer/) });
  });

  it('[GEN-04] [GEN-05] a malformed percent-escape -> 400', async () => {
    const m = await t.api.get('/v1/videos/%E0%A4%A');
    expect(m.status).toBe(400);
    expect(m.body).toEqual({ message: expect.stringMatching(/malformed percent-escape/) });
    expect(m.headers.get('x-touchline-error')).toBe('BAD_URL');
    const r = await t.api.get('/v1/analyses/%E0%A4%A/summary');
    expect(r.body).toEqual({ detail: expect.stringMatching(/malformed percent-escape/) });
  });

  it('[GEN-04] [GEN-05] headers too large -> 431 from the socket, still in the shape', async () => {
    const headers = { 'x-filler': 'a'.repeat(20_000) };
    const m = await t.api.request('GET', '/v1/videos', { headers });
    expect(m.status).toBe(431);
    expect(m.body).toEqual({ message: expect.stringMatching(/headers are too large/) });
    expect(m.headers.get('x-touchline-error')).toBe('HEADERS_TOO_LARGE');
    const r = await t.api.request('GET', `/v1/analyses/${analysisId}/summary`, { headers });
    expect(r.body).toEqual({ detail: expect.stringMatching(/headers are too large/) });
    // The service goes on answering.
    expect((await t.api.get('/v1/videos')).status).toBe(200);
  });

  it('[GEN-04] [GEN-05] unknown routes, other media types and oversized bodies', async () => {
    const cases: [string, string, { raw?: string; headers?: Record<string, string> }, number, 'message' | 'detail'][] = [
      ['DELETE', '/v1/videos', {}, 404, 'message'],
      ['PATCH', `/v1/analyses/${analysisId}/summary`, {}, 404, 'detail'],
      // Cancelling manages the analysis: its family holds for the other methods and bad URLs too.
      ['GET', `/v1/analyses/${analysisId}/cancel`, {}, 404, 'message'],
      ['POST', '/v1/analyses/%zz/cancel', {}, 400, 'message'],
      ['POST', '/v1/videos', { raw: '<video/>', headers: { 'content-type': 'application/xml' } }, 415, 'message'],
      ['POST', `/v1/analyses/${analysisId}/query-intervals`, { raw: '<q/>', headers: { 'content-type': 'application/xml' } }, 415, 'detail'],
      ['POST', '/v1/videos', { raw: JSON.stringify({ video_file_url: 'x'.repeat(1_100_000) }) }, 413, 'message'],
      ['POST', `/v1/analyses/${analysisId}/query-intervals`, { raw: JSON.stringify({ filters: [], x: 'y'.repeat(1_100_000) }) }, 413, 'detail'],
    ];
    for (const [method, path, options, status, key] of cases) {
      const res = await t.api.request(method, path, options);
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(Object.keys(res.body), `${method} ${path}`).toEqual([key]);
    }
  });
});

describe('the widget token', () => {
  it('[EMB-01] POST /videos/{id}/embed-token without any body mints a token with the defaults', async () => {
    const id = (await t.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id;
    const res = await t.api.request('POST', `/v1/videos/${id}/embed-token`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.stringMatching(/^tle_/), url: expect.stringContaining('/embed/confirm-sides?t=') });
    const hours = (Date.parse(res.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
  });
});

describe('nothing secret or stray outside the data folder', () => {
  it('the request log never holds an embed token or an API token', async () => {
    const home = join(tmpdir(), `touchline-log-${process.pid}`);
    const { child, base } = await spawnServe(home, { TOUCHLINE_LOG_LEVEL: 'info' });
    let log = '';
    child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    try {
      const token = readDefaultToken(home) as string;
      const api = makeApi(base, token);
      const videoId = (await api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id;
      const embed = (await api.post(`/v1/videos/${videoId}/embed-token`, {})).body.token as string;
      await fetch(`${base}/embed/confirm-sides?t=${embed}&lang=nl`);
      await api.request('GET', '/v1/embed/sides', { token: null, headers: { 'x-embed-token': embed } });
      await waitFor(() => (log.includes('/embed/confirm-sides') ? true : undefined), 5_000, 'the request log');
      expect(log).toContain('/embed/confirm-sides?t=[redacted]&lang=nl');
      expect(log).not.toContain(embed);
      expect(log).not.toContain(token);
      // The whole secret: base64url has underscores of its own, so the text after the last one can be a single letter.
      expect(log).not.toContain(parseToken(token)?.secret as string);
    } finally {
      child.kill('SIGKILL');
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('an engine process leaves no onnxruntime log in the system temporary folder', async () => {
    const worker = fileURLToPath(new URL('../fixtures/workers/onnx-session-worker.mjs', import.meta.url));
    const s = await startTestService({ engineWorker: worker, minAnalysisSeconds: 0 });
    const started = Date.now();
    try {
      const videoId = (await s.api.post('/v1/videos', { video_file_url: fixture.clip })).body.data.id;
      const a = (await s.api.post(`/v1/videos/${videoId}/analysis`, {})).body.data;
      const ended = await waitFor(async () => {
        const row = (await s.api.get(`/v1/analyses/${a.id}`)).body.data;
        return row.status === 'error' ? row : undefined;
      }, 90_000, 'the stand-in engine', API_POLL_MS);
      const [, pid, scratch, written] = /pid (\d+) tmpdir (\S+) log (\w+)/.exec(ended.status_reason) ?? [];
      // The library did write its log, into the run's folder inside the data folder, which is gone now.
      expect(scratch?.startsWith(join(s.home, 'tmp'))).toBe(true);
      expect(written).toBe('written');
      expect(existsSync(scratch as string)).toBe(false);
      expect(readdirSync(join(s.home, 'tmp'))).toEqual([]);
      // None written by this run; a file of that name from before it is another process's that had the same pid.
      const log = join(tmpdir(), `mat-debug-${pid}.log`);
      expect(existsSync(log) && statSync(log).mtimeMs >= started).toBe(false);
    } finally {
      await s.close();
    }
  });
});
