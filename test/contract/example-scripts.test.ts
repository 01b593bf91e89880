import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServe } from '../helpers/cli-process.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';

/**
 * The documented examples of docs/scripting.md run against a real `touchline serve`, as an analyst
 * would run them: a folder with one good match and one broken file must give a CSV with one row each,
 * the failure recorded rather than fatal. An example that drifts from the API fails here, not for the
 * analyst who copied it.
 */
const EXAMPLES = fileURLToPath(new URL('../../docs/examples/', import.meta.url));
const GOOD = '2026-03-14 Home FC v Away United.mp4';
const tmp = mkdtempSync(join(tmpdir(), 'example-scripts-'));
const videos = join(tmp, 'videos');
const home = join(tmp, 'home');
let serve: ChildProcess | undefined;
let env: NodeJS.ProcessEnv;
let nodeRows: Record<string, string>[] | undefined;
const HEADER = 'file,video_id,analysis_id,status,reason,game_date,home_team,away_team,team_0_name,team_1_name,video_length_sec,'
  + 'analysable_duration_sec,possession_team_0_pct,possession_team_1_pct,possession_unknown_pct,passes_team_0,passes_team_1,'
  + 'shots_team_0,shots_team_1,distance_team_0_km,distance_team_1_km,top_speed_kmh,top_speed_player,top_speed_player_id';

const hasTool = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const shellTools = hasTool('bash') && hasTool('curl') && hasTool('jq');

beforeAll(async () => {
  const clip = join(tmp, 'clip');
  mkdirSync(clip);
  mkdirSync(videos);
  mkdirSync(home);
  // 720p, not the default 640x360: the summary lists only players whose shirt numbers were read, and at
  // 360p none are, which would leave the distance and top-speed columns nothing to sum.
  await renderSampleClip(clip, { seed: 3, fromMs: 0, durationMs: 6000, width: 1280, height: 720 });
  copyFileSync(join(clip, 'video.mp4'), join(videos, GOOD));
  writeFileSync(join(videos, 'broken.mp4'), 'not a video at all');
  // Not a video: the scripts must skip it rather than report it as a failure.
  writeFileSync(join(videos, 'notes.txt'), 'kick-off 15:00');
  const started = await spawnServe(home, { TOUCHLINE_MIN_ANALYSIS_SECONDS: '0' });
  serve = started.child;
  // What an analyst's shell has: the data folder and port; the token is read from the data folder.
  env = { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_PORT: new URL(started.base).port };
  delete env.TOUCHLINE_TOKEN;
}, 120_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await new Promise((r) => serve?.once('exit', r));
  }
  rmSync(tmp, { recursive: true, force: true });
});

function runScript(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** RFC 4180, enough for the check: quoted fields with doubled quotes and line breaks, CRLF rows. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') field += text[++i];
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',' || (ch === '\r' && text[i + 1] === '\n')) {
      row.push(field);
      field = '';
      if (ch === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    } else {
      field += ch;
    }
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries((header as string[]).map((h, i) => [h, cells[i] ?? ''])));
}

