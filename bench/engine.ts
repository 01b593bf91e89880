/**
 * `npm run bench:engine -- --truth DIR --analysis DIR|ID [--json FILE]`: scores an analysis against the
 * simulator's ground truth (docs/evaluation.md) and prints a table; `--self-check` scores the truth
 * against itself, which must be perfect. A numeric `--analysis` is read from the running service over
 * its API (`--service URL`, default 127.0.0.1 on TOUCHLINE_PORT; `--token`, default the data
 * directory's default token).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate } from './eval/metrics.js';
import { loadEngineOutput, loadTruth } from './eval/load.js';
import { truthAsEngineOutput } from './eval/truth-as-engine.js';
import { formatTable } from './eval/format-table.js';
import { machineDescription, report, runBench } from './machine.js';
import { runVideoEngine } from './eval/run-video-engine.js';
import { loadAnalysisOverApi } from './eval/load-analysis.js';
import { loadConfig } from '../main/service/config.js';
import { readDefaultToken } from '../main/service/bootstrap.js';

async function main(): Promise<void> {
  let stageLine: string | null = null;
  let stageModels = 'none';
  const { values } = parseArgs({
    options: {
      truth: { type: 'string' }, analysis: { type: 'string' }, json: { type: 'string' }, 'self-check': { type: 'boolean' },
      service: { type: 'string' }, token: { type: 'string' }, run: { type: 'boolean' }, out: { type: 'string' }, record: { type: 'boolean' }, 'no-verifier': { type: 'boolean' }, 'no-detector': { type: 'boolean' }, 'no-ball-detector': { type: 'boolean' }, 'no-identity': { type: 'boolean' },
    },
  });
  if (values.truth && values.run) {
    const out = values.out ?? join(values.truth, 'engine');
    const { result, seconds } = await runVideoEngine(values.truth, out, { verifier: values['no-verifier'] ? 'off' : 'auto', detector: values['no-detector'] ? 'off' : 'auto', ballDetector: values['no-ball-detector'] ? 'off' : 'auto', identity: values['no-identity'] ? 'off' : 'auto', tracker: process.env.BENCH_TRACKER ? JSON.parse(process.env.BENCH_TRACKER) : undefined });
    values.analysis = out;
    const perFrame = (ms: number | undefined) => ((ms ?? 0) / Math.max(1, result.frames)).toFixed(2);
    const t = result.timingsMs;
    stageModels = result.runtime.models.length ? `${result.runtime.models.join(', ')} on ${result.runtime.execution_provider}` : 'none';
    stageLine = `| ${result.frames} | ${(result.frames / seconds).toFixed(1)} | ${perFrame(t.rig)} | ${['lines', 'calibration', 'foreground', 'people', 'tracking', 'teams', 'ball', 'identity'].map((k) => perFrame(t[`stage_${k}`])).join(' | ')} | ${perFrame(t.frames)} | ${perFrame(t.assemble)} | ${Math.round(process.resourceUsage().maxRSS / 1024)} |`;
  }
  if (!values.truth || (!values.analysis && !values['self-check'])) {
    process.stderr.write('usage: npm run bench:engine -- --truth DIR (--run [--out DIR] [--no-verifier] [--no-detector] [--no-ball-detector] [--no-identity] | --analysis DIR|ID | --self-check) [--service URL] [--token T] [--json FILE] [--record]\n');
    process.exit(2);
  }
  const truth = await loadTruth(values.truth);
  const overApi = values.analysis !== undefined && /^\d+$/.test(values.analysis);
  let engine;
  if (overApi) {
    const config = loadConfig();
    const token = values.token ?? readDefaultToken(config.home);
    if (!token) throw new Error(`no --token and no default token in ${config.home}`);
    engine = await loadAnalysisOverApi(values.service ?? `http://127.0.0.1:${config.port}`, token, Number(values.analysis));
  } else {
    engine = values.analysis ? await loadEngineOutput(values.analysis) : truthAsEngineOutput(truth);
  }
  const metrics = evaluate(truth, engine);
  process.stdout.write(`${formatTable(metrics)}\n`);
  if (stageLine) {
    report([
      `## bench:engine ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Machine: ${machineDescription()}. Command: \`npm run bench:engine -- --truth ${values.truth} --run${values['no-verifier'] ? ' --no-verifier' : ''}${values['no-detector'] ? ' --no-detector' : ''}${values['no-ball-detector'] ? ' --no-ball-detector' : ''}${values['no-identity'] ? ' --no-identity' : ''}\`. Learned models: ${stageModels}.`,
      '',
      '| metric | value |',
      '|---|---|',
      ...formatTable(metrics).split('\n').map((l) => `| ${l.replace(/\s{2,}/, ' | ').replace(/\s{2,}/g, ' ')} |`),
      '',
      'Time per frame (ms; rig = the camera search before the frame loop, spread over the frames):',
      '',
      '| frames | frames/s end to end | rig | lines | calibration | foreground | people | tracking | teams | ball | identity | frame loop total (incl. decode wait) | assemble | peak memory (MiB) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      stageLine,
    ].join('\n'));
  }
  const file = values.json ?? (values.analysis && !overApi ? join(values.analysis, 'evaluation.json') : null);
  if (file) await writeFile(file, `${JSON.stringify({ truth: values.truth, analysis: values.analysis ?? 'self-check', metrics }, null, 1)}\n`);
}

runBench(main);
