import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestService, waitForAnalysis, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';

const run = promisify(execFile);
const BENCH_ENGINE = fileURLToPath(new URL('../../dist/bench/engine.js', import.meta.url));

let t: TestService;
let truthDir: string;
beforeAll(async () => {
  truthDir = await writeSampleTruth();
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
  rmSync(truthDir, { recursive: true, force: true });
});

describe('bench:engine --analysis ID (the yardstick over the API)', () => {
  it('imported truth read back through the service: import, storage, download and evaluation agree', async () => {
    const id = (await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir } })).body.data.id;
    await waitForAnalysis(t.api, id);
    const { stdout } = await run(process.execPath, [BENCH_ENGINE, '--truth', truthDir, '--analysis', String(id), '--service', t.base, '--token', t.token]);
    const value = (name: string) => {
      const line = stdout.split('\n').find((l) => l.startsWith(name));
      return line ? line.slice(name.length).trim() : null;
    };
    expect(value('people: recall')).toMatch(/^100\.0%/);
    expect(value('people: precision')).toMatch(/^100\.0%/);
    expect(value('people: team accuracy (best mapping)')).toMatch(/^100\.0%/);
    expect(value('identity: rows with the correct player_id')).toMatch(/^100\.0%/);
    expect(value('people: pitch position error median')).toMatch(/^0\.00 m/);
    expect(value('events: pass F1 (+-1 s)')).toMatch(/^1\.000/);
    expect(value('events: shot F1 (+-1 s)')).toMatch(/^1\.000/);
    expect(value('possession: frames where the team agrees')).toMatch(/^100\.0%/);
    // Not 1: the tracking format gives referees no id (their association cannot be scored), and the
    // assistants running outside the touchline are clamped onto the pitch (spec 2.7: x 0-10500, y 0-6800).
    expect(Number(value('HOTA (pitch, tau 5 m)')?.split(' ')[0])).toBeGreaterThan(0.9);
  });

  it('a failed analysis is reported with the service\'s reason', async () => {
    const err = await run(process.execPath, [BENCH_ENGINE, '--truth', truthDir, '--analysis', '424242', '--service', t.base, '--token', t.token]).then(() => null, (e: { stderr: string }) => e);
    expect(err?.stderr).toMatch(/404 analysis 424242 not found/);
  });
});
