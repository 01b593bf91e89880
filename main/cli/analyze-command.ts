import { parseArgs } from 'node:util';
import { basename, extname, resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { CliError, EXIT } from './cli-error.js';
import { withService, type ApiCall, type ServiceAccess } from './api-client.js';
import { exportAnalysis, type ExportResult, type TrackingFormat } from './export-results.js';
import { interruptOnSigint, sleep } from './interrupt.js';
import { ProgressOutput } from './progress-output.js';
import { summaryLines, type EventLike, type SummaryLike } from './match-summary.js';

export const ANALYZE_USAGE = `usage: touchline analyze VIDEO [--home NAME] [--away NAME] [--date YYYY-MM-DD] [--left-start home|away]
                         [--out DIR] [--format parquet|json] [--json] [--quiet]`;

/** One read a second: a live bar, and a third of the token's 100 requests a minute to spare for the export. */
const POLL_MS = 1000;
const OPEN = ['init', 'waiting_for_video', 'waiting_for_meta', 'running'];
const VIDEO_PREPARING = ['init', 'downloading', 'locally_available'];

export function parseTrackingFormat(value: string | undefined): TrackingFormat {
  if (value === undefined || value === 'parquet' || value === 'json') return value ?? 'parquet';
  throw new CliError(`--format must be parquet or json, got '${value}'`);
}

function refused(what: string, res: { status: number; body: { message?: string } | null }): CliError {
  const code = res.status === 404 ? EXIT.notFound : res.status === 422 ? EXIT.usage : res.status === 400 ? EXIT.failed : EXIT.unexpected;
  return new CliError(`${what} refused (${res.status}): ${res.body?.message ?? ''}`, code);
}

/** Polls the video until it is ready to analyse; a video that cannot be read ends the command (exit 4). */
async function videoReady(call: ApiCall, id: number, signal: AbortSignal): Promise<void> {
  for (;;) {
    const v = (await call('GET', `/v1/videos/${id}`)).body.data;
    if (v.status === 'available') return;
    if (!VIDEO_PREPARING.includes(v.status)) {
      throw new CliError(`video ${id} is ${v.status}: ${v.status_reason ?? 'it cannot be analysed'}`, EXIT.failed);
    }
    await sleep(POLL_MS, signal);
  }
}

/** What one analysis run is given: the video, how to name it, where its results go. */
export interface AnalysisRequest {
  file: string;
  home: string;
  away: string;
  date?: string;
  leftStart?: 'home' | 'away';
  outDir: string;
  format: TrackingFormat;
}

export interface AnalysisRun extends ExportResult {
  videoId: number;
  analysisId: number;
}

/**
 * Registers the video, runs its analysis with progress on `progress`, and exports the results: the work
 * of `analyze` (and of the demo) over the API. When `signal` aborts, the analysis is cancelled and
 * nothing is written; the abort reason is thrown.
 */
export async function runAnalysis(call: ApiCall, access: ServiceAccess, r: AnalysisRequest, progress: ProgressOutput, signal: AbortSignal): Promise<AnalysisRun> {
  const created = await call('POST', '/v1/videos', {
    video_file_url: r.file, home_team_name: r.home, away_team_name: r.away,
    ...(r.date ? { date: r.date } : {}), ...(r.leftStart ? { left_start_team: r.leftStart } : {}),
  });
  if (created.status !== 200) throw refused('registering the video', created);
  const videoId = created.body.data.id as number;
  progress.note(`touchline: video ${videoId} registered (${basename(r.file)})`);
  let analysisId: number | null = null;
  try {
    await videoReady(call, videoId, signal);
    const started = await call('POST', `/v1/videos/${videoId}/analysis`, {});
    if (started.status !== 200) {
      const error = refused('starting the analysis', started);
      // The one refusal a person can do something about from here: say how.
      if (/at least \d+ minutes long/.test(error.message)) {
        error.message += '\n(a data folder of your own may allow shorter videos: TOUCHLINE_MIN_ANALYSIS_SECONDS, README; `touchline demo` shows a short clip)';
      }
      throw error;
    }
    analysisId = started.body.data.id as number;
    progress.note(`touchline: analysis ${analysisId} started`);
    let a = started.body.data;
    while (OPEN.includes(a.status)) {
      progress.update({
        atMs: performance.now(), status: a.status, progress: a.progress, stage: a.progress_detail?.stage ?? null,
        framesDone: a.progress_detail?.frames_done ?? null, framesTotal: a.progress_detail?.frames_total ?? null,
      });
      await sleep(POLL_MS, signal);
      a = (await call('GET', `/v1/analyses/${analysisId}`)).body.data;
    }
    progress.end();
    if (a.status !== 'done') throw new CliError(`analysis ${analysisId} ended ${a.status}: ${a.status_reason ?? 'no reason given'}`, EXIT.failed);
    progress.note(`touchline: analysis ${analysisId} done; writing results to ${r.outDir}`);
    const exported = await exportAnalysis(call, access, analysisId, r.outDir, { format: r.format, signal });
    return { videoId, analysisId, ...exported };
  } catch (error) {
    if (signal.aborted && analysisId !== null) {
      const cancelled = await call('POST', `/v1/analyses/${analysisId}/cancel`).catch(() => null);
      progress.note(`touchline: ${cancelled?.status === 200 ? `analysis ${analysisId} cancelled` : `analysis ${analysisId} had already ended`}; nothing written to ${r.outDir}`);
    }
    throw signal.aborted ? signal.reason : error;
  }
}

/**
 * `touchline analyze VIDEO`: registers the video, runs its analysis with a live progress bar, writes every
 * result to --out and prints a short summary. Uses the running service, else starts one for the time of
 * the run (listening, so the app can watch). Ctrl-C cancels the analysis and writes nothing.
 */
export async function analyzeCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      home: { type: 'string' }, away: { type: 'string' }, date: { type: 'string' }, 'left-start': { type: 'string' },
      out: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean' }, quiet: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new CliError(ANALYZE_USAGE);
  const file = resolve(positionals[0] as string);
  const format = parseTrackingFormat(values.format);
  const leftStart = values['left-start'];
  if (leftStart !== undefined && leftStart !== 'home' && leftStart !== 'away') throw new CliError(`--left-start must be home or away, got '${leftStart}'`);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new CliError(`no video file at ${file}`, EXIT.notFound);
  const request: AnalysisRequest = {
    file, home: values.home ?? 'Home', away: values.away ?? 'Away', date: values.date, leftStart, format,
    outDir: resolve(values.out ?? `${basename(file, extname(file))}-touchline`),
  };

  const progress = new ProgressOutput(values.quiet ? null : process.stderr);
  const { signal, dispose } = interruptOnSigint();
  const started = performance.now();
  try {
    const result = await withService((call, access) => {
      if (access.own && access.base) progress.note(`touchline: started the service at ${access.base} (open ${access.base}/app/ to watch)`);
      return runAnalysis(call, access, request, progress, signal);
    }, { listen: true });
    const seconds = (performance.now() - started) / 1000;
    if (values.json) {
      return out(JSON.stringify({ video_id: result.videoId, analysis_id: result.analysisId, out: result.dir, files: result.files, seconds: Math.round(seconds * 10) / 10, summary: result.summary }));
    }
    for (const line of summaryLines(result.summary as SummaryLike, result.events as EventLike[], request)) out(line);
    out(`analysis ${result.analysisId} done in ${Math.round(seconds)} s; ${result.files.length} files in ${result.dir}`);
  } finally {
    progress.end();
    dispose();
  }
}
