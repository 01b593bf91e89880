import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, freePort, runCli, spawnServe } from '../helpers/cli-process.js';
import { tempHome } from '../helpers/test-service.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { decodeTrackingParquet } from '../../engine/io/tracking-parquet-read.js';

// The CLI end to end, as an analyst's script runs it: real processes, a real clip our simulator
// rendered, a temporary data folder, no service running (the command starts one) or one that is.
let work: string;
let clip: string;
let env: NodeJS.ProcessEnv;
let analysisId: number;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cli-analyze-'));
  mkdirSync(join(work, 'clip'));
  await renderSampleClip(join(work, 'clip'), { seed: 4, fromMs: 0, durationMs: 6000 });
  clip = join(work, 'clip', 'video.mp4');
  env = {
    ...process.env, TOUCHLINE_HOME: tempHome(), TOUCHLINE_PORT: String(await freePort()),
    TOUCHLINE_LOG_LEVEL: 'silent', TOUCHLINE_MIN_ANALYSIS_SECONDS: '0',
  };
}, 120_000);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (env) rmSync(env.TOUCHLINE_HOME as string, { recursive: true, force: true });
});

describe('touchline analyze', () => {
  it('analyses a clip with live progress, writes every result readable, and prints JSON for scripts', async () => {
    const out = join(work, 'results');
    const res = await runCli(['analyze', clip, '--home', 'Reds', '--away', 'Blues', '--date', '2026-03-14', '--left-start', 'home', '--out', out, '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    // Progress goes to stderr (stdout is the JSON): the stage, the percent, the frame count, the rate.
    expect(res.stderr).toMatch(/started the service at http:\/\/127\.0\.0\.1:\d+/);
    expect(res.stderr).toMatch(/\]\s+\d+%\s+analysing frames\s+frame \d+\/150\s+[\d.]+ fps\s+(\d+:\d\d left|time left: estimating)/);
    const report = JSON.parse(res.stdout);
    analysisId = report.analysis_id;
    expect(report).toMatchObject({ out, video_id: expect.any(Number), analysis_id: expect.any(Number) });
    expect(report.files).toEqual(expect.arrayContaining(['analysis.json', 'summary.json', 'events.json', 'team-report.json', 'tracking.parquet']));
    for (const file of report.files.filter((f: string) => f.endsWith('.json'))) expect(() => JSON.parse(readFileSync(join(out, file), 'utf8')), file).not.toThrow();

    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary).toEqual(report.summary);
    expect(summary.teams).toEqual({ team_0_name: 'Reds', team_1_name: 'Blues' });
    expect(summary.metadata.game_date).toBe('2026-03-14');
    expect(summary.metadata.video_length_sec).toBeCloseTo(6, 0);
    // One report per player of the summary, each the player it names.
    const players = readdirSync(join(out, 'players')).sort();
    expect(players).toEqual(summary.players.map((p: { player_id: string }) => `${p.player_id}.json`).sort());
    for (const file of players) expect(JSON.parse(readFileSync(join(out, 'players', file), 'utf8')).player_id).toBe(file.replace(/\.json$/, ''));
    const tracking = decodeTrackingParquet(readFileSync(join(out, 'tracking.parquet')));
    expect(tracking.length).toBeGreaterThan(150 * 10);
    expect(JSON.parse(readFileSync(join(out, 'analysis.json'), 'utf8'))).toMatchObject({ id: analysisId, status: 'done' });
    // The correction log the results were read under (none yet).
    expect(JSON.parse(readFileSync(join(out, 'corrections.json'), 'utf8'))).toEqual({ version: 0, undo: null, redo: null, in_force: [], entries: [] });
    expect(readdirSync(out).some((f) => f.startsWith('.touchline-partial'))).toBe(false);
  }, 240_000);

  it('export writes the same results again, with the tracking as JSON', async () => {
    const out = join(work, 'again');
    const res = await runCli(['export', String(analysisId), '--out', out, '--format', 'json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^analysis ${analysisId}: \\d+ files in ${out}`));
    const rows = JSON.parse(readFileSync(join(out, 'tracking.json'), 'utf8'));
    expect(Array.isArray(rows) ? rows.length : rows.data?.length).toBeGreaterThan(1500);
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(readFileSync(join(work, 'results', 'summary.json'), 'utf8'));
  }, 120_000);

  it('query prints intervals as a table and as CSV', async () => {
    const table = await runCli(['query', String(analysisId), '--filter', 'scene is_analysable=true'], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^start\s+end\s+seconds\s+label\s+type\s+player\s+team\n0:00\.0\s+0:06\.0\s+6\.0\s+\S+\s+scene/);
    const csv = await runCli(['query', String(analysisId), '--filter', 'team_possession', '--csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('start_sec,end_sec,label,type,player_id,team_id,team_name');
    for (const line of lines.slice(1)) expect(line).toMatch(/^[\d.]+,[\d.]+,team_[01],team_possession,/);
  }, 60_000);

  it('exit codes: 3 for a missing video file or an unknown id, 2 for a wrong call, 4 when the service refuses the work', async () => {
    const missing = await runCli(['analyze', join(work, 'nope.mp4')], env);
    expect(missing).toMatchObject({ code: 3, stdout: '' });
    expect(missing.stderr).toMatch(/^touchline: no video file at .*nope\.mp4\n$/);
    expect(await runCli(['export', '999', '--out', join(work, 'x')], env)).toMatchObject({ code: 3, stderr: 'touchline: no analysis 999\n' });
    expect(existsSync(join(work, 'x'))).toBe(false);
    expect((await runCli(['query', '999', '--filter', 'team_possession'], env)).code).toBe(3);
    expect((await runCli(['export', String(analysisId)], env)).code).toBe(2);
    expect((await runCli(['analyze', clip, '--format', 'xml'], env)).stderr).toMatch(/--format must be parquet or json/);
    expect((await runCli(['analyze', clip, '--date', '14/03/2026'], env))).toMatchObject({ code: 2, stderr: expect.stringMatching(/registering the video refused \(422\)/) });
    // The data folder's own limit: too short to analyse is the work refused (4), with the API's words.
    const short = await runCli(['analyze', clip, '--out', join(work, 'short')], { ...env, TOUCHLINE_MIN_ANALYSIS_SECONDS: '600' });
    expect(short.code).toBe(4);
    expect(short.stderr).toMatch(/must be at least 10 minutes long.*\n\(a data folder of your own may allow shorter videos: TOUCHLINE_MIN_ANALYSIS_SECONDS/);
    expect(existsSync(join(work, 'short'))).toBe(false);
  }, 120_000);
});

describe('touchline analyze, stopped by Ctrl-C', () => {
  let serve: ChildProcess | undefined;
  afterAll(() => {
    serve?.kill('SIGKILL');
  });

  it('with a service running: uses it, cancels the analysis on Ctrl-C, exits 130 and writes nothing', async () => {
    const home = env.TOUCHLINE_HOME as string;
    const started = await spawnServe(home, { TOUCHLINE_MIN_ANALYSIS_SECONDS: '0' });
    serve = started.child;
    const port = new URL(started.base).port;
    const runEnv = { ...env, TOUCHLINE_PORT: port };
    const out = join(work, 'interrupted');
    const child = spawn(process.execPath, [CLI, 'analyze', clip, '--out', out], { env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
        if (/analysis \d+ started/.test(stderr) && !child.killed) child.kill('SIGINT');
      });
      child.on('exit', (c) => resolve(c));
    });
    expect(code, stderr).toBe(130);
    expect(stderr).not.toMatch(/started the service/);
    const id = Number(/analysis (\d+) started/.exec(stderr)?.[1]);
    expect(stderr).toMatch(new RegExp(`analysis ${id} cancelled; nothing written to ${out}`));
    expect(stderr).toMatch(/touchline: stopped by Ctrl-C\n$/);
    expect(stdout).toBe('');
    expect(existsSync(out)).toBe(false);
    const status = await runCli(['status', String(id), '--json'], runEnv);
    expect(JSON.parse(status.stdout)).toMatchObject({ id, status: 'error', status_reason: 'cancelled by the user' });
  }, 120_000);
});
