import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { CLI, freePort, spawnServe } from '../helpers/cli-process.js';
import { makeApi, startTestService, tempHome } from '../helpers/test-service.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';

const run = promisify(execFile);
let truthDir: string;
const homes: string[] = [];

beforeAll(async () => {
  truthDir = await writeSampleTruth();
});
afterAll(() => {
  rmSync(truthDir, { recursive: true, force: true });
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

describe('touchline import', () => {
  it('without a running service: imports in-process and leaves a done analysis in the store', async () => {
    const home = tempHome();
    homes.push(home);
    const env = { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_PORT: String(await freePort()) };
    const { stdout } = await run(process.execPath, [CLI, 'import', 'sim', truthDir, '--home-team', 'Reds', '--away-team', 'Blues', '--json'], { env });
    const analysis = JSON.parse(stdout);
    expect(analysis).toMatchObject({ status: 'done', engine_source: 'import', video: { home_team_name: 'Reds', away_team_name: 'Blues' } });
    const t = await startTestService({ home });
    try {
      expect((await t.api.get(`/v1/analyses/${analysis.id}`)).body.data.status).toBe('done');
      expect((await t.api.get(`/v1/analyses/${analysis.id}/events?type=pass`)).body.length).toBeGreaterThan(5);
    } finally {
      await t.stop();
    }
  });

  it('with a running service: goes through its API, so the service knows the analysis', async () => {
    const home = tempHome();
    homes.push(home);
    const { child, base } = await spawnServe(home);
    try {
      const port = new URL(base).port;
      const { stdout } = await run(process.execPath, [CLI, 'import', 'sim', truthDir], { env: { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_PORT: port } });
      const id = Number(/analysis (\d+) of video \d+ done/.exec(stdout)?.[1]);
      const api = makeApi(base, readDefaultToken(home) as string);
      expect((await api.get(`/v1/analyses/${id}`)).body.data.status).toBe('done');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('explains bad usage and failed imports', async () => {
    const home = tempHome();
    homes.push(home);
    const env = { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_PORT: String(await freePort()) };
    // Exit codes (docs/cli.md): 2 called wrongly, 3 no such video, 4 the import ran and failed.
    const cases: [string[], RegExp, number][] = [
      [['import'], /usage: touchline import/, 2],
      [['import', 'sim'], /usage: touchline import/, 2],
      [['import', 'sim', '/no/such/dir'], /import refused \(422\): body field 'paths.dir': no directory/, 2],
      [['import', 'sim', truthDir, '--video', 'x'], /--video must be a video id/, 2],
      [['import', 'sim', truthDir, '--video', '77'], /import refused \(404\)/, 3],
      [['import', 'sim', home], /import failed: analysis \d+ is error: cannot read simulator truth/, 4],
    ];
    for (const [args, message, code] of cases) {
      const err = await run(process.execPath, [CLI, ...args], { env }).then(() => null, (e: { code: number; stderr: string }) => e);
      expect(err?.code, args.join(' ')).toBe(code);
      expect(err?.stderr).toMatch(message);
    }
  });
});
