import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_POLL_MS, makeApi, startTestService, tempHome, waitFor, type Api, type TestService } from '../helpers/test-service.js';
import { spawnServe } from '../helpers/cli-process.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { analysisDir } from '../../main/service/store/paths.js';

const HANGING = fileURLToPath(new URL('../fixtures/workers/hanging-worker.mjs', import.meta.url));
const CRASHING = fileURLToPath(new URL('../fixtures/workers/crashing-worker.mjs', import.meta.url));

let truthDir: string;
let t: TestService | undefined;
beforeAll(async () => {
  truthDir = await writeSampleTruth();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
});
afterAll(() => rmSync(truthDir, { recursive: true, force: true }));

const statusOf = async (api: Api, id: number) => (await api.get(`/v1/analyses/${id}`)).body.data;
const doneAfterRestart = (api: Api, id: number) => waitFor(async () => {
  const a = await statusOf(api, id);
  return a.status === 'done' ? a : undefined;
}, 30_000, 'the analysis to finish after the restart', API_POLL_MS);

describe('deleting videos with analyses', () => {
  it('[VID-07] a running analysis blocks the delete (409); a queued one is abandoned with its video', async () => {
    t = await startTestService({ engineWorker: HANGING });
    const a = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    await waitFor(async () => ((await statusOf(t!.api, a.id)).status === 'running' ? true : undefined));
    // One analysis at a time: the second waits in the queue.
    const b = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    expect((await statusOf(t.api, b.id)).status).toBe('init');
    const busy = await t.api.del(`/v1/videos/${a.video_id}`);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/running analysis/);
    expect((await t.api.del(`/v1/videos/${b.video_id}`)).status).toBe(204);
    expect((await t.api.get(`/v1/analyses/${b.id}`)).status).toBe(404);
    expect(t.service.context.db.prepare('SELECT COUNT(*) AS n FROM jobs WHERE analysis_id = ?').get(b.id)).toEqual({ n: 0 });
    expect((await statusOf(t.api, a.id)).status).toBe('running');
  });
});

