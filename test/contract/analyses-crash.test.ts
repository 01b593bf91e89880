import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeApi, startTestService, tempHome, waitFor, type Api, type TestService } from '../helpers/test-service.js';
import { spawnServe } from '../helpers/cli-process.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';

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
}, 30_000, 'the analysis to finish after the restart');

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
    }, 20_000, 'the analysis to fail');
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
    }, 20_000, 'the analysis to be running');
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
