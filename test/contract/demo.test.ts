import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, freePort, runCli } from '../helpers/cli-process.js';

// `npm run demo` as a newcomer runs it (the command behind it, on its default 45 s clip): it fits the CI
// budget (about a minute on the 2-core machine; docs/benchmarks.md), so it runs here rather than only in
// a benchmark.
const work = mkdtempSync(join(tmpdir(), 'demo-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

describe('touchline demo (npm run demo)', () => {
  it('renders a simulated match, analyses it through the API, prints the summary and serves the match view until Ctrl-C', async () => {
    const dir = join(work, 'demo');
    const env: NodeJS.ProcessEnv = { ...process.env, TOUCHLINE_PORT: String(await freePort()), TOUCHLINE_LOG_LEVEL: 'silent' };
    delete env.TOUCHLINE_HOME;
    child = spawn(process.execPath, [CLI, 'demo', '--dir', dir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child?.stdout?.on('data', (c: Buffer) => {
        stdout += c.toString();
        const m = /Open the match view: (http:\/\/127\.0\.0\.1:\d+\/app\/#\/match\/\d+)/.exec(stdout);
        if (m) resolve(m[1] as string);
      });
      child?.on('exit', (code) => reject(new Error(`demo exited ${code}: ${stdout}\n${stderr}`)));
    });
    expect(stdout).toMatch(/rendered 1125 frames at [\d.]+ frames\/s/);
    expect(stdout).toMatch(/^ {2}Touchline Reds - Touchline Blues, 0\.8 minutes of video$/m);
    expect(stdout).toMatch(/^ {2}possession: Touchline Reds \d+%, Touchline Blues \d+%, unknown \d+%$/m);
    expect(stdout).toMatch(/^ {2}passes: Touchline Reds \d+, Touchline Blues \d+$/m);
    expect(stderr).toMatch(/analysing frames\s+frame \d+\/1125/);

    // What the person opens: the app page, and the analysis behind it over the API with the demo's token.
    const base = new URL(url).origin;
    const page = await fetch(`${base}/app/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const token = readFileSync(join(dir, 'data', 'default-token'), 'utf8').trim();
    const id = Number(url.split('/').pop());
    const analysis = await (await fetch(`${base}/v1/analyses/${id}`, { headers: { authorization: `Bearer ${token}` } })).json() as { data: unknown };
    expect(analysis.data).toMatchObject({ status: 'done', video: { home_team_name: 'Touchline Reds', away_team_name: 'Touchline Blues' } });
    expect(existsSync(join(dir, 'results', 'summary.json'))).toBe(true);
    expect(existsSync(join(dir, 'results', 'tracking.parquet'))).toBe(true);

    const code = await new Promise<number | null>((resolve) => {
      child?.on('exit', (c) => resolve(c));
      child?.kill('SIGINT');
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/touchline demo: stopped\n$/);
  }, 300_000);

  it('--json --no-serve: one JSON object for scripts, then it ends by itself', async () => {
    const dir = join(work, 'demo-json');
    const env: NodeJS.ProcessEnv = { ...process.env, TOUCHLINE_PORT: String(await freePort()), TOUCHLINE_LOG_LEVEL: 'silent' };
    delete env.TOUCHLINE_HOME;
    const res = await runCli(['demo', '--dir', dir, '--seconds', '10', '--no-serve', '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout);
    expect(report).toMatchObject({ dir, analysis_id: 1, results: join(dir, 'results'), app: null, api: null });
    expect(report.files).toContain('summary.json');
    expect(report.summary.metadata.video_length_sec).toBeCloseTo(10, 0);
    expect(report.summary.teams).toEqual({ team_0_name: 'Touchline Reds', team_1_name: 'Touchline Blues' });
  }, 180_000);

  it('never empties a folder it did not make', async () => {
    const mine = join(work, 'mine');
    mkdirSync(mine);
    writeFileSync(join(mine, 'notes.txt'), 'keep me');
    const res = await runCli(['demo', '--dir', mine], process.env);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/is not empty and not a demo folder/);
    expect(readFileSync(join(mine, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});
