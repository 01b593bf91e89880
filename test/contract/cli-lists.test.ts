import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, runCli } from '../helpers/cli-process.js';
import { tempHome } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';

const cli = runCli;

let truthDir: string;
let home: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  truthDir = await writeSampleTruth();
  home = tempHome();
  env = { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_PORT: String(await freePort()), TOUCHLINE_LOG_LEVEL: 'silent' };
});
afterAll(() => {
  rmSync(truthDir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('touchline videos | analyses | status', () => {
  it('says so when there is nothing yet, in words and as JSON', async () => {
    expect(await cli(['videos', 'list'], env)).toMatchObject({ code: 0, stdout: expect.stringContaining('no videos yet') });
    expect(JSON.parse((await cli(['videos', 'list', '--json'], env)).stdout)).toEqual([]);
    expect(JSON.parse((await cli(['analyses', 'list', '--json'], env)).stdout)).toEqual([]);
  });

  it('lists the videos and analyses the store holds and tells one analysis\'s status', async () => {
    const imported = await cli(['import', 'sim', truthDir, '--home-team', 'Reds', '--away-team', 'Blues', '--json'], env);
    expect(imported.code).toBe(0);
    const analysis = JSON.parse(imported.stdout) as { id: number; video_id: number };

    const videos = JSON.parse((await cli(['videos', 'list', '--json'], env)).stdout);
    expect(videos).toEqual([expect.objectContaining({ id: analysis.video_id, home_team_name: 'Reds', away_team_name: 'Blues', analyses: [{ id: analysis.id, status: 'done' }] })]);
    const table = (await cli(['videos', 'list'], env)).stdout.trim().split('\n');
    expect(table[0]).toMatch(/^id\s+status\s+match\s+minutes\s+analyses$/);
    expect(table[1]).toMatch(new RegExp(`^${analysis.video_id}\\s+available\\s+Reds - Blues\\s+.*${analysis.id} \\(done\\)$`));

    expect(JSON.parse((await cli(['analyses', 'list', '--json'], env)).stdout)).toEqual([
      { id: analysis.id, status: 'done', video_id: analysis.video_id, video_title: expect.any(String), match: 'Reds - Blues' },
    ]);
    const status = await cli(['status', String(analysis.id)], env);
    expect(status).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^analysis ${analysis.id} of video ${analysis.video_id} \\(Reds - Blues\\): done 100%`)) });
    expect(JSON.parse((await cli(['status', String(analysis.id), '--json'], env)).stdout)).toMatchObject({ id: analysis.id, status: 'done', results_available: true });
  }, 120_000);

  it('exit codes: 3 for an unknown id, 2 for a wrong call, 4 for an import that ran and failed; errors in words on stderr', async () => {
    expect(await cli(['status', '999'], env)).toMatchObject({ code: 3, stdout: '', stderr: 'touchline: no analysis 999\n' });
    expect(await cli(['status', 'abc'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: touchline status ANALYSIS_ID') });
    expect(await cli(['videos'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: touchline videos list') });
    expect(await cli(['analyses', 'list', '--csv'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--csv'") });
    const garbage = join(home, 'not-tracking.parquet');
    writeFileSync(garbage, 'this is not a Parquet file');
    const failed = await cli(['import', 'parquet', garbage], env);
    expect(failed).toMatchObject({ code: 4, stderr: expect.stringMatching(/^touchline: import failed: analysis \d+ is error: /) });
  }, 120_000);
});