describe('docs/examples: analyse a folder into one CSV', () => {
  it('analyse-folder.mjs: a row per video, the good match done with its numbers, the broken file recorded as a failure, exit 1', async () => {
    const out = join(tmp, 'node.csv');
    const { code, stdout, stderr } = await runScript(process.execPath, [join(EXAMPLES, 'analyse-folder.mjs'), videos, '--out', out]);
    expect(code, `${stdout}\n${stderr}`).toBe(1);
    const text = readFileSync(out, 'utf8');
    expect(text.slice(0, text.indexOf('\r\n'))).toBe(HEADER);
    const rows = parseCsv(text);
    expect(rows.map((r) => r.file)).toEqual([GOOD, 'broken.mp4']);
    nodeRows = rows;

    const [good, broken] = rows as [Record<string, string>, Record<string, string>];
    expect(good).toMatchObject({ status: 'done', reason: '', game_date: '2026-03-14', home_team: 'Home FC', away_team: 'Away United' });
    expect(Number(good.video_id)).toBeGreaterThan(0);
    expect(Number(good.analysis_id)).toBeGreaterThan(0);
    // Summary names follow team_0 = the squad that started on the left; without a confirmed kit they are neutral.
    expect([good.team_0_name, good.team_1_name].sort()).toSatisfy((names: string[]) =>
      names.join() === 'Team 0,Team 1' || names.join() === 'Away United,Home FC');
    expect(Number(good.video_length_sec)).toBeCloseTo(6, 0);
    expect(Number(good.analysable_duration_sec)).toBeGreaterThan(0);
    expect(Number(good.analysable_duration_sec)).toBeLessThanOrEqual(Number(good.video_length_sec));
    const possession = ['possession_team_0_pct', 'possession_team_1_pct', 'possession_unknown_pct'].map((c) => Number(good[c]));
    for (const p of possession) expect(p).toBeGreaterThanOrEqual(0);
    expect(possession.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 1);
    for (const c of ['passes_team_0', 'passes_team_1', 'shots_team_0', 'shots_team_1']) expect(Number.isInteger(Number(good[c])), c).toBe(true);
    // Twenty-odd players over six seconds: a few hundred metres per squad, well under a kilometre each.
    for (const c of ['distance_team_0_km', 'distance_team_1_km']) {
      expect(Number(good[c]), c).toBeGreaterThan(0);
      expect(Number(good[c]), c).toBeLessThan(2);
    }
    expect(Number(good.top_speed_kmh)).toBeGreaterThan(0);
    expect(Number(good.top_speed_kmh)).toBeLessThan(50);
    expect(good.top_speed_player).not.toBe('');

    expect(broken.status).toMatch(/^(error|no_match_detected|ignored|request_failed)$/);
    expect(broken.reason).not.toBe('');
    expect(broken.game_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(broken).toMatchObject({ home_team: 'Home', away_team: 'Away', possession_team_0_pct: '' });
    expect(stderr).toContain('broken.mp4');
    expect(stdout).toMatch(/1 of 2 analysed/);
    // Written beside the CSV and renamed over it: nothing is left behind.
    expect(readdirSync(tmp).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 240_000);

  it('analyse-folder.mjs: called wrongly -> exit 2 with the usage', async () => {
    for (const args of [[], ['--bogus', videos], [join(tmp, 'no-such-folder')]]) {
      const { code, stderr } = await runScript(process.execPath, [join(EXAMPLES, 'analyse-folder.mjs'), ...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr).toContain('usage: node analyse-folder.mjs FOLDER');
    }
  });

  it.skipIf(!shellTools)('analyse-folder.sh (curl + jq): the same columns, files and statuses as the Node version', async () => {
    const out = join(tmp, 'shell.csv');
    const { code, stdout, stderr } = await runScript('bash', [join(EXAMPLES, 'analyse-folder.sh'), videos, '--out', out]);
    expect(code, `${stdout}\n${stderr}`).toBe(1);
    const text = readFileSync(out, 'utf8');
    const rows = parseCsv(text);
    expect(text.slice(0, text.indexOf('\r\n'))).toBe(HEADER);
    const key = (r: Record<string, string>) => [r.file, r.status === 'done' ? 'done' : 'failed', r.game_date, r.home_team, r.away_team].join('|');
    expect(rows.map(key)).toEqual([`${GOOD}|done|2026-03-14|Home FC|Away United`, expect.stringMatching(/^broken\.mp4\|failed\|\d{4}-\d{2}-\d{2}\|Home\|Away$/)]);
    // The failure is recorded with the same status as the Node version found, and a reason.
    if (nodeRows) expect(rows.map((r) => r.status)).toEqual(nodeRows.map((r) => r.status));
    expect(rows[1]?.reason).not.toBe('');
    const good = rows[0] as Record<string, string>;
    expect(Number(good.video_length_sec)).toBeCloseTo(6, 0);
    const possession = ['possession_team_0_pct', 'possession_team_1_pct', 'possession_unknown_pct'].map((c) => Number(good[c]));
    expect(possession.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 1);
    expect(Number(good.distance_team_0_km) + Number(good.distance_team_1_km)).toBeGreaterThan(0);
    expect(good.top_speed_player_id).toMatch(/^[01]-/);
  }, 240_000);
});
