import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { simulateMatch, demoMatch, simTruth, writeSimTruth, renderTruthVideo } from '../../engine/api.js';
import { CliError } from './cli-error.js';
import { withService } from './api-client.js';
import { runAnalysis } from './analyze-command.js';
import { interruptOnSigint } from './interrupt.js';
import { ProgressOutput } from './progress-output.js';
import { summaryLines, type EventLike, type SummaryLike } from './match-summary.js';

export const DEMO_USAGE = 'usage: touchline demo [--seconds 45] [--no-serve] [--dir DIR] [--json]';

/** Marks a folder as the demo's own, so a fresh run may empty it (never a person's library). */
const MARKER = '.touchline-demo';
const PREFERRED_PORT = 7425;
const SEED = 7;

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/** A folder for the demo's data: created, or emptied when an earlier demo made it; anything else is refused. */
async function demoFolder(dir: string): Promise<void> {
  if (existsSync(dir)) {
    const entries = await readdir(dir);
    if (entries.length && !entries.includes(MARKER)) throw new CliError(`--dir ${dir} is not empty and not a demo folder: choose another`);
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, MARKER), 'made by `touchline demo`; emptied by the next one\n');
}

/**
 * `touchline demo` (`npm run demo`): the product end to end on a machine with no match of its own.
 * Renders a short simulated match with our simulator, analyses it through the API like any video, prints
 * the summary and keeps serving the app so a person can open the match view. Its data lives in its own
 * folder (a temporary one by default), which allows analyses shorter than the 10 minutes a real match
 * needs.
 */
export async function demoCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv, strict: true,
    options: { seconds: { type: 'string' }, 'no-serve': { type: 'boolean' }, dir: { type: 'string' }, json: { type: 'boolean' } },
  });
  const seconds = values.seconds === undefined ? 45 : Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 75) throw new CliError(`--seconds must be a whole number from 10 to 75 (the scripted play lasts 75 s), got '${values.seconds}'`);
  const dir = resolve(values.dir ?? join(tmpdir(), 'touchline-demo'));
  await demoFolder(dir);
  process.env.TOUCHLINE_HOME = join(dir, 'data');
  process.env.TOUCHLINE_MIN_ANALYSIS_SECONDS = '0';
  if (!process.env.TOUCHLINE_PORT && !(await portFree(PREFERRED_PORT))) process.env.TOUCHLINE_PORT = '0';
  const t0 = performance.now();
  const elapsed = () => `${Math.round((performance.now() - t0) / 1000)} s`;
  // With --json the narration is left out and one JSON line says where everything is (then the serving).
  const say = values.json ? () => undefined : out;

  say(`touchline demo: rendering ${seconds} s of a simulated match (scripted play, 1280x720 broadcast camera) into ${dir}`);
  const source = demoMatch();
  const track = simulateMatch(source, { seed: SEED, fromMs: 0, durationMs: seconds * 1000 });
  const truth = simTruth(source, track, { seed: SEED, file: 'demo-match', format: 'scripted' });
  const clipDir = join(dir, 'clip');
  await writeSimTruth(clipDir, truth);
  const rendered = await renderTruthVideo(clipDir, truth, { camera: 'broadcast', width: 1280, height: 720, seed: SEED, cuts: false });
  say(`touchline demo: rendered ${rendered.frames} frames at ${rendered.fps.toFixed(1)} frames/s (${elapsed()})`);

  const progress = new ProgressOutput(process.stderr);
  const { signal, dispose } = interruptOnSigint();
  try {
    await withService(async (call, access) => {
      if (access.base) say(`touchline demo: service at ${access.base} (data in ${process.env.TOUCHLINE_HOME})`);
      const run = await runAnalysis(call, access, {
        file: join(clipDir, 'video.mp4'), home: 'Touchline Reds', away: 'Touchline Blues', leftStart: 'home',
        date: new Date().toISOString().slice(0, 10), outDir: join(dir, 'results'), format: 'parquet',
      }, progress, signal);
      say(`touchline demo: analysed in ${elapsed()} from the start; ${run.files.length} result files in ${run.dir}`);
      const serving = Boolean(access.base && !values['no-serve']);
      if (values.json) {
        out(JSON.stringify({
          dir, video_id: run.videoId, analysis_id: run.analysisId, results: run.dir, files: run.files, seconds: Math.round((performance.now() - t0) / 100) / 10,
          app: serving ? `${access.base}/app/#/match/${run.analysisId}` : null, api: serving ? `${access.base}/v1` : null, summary: run.summary,
        }));
      } else {
        out('');
        for (const line of summaryLines(run.summary as SummaryLike, run.events as EventLike[])) out(`  ${line}`);
        out('');
      }
      if (!serving) return;
      say(`Open the match view: ${access.base}/app/#/match/${run.analysisId}`);
      say(`The API: ${access.base}/v1 (token in ${join(process.env.TOUCHLINE_HOME as string, 'default-token')}); Ctrl-C stops the demo.`);
      await new Promise<void>((done) => signal.addEventListener('abort', () => done(), { once: true }));
      say('touchline demo: stopped');
    }, { listen: true });
  } finally {
    progress.end();
    dispose();
  }
}
