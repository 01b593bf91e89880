#!/usr/bin/env node
// Analyse every video in a folder with the local Touchline service and collect each match's summary
// into one CSV. Plain Node (>= 20), no dependencies: copy it anywhere and adapt it (docs/scripting.md).
//
//   node analyse-folder.mjs FOLDER [--out summaries.csv] [--base http://127.0.0.1:7425] [--token T]
//
// Exit codes: 0 every video analysed, 1 any video failed (or the service could not be reached),
// 2 called wrongly, 130 stopped by Ctrl-C (the rows so far are written).
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const USAGE = 'usage: node analyse-folder.mjs FOLDER [--out summaries.csv] [--base http://127.0.0.1:7425] [--token T]';
const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.mkv', '.avi', '.m4v', '.webm']);
// `2026-03-14 Home FC v Away United.mp4` (also `vs`, `vs.`). Greedy home name, as the shell version's
// regex has no lazy match: both read "A v B v C" the same way.
const FILE_NAME = /^(\d{4}-\d{2}-\d{2})\s+(.+)\s+(?:v|vs\.?)\s+(.+)$/i;
const FINAL = new Set(['done', 'error', 'ignored', 'no_match_detected', 'needs_attention']);
const POLL_MS = 2000;
const COLUMNS = [
  'file', 'video_id', 'analysis_id', 'status', 'reason', 'game_date', 'home_team', 'away_team',
  'team_0_name', 'team_1_name', 'video_length_sec', 'analysable_duration_sec',
  'possession_team_0_pct', 'possession_team_1_pct', 'possession_unknown_pct',
  'passes_team_0', 'passes_team_1', 'shots_team_0', 'shots_team_1',
  'distance_team_0_km', 'distance_team_1_km', 'top_speed_kmh', 'top_speed_player', 'top_speed_player_id',
];

function usageError(message) {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

// The same folder the service uses (main/service/config.ts defaultHome), so the default token is found
// without configuration on the machine the service runs on.
function dataFolder(env = process.env) {
  if (env.TOUCHLINE_HOME) return resolve(env.TOUCHLINE_HOME);
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'Touchline');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Touchline');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'touchline');
}

function defaultToken() {
  if (process.env.TOUCHLINE_TOKEN) return process.env.TOUCHLINE_TOKEN;
  const file = join(dataFolder(), 'default-token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    usageError(`no token: set TOUCHLINE_TOKEN, pass --token, or start the service once so that it writes ${file}`);
  }
}

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function fixtureOf(fileName) {
  const m = FILE_NAME.exec(basename(fileName, extname(fileName)));
  return m ? { date: m[1], home: m[2].trim(), away: m[3].trim() } : { date: today(), home: 'Home', away: 'Away' };
}