describe('a crash in the middle of an analysis', () => {
  it('[ANA-10] the engine process dies mid-run -> error with the reason, never left running', async () => {
    t = await startTestService({ engineWorker: CRASHING });
    const id = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data.id;
    const ended = await waitFor(async () => {
      const a = await statusOf(t!.api, id);
      return a.status === 'error' ? a : undefined;
    }, 20_000, 'the analysis to fail', API_POLL_MS);
    expect(ended.status_reason).toMatch(/engine process stopped unexpectedly \(signal SIGKILL\)/);
    expect(ended.results_available).toBe(false);
    // Nothing half-written is served: result endpoints say why there is nothing.
    const events = await t.api.get(`/v1/analyses/${id}/events`);
    expect(events.status).toBe(409);
    expect(events.body.detail).toMatch(/is error .*no results/);
  });

  it('the service is killed (SIGKILL) mid-run -> at the next start the analysis runs again and finishes', async () => {
    const home = tempHome();
    const { child, base } = await spawnServe(home, { TOUCHLINE_ENGINE_WORKER: HANGING });
    const api = makeApi(base, readDefaultToken(home) as string);
    const id = (await api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data.id;
    await waitFor(async () => {
      const a = await statusOf(api, id);
      return a.status === 'running' && a.progress === 30 ? a : undefined;
    }, 20_000, 'the analysis to be running', API_POLL_MS);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    t = await startTestService({ home });
    const done = await doneAfterRestart(t.api, id);
    expect(done).toMatchObject({ results_available: true, progress: 100 });
    const job = t.service.context.db.prepare('SELECT state, attempts FROM jobs WHERE analysis_id = ?').get(id);
    expect(job).toEqual({ state: 'done', attempts: 2 });
  });

  it('a clean quit mid-run (the desktop app closing the service) -> the analysis runs again at the next start and finishes', async () => {
    const home = tempHome();
    const first = await startTestService({ home, engineWorker: HANGING });
    const id = (await first.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data.id;
    await waitFor(async () => ((await statusOf(first.api, id)).status === 'running' ? true : undefined), 20_000, 'the analysis to be running');
    await first.stop();

    t = await startTestService({ home });
    const done = await doneAfterRestart(t.api, id);
    expect(done).toMatchObject({ results_available: true, progress: 100 });
  });

  it('repeated crashes of the service -> error with a reason after the attempts, not an endless loop', async () => {
    const home = tempHome();
    t = await startTestService({ home, engineWorker: HANGING, jobMaxAttempts: 1 });
    const id = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data.id;
    await waitFor(async () => ((await statusOf(t!.api, id)).status === 'running' ? true : undefined));
    // Simulate the process dying: stop the runner, then leave the job row 'running' as a crash would.
    const db = t.service.context.db;
    await t.service.context.analysisJobs.stop();
    db.prepare("UPDATE jobs SET state = 'running' WHERE analysis_id = ?").run(id);
    await t.stop();
    t = await startTestService({ home, jobMaxAttempts: 1 });
    const ended = await statusOf(t.api, id);
    expect(ended.status).toBe('error');
    expect(ended.status_reason).toMatch(/interrupted 1 times/);
  });
});

const running = (api: Api, id: number) => waitFor(async () => {
  const a = await statusOf(api, id);
  return a.status === 'running' && a.progress_detail?.frames_done ? a : undefined;
}, 20_000, 'the analysis to run', API_POLL_MS);

describe('progress detail (Touchline extension of GET /analyses/{id})', () => {
  it('[ANA-08] a running analysis says its stage and frame count; a queued or finished one has no detail', async () => {
    t = await startTestService({ engineWorker: HANGING });
    const a = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    expect(a.progress_detail).toBeUndefined();
    const now = await running(t.api, a.id);
    expect(now.progress).toBe(30);
    expect(now.progress_detail).toEqual({ stage: 'analysing frames', frames_done: 250, frames_total: 1000 });
    // One analysis at a time: the second is queued and has no detail yet.
    const b = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    expect((await statusOf(t.api, b.id)).progress_detail).toBeUndefined();
  });
});

describe('POST /analyses/{id}/cancel (Touchline extension)', () => {
  it('[ANA-10] stops a running analysis for good: error, reason cancelled, results folder removed, the next one runs', async () => {
    t = await startTestService({ engineWorker: HANGING });
    const a = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    const b = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    await running(t.api, a.id);
    // What a killed engine leaves behind: its half-written folder.
    const partial = `${analysisDir(t.home, a.video_id, a.id)}.partial`;
    mkdirSync(partial, { recursive: true });
    const res = await t.api.post(`/v1/analyses/${a.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a.id, status: 'error', status_reason: 'cancelled by the user', results_available: false, finished_at: null });
    expect(res.body.data.progress_detail).toBeUndefined();
    expect(existsSync(partial)).toBe(false);
    // Its job is dropped, not put back: the queue moves on to the next analysis.
    await running(t.api, b.id);
    expect((await statusOf(t.api, a.id)).status).toBe('error');
    expect(t.service.context.db.prepare("SELECT state, last_error FROM jobs WHERE analysis_id = ?").all(a.id)).toEqual([{ state: 'failed', last_error: 'cancelled' }]);
    const events = await t.api.get(`/v1/analyses/${a.id}/events`);
    expect(events.status).toBe(409);
  });

  it('[ANA-10] cancels a queued analysis before it starts; it never runs', async () => {
    t = await startTestService({ engineWorker: HANGING });
    const a = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    const b = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    await running(t.api, a.id);
    const res = await t.api.post(`/v1/analyses/${b.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('error');
    expect((await t.api.post(`/v1/analyses/${a.id}/cancel`)).status).toBe(200);
    // The freed queue claims b's job, which finds b final and ends without running the engine.
    await waitFor(async () => {
      const jobs = t!.service.context.db.prepare("SELECT state FROM jobs WHERE analysis_id = ? AND state IN ('queued','running')").all(b.id);
      return jobs.length === 0 ? true : undefined;
    }, 10_000, 'b\'s job to end');
    expect((await statusOf(t.api, b.id))).toMatchObject({ status: 'error', status_reason: 'cancelled by the user' });
  });

  it('[ANA-11] unknown analysis -> 404 {message}; a finished one -> 409 {message} naming its status; data kept', async () => {
    t = await startTestService();
    const missing = await t.api.post('/v1/analyses/999999/cancel');
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body)).toEqual(['message']);
    const a = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data;
    await waitFor(async () => ((await statusOf(t!.api, a.id)).status === 'done' ? true : undefined), 30_000, 'the import');
    const late = await t.api.post(`/v1/analyses/${a.id}/cancel`);
    expect(late.status).toBe(409);
    expect(Object.keys(late.body)).toEqual(['message']);
    expect(late.body.message).toMatch(/is done: only a queued or running analysis can be cancelled/);
    expect((await statusOf(t.api, a.id)).status).toBe('done');
    expect((await t.api.get(`/v1/analyses/${a.id}/events`)).status).toBe(200);
  });
});
