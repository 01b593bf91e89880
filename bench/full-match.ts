import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import { parseMetricaEventsCsv } from '../engine/match-data/metrica-csv.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../engine/match-data/match-events.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import { toTruthEvents } from '../engine/match-data/truth-events.js';
import { TRUTH_FORMAT, TRUTH_VERSION, writeSimTruth } from '../engine/io/sim-truth.js';
import type { AnalysisFacts } from '../engine/results/analysis-facts.js';
import { readDefaultToken } from '../main/service/bootstrap.js';

export const METRICA_EVENTS = fileURLToPath(new URL('../../../shared/data/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv', import.meta.url));
const CLI = fileURLToPath(new URL('../main/cli/touchline.js', import.meta.url));

export interface FullMatch {
  base: string;
  headers: Record<string, string>;
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  child: ChildProcess;
  analysisId: number;
  videoId: number;
  facts: AnalysisFacts;
  importMs: number;
  /** The simulated match's truth directory (imports may attach it to a video too). */
  truthDir: string;
  /** A scratch folder removed by close(). */
  work: string;
  /** Imports the same match again (a second analysis, its results not yet computed or cached): its analysis id. */
  importAgain(): Promise<number>;
  /** The server's stderr lines so far (with `stderr: 'capture'`). */
  stderrLines: string[];
  close(): void;
}

export interface FullMatchOptions {
  /** Node options for the server process (e.g. `--import` of a probe). */
  nodeArgs?: string[];
  /** Keep the server's stderr in `stderrLines` instead of passing it through. */
  stderr?: 'inherit' | 'capture';
}

/**
 * The benchmarks' 90-minute match as simulator truth in `truthDir`: Metrica Sample Game 1's events
 * (`eventsCsv`: METRICA_EVENTS is found from the compiled dist/bench/; code run from the sources names it), seed 7.
 */
export async function writeFullMatchTruth(truthDir: string, eventsCsv = METRICA_EVENTS): Promise<void> {
  const source = parseMetricaEventsCsv(await readFile(eventsCsv, 'utf8'));
  const track = simulateMatch(source, { seed: 7 });
  await writeSimTruth(truthDir, {
    meta: {
      format: TRUTH_FORMAT, version: TRUTH_VERSION, seed: 7, source: { file: 'Sample_Game_1_RawEventsData.csv', format: 'metrica-csv' },
      start_ms: track.startMs, frame_ms: track.frameMs, frames: track.frames,
      pitch: { length_m: PITCH_LENGTH, width_m: PITCH_WIDTH }, periods: source.periods, objects: track.objects,
    },
    track,
    events: toTruthEvents(source),
  });
}

/**
 * The benchmarks' 90-minute match: the real Metrica events of Sample Game 1 simulated (seed 7) and
 * imported (`view` broadcast: detected rows on camera, projected off it; `all`: every object detected)
 * into a `touchline serve` child process with the rate limit lifted, over real HTTP.
 */
export async function importFullMatch(view: 'broadcast' | 'all' = 'broadcast', options: FullMatchOptions = {}): Promise<FullMatch> {
  const work = mkdtempSync(join(tmpdir(), 'bench-match-'));
  const home = join(work, 'home');
  const truthDir = join(work, 'truth');
  await writeFullMatchTruth(truthDir);
  const capture = options.stderr === 'capture';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, 'serve', '--port', '0'], {
    env: { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_LOG_LEVEL: 'warn', TOUCHLINE_RATE_LIMIT_PER_MINUTE: '1000000' }, stdio: ['ignore', 'pipe', capture ? 'pipe' : 'inherit'] });
  const stderrLines: string[] = [];
  let partial = '';
  child.stderr?.on('data', (c: Buffer) => {
    const parts = (partial + c.toString()).split('\n');
    partial = parts.pop() as string;
    stderrLines.push(...parts);
  });
  const close = () => {
    child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
        if (m) resolve(m[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    const headers = { authorization: `Bearer ${readDefaultToken(home) as string}`, 'content-type': 'application/json' };
    const call: FullMatch['call'] = async (method, path, body) => {
      const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    };
    const importOnce = async () => {
      const created = await call('POST', '/v1/imports', { format: 'sim', paths: { dir: truthDir }, view, home_team_name: 'Home', away_team_name: 'Away' });
      const id = created.body.data.id as number;
      for (;;) {
        const a = (await call('GET', `/v1/analyses/${id}`)).body.data;
        if (a.status === 'done') break;
        if (a.status !== 'init' && a.status !== 'running') throw new Error(`import ended ${a.status}: ${a.status_reason}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return { id, videoId: created.body.data.video_id as number };
    };
    const t0 = performance.now();
    const { id, videoId } = await importOnce();
    const importMs = performance.now() - t0;
    const importAgain = async () => (await importOnce()).id;
    const facts = JSON.parse(readFileSync(join(home, 'videos', String(videoId), 'analyses', String(id), 'analysis.json'), 'utf8')) as AnalysisFacts;
    return { base, headers, call, child, analysisId: id, videoId, facts, importMs, truthDir, work, importAgain, stderrLines, close };
  } catch (err) {
    close();
    throw err;
  }
}
