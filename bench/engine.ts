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
import type { Metric } from './eval/eval-types.js';
import { runBench } from './machine.js';
import { loadAnalysisOverApi } from './eval/load-analysis.js';
import { loadConfig } from '../main/service/config.js';
import { readDefaultToken } from '../main/service/bootstrap.js';

export function formatTable(metrics: Metric[]): string {
  const fmt = (m: Metric) => (m.value === null ? 'n/a' : m.unit === 'share' ? `${(m.value * 100).toFixed(1)}%` : m.value.toFixed(m.unit === 'm' ? 2 : 3));
  const w = Math.max(...metrics.map((m) => m.name.length));
  return metrics.map((m) => `${m.name.padEnd(w)}  ${fmt(m).padStart(8)} ${m.unit && m.unit !== 'share' && m.unit !== 'score' ? m.unit : ''}${m.note ? `  (${m.note})` : ''}`).join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      truth: { type: 'string' }, analysis: { type: 'string' }, json: { type: 'string' }, 'self-check': { type: 'boolean' },
      service: { type: 'string' }, token: { type: 'string' },
    },
  });
  if (!values.truth || (!values.analysis && !values['self-check'])) {
    process.stderr.write('usage: npm run bench:engine -- --truth DIR (--analysis DIR|ID | --self-check) [--service URL] [--token T] [--json FILE]\n');
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
  const file = values.json ?? (values.analysis && !overApi ? join(values.analysis, 'evaluation.json') : null);
  if (file) await writeFile(file, `${JSON.stringify({ truth: values.truth, analysis: values.analysis ?? 'self-check', metrics }, null, 1)}\n`);
}

runBench(main);