// RFC 4180: quote a field only when it holds a comma, a quote or a line break, doubling inner quotes.
function csvField(value) {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function writeCsvAtomically(path, rows) {
  const text = [COLUMNS, ...rows.map((r) => COLUMNS.map((c) => r[c]))].map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
  // A reader (or a crash, or a second Ctrl-C) never sees half a file: write beside it, then rename.
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

const round2 = (x) => Math.round(x * 100) / 100;

/** One CSV row's numbers from a summary (spec 2.6); add your own columns here. */
function summaryColumns(summary) {
  const players = summary.players ?? [];
  const sum = (team, pick) => players.filter((p) => p.team_id === team).reduce((acc, p) => acc + (pick(p) ?? 0), 0);
  const fastest = players.reduce((best, p) => (best && best.stats.max_speed_kmh >= p.stats.max_speed_kmh ? best : p), null);
  const share = summary.possession?.summary ?? {};
  return {
    game_date: summary.metadata?.game_date,
    team_0_name: summary.teams?.team_0_name,
    team_1_name: summary.teams?.team_1_name,
    video_length_sec: summary.metadata?.video_length_sec,
    analysable_duration_sec: summary.match_stats?.analysable_duration_sec,
    possession_team_0_pct: share.team_0?.pct,
    possession_team_1_pct: share.team_1?.pct,
    possession_unknown_pct: share.unknown?.pct,
    passes_team_0: sum('team_0', (p) => p.stats.ball_actions?.passes),
    passes_team_1: sum('team_1', (p) => p.stats.ball_actions?.passes),
    shots_team_0: sum('team_0', (p) => p.stats.ball_actions?.shots),
    shots_team_1: sum('team_1', (p) => p.stats.ball_actions?.shots),
    distance_team_0_km: round2(sum('team_0', (p) => p.stats.total_distance_m) / 1000),
    distance_team_1_km: round2(sum('team_1', (p) => p.stats.total_distance_m) / 1000),
    top_speed_kmh: fastest?.stats.max_speed_kmh ?? '',
    top_speed_player: fastest?.name ?? '',
    top_speed_player_id: fastest?.player_id ?? '',
  };
}

class HttpError extends Error {}

/** The API at `base`, with the bearer token and the rate limit's Retry-After honoured. */
function client(base, token, signal) {
  return async function call(method, path, body) {
    for (;;) {
      let res;
      try {
        res = await fetch(`${base}/v1${path}`, {
          method, signal,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      } catch (err) {
        if (signal.aborted) throw err;
        throw new HttpError(`${method} /v1${path}: cannot reach the service at ${base} (${err.cause?.code ?? err.message}); is it running (touchline serve)?`);
      }
      const text = await res.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        // Not our service's JSON (another program on the port?): the status line and text say enough.
      }
      if (res.status === 429) {
        // 100 requests a minute per token by default: wait out the window rather than fail the video.
        await sleep(1000 * Number(res.headers.get('retry-after') ?? 5), signal);
        continue;
      }
      if (!res.ok) throw new HttpError(`${method} /v1${path} answered ${res.status}: ${json?.message ?? json?.detail ?? text}`);
      return json;
    }
  };
}

const sleep = (ms, signal) => delay(ms, undefined, { signal });

/** Register, analyse, wait, read the summary: fills `row` as it goes, so a failure keeps what was known. */
async function analyseOne(call, path, row, progress, signal) {
  const fixture = fixtureOf(path);
  Object.assign(row, { game_date: fixture.date, home_team: fixture.home, away_team: fixture.away });
  const video = (await call('POST', '/videos', { video_file_url: path, home_team_name: fixture.home, away_team_name: fixture.away, date: fixture.date })).data;
  row.video_id = video.id;
  let analysis = (await call('POST', `/videos/${video.id}/analysis`, {})).data;
  row.analysis_id = analysis.id;
  while (!FINAL.has(analysis.status)) {
    progress(analysis.status === 'running' ? `running ${Math.round(analysis.progress ?? 0)}%` : analysis.status);
    await sleep(POLL_MS, signal);
    analysis = (await call('GET', `/analyses/${analysis.id}`)).data;
  }
  row.status = analysis.status;
  if (analysis.status !== 'done') {
    row.reason = analysis.status_reason ?? '';
    return;
  }
  Object.assign(row, summaryColumns(await call('GET', `/analyses/${analysis.id}/summary`)));
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, base: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    usageError(err.message);
  }
  const { values, positionals } = parsed;
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (positionals.length !== 1) usageError(positionals.length ? 'one folder only' : 'which folder?');
  const folder = resolve(positionals[0]);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) usageError(`not a folder: ${folder}`);
  const out = resolve(values.out ?? 'summaries.csv');
  const base = (values.base ?? `http://127.0.0.1:${process.env.TOUCHLINE_PORT || 7425}`).replace(/\/+$/, '').replace(/\/v1$/, '');
  const token = values.token ?? defaultToken();

  // Hidden files too: macOS leaves `._match.mp4` companions on shared drives that are not videos.
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.') && VIDEO_EXTENSIONS.has(extname(e.name).toLowerCase()))
    .map((e) => e.name)
    .sort();
  if (files.length === 0) {
    process.stderr.write(`no videos (${[...VIDEO_EXTENSIONS].join(', ')}) in ${folder}\n`);
    process.exit(1);
  }

  const stop = new AbortController();
  process.on('SIGINT', () => {
    // A second Ctrl-C means "now": the rows of finished videos are already on disk.
    if (stop.signal.aborted) process.exit(130);
    process.stderr.write('\nstopping after this video\'s row (Ctrl-C again to quit at once)\n');
    stop.abort(new Error('stopped by Ctrl-C'));
  });
  const call = client(base, token, stop.signal);
  try {
    // Fail once, clearly, for a wrong base or token, rather than once per video.
    await call('GET', '/videos?per_page=1');
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const tty = process.stdout.isTTY;
  const rows = [];
  let failed = 0;
  for (const [i, name] of files.entries()) {
    const label = `[${i + 1}/${files.length}] ${name}`;
    // One line per video: redrawn in place on a terminal, only the final state in a log file.
    const progress = (text) => tty && process.stdout.write(`\r\x1b[K${label}: ${text}`);
    const row = { file: name };
    const started = Date.now();
    try {
      await analyseOne(call, join(folder, name), row, progress, stop.signal);
    } catch (err) {
      if (stop.signal.aborted) {
        row.status = 'interrupted';
        row.reason = row.analysis_id ? `stopped by Ctrl-C; analysis ${row.analysis_id} goes on in the service` : 'stopped by Ctrl-C';
      } else if (err instanceof HttpError) {
        row.status = 'request_failed';
        row.reason = err.message;
      } else {
        throw err;
      }
    }
    rows.push(row);
    const seconds = Math.round((Date.now() - started) / 1000);
    process.stdout.write(`${tty ? '\r\x1b[K' : ''}${label}: ${row.status}${row.analysis_id ? ` (analysis ${row.analysis_id})` : ''}, ${seconds} s\n`);
    if (row.status !== 'done') {
      failed++;
      process.stderr.write(`${name}: ${row.status}: ${row.reason || 'no reason given'}\n`);
    }
    // After every video, so a crash or a closed laptop still leaves the rows so far.
    writeCsvAtomically(out, rows);
    if (stop.signal.aborted) break;
  }
  process.stdout.write(`${rows.length - failed} of ${files.length} analysed; ${out}\n`);
  process.exitCode = stop.signal.aborted ? 130 : failed ? 1 : 0;
}

await main();
