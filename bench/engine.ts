/**
 * `npm run bench:engine -- --truth DIR --analysis DIR [--json FILE]`: scores an analysis against the
 * simulator's ground truth (docs/evaluation.md) and prints a table; `--self-check` scores the truth
 * against itself, which must be perfect.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluate } from './eval/metrics.js';
import { loadEngineOutput, loadTruth } from './eval/load.js';
import { truthAsEngineOutput } from './eval/truth-as-engine.js';
import type { Metric } from './eval/eval-types.js';
import { runBench } from './machine.js';

export function formatTable(metrics: Metric[]): string {
  const fmt = (m: Metric) => (m.value === null ? 'n/a' : m.unit === 'share' ? `${(m.value * 100).toFixed(1)}%` : m.value.toFixed(m.unit === 'm' ? 2 : 3));
  const w = Math.max(...metrics.map((m) => m.name.length));
  return metrics.map((m) => `${m.name.padEnd(w)}  ${fmt(m).padStart(8)} ${m.unit && m.unit !== 'share' && m.unit !== 'score' ? m.unit : ''}${m.note ? `  (${m.note})` : ''}`).join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, analysis: { type: 'string' }, json: { type: 'string' }, 'self-check': { type: 'boolean' } } });
  if (!values.truth || (!values.analysis && !values['self-check'])) {
    process.stderr.write('usage: npm run bench:engine -- --truth DIR (--analysis DIR | --self-check) [--json FILE]\n');
    process.exit(2);
  }
  const truth = await loadTruth(values.truth);
  const engine = values.analysis ? await loadEngineOutput(values.analysis) : truthAsEngineOutput(truth);
  const metrics = evaluate(truth, engine);
  process.stdout.write(`${formatTable(metrics)}\n`);
  const file = values.json ?? (values.analysis ? join(values.analysis, 'evaluation.json') : null);
  if (file) await writeFile(file, `${JSON.stringify({ truth: values.truth, analysis: values.analysis ?? 'self-check', metrics }, null, 1)}\n`);
}

runBench(main);
