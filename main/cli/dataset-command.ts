import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { exportDataset } from '../../engine/api.js';
import { CliError } from './cli-error.js';
import { loadSource, parseSize } from './sim-command.js';

export const DATASET_USAGE = 'touchline sim-dataset --events FILE [--metadata XML] [--clips 20] [--clip-seconds 8] [--every 10] [--size 720p] [--seed N] --out DIR';

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (!Number.isInteger(v) || v < 1) throw new CliError(`--${name} must be a positive integer; got '${text}'`);
  return v;
}

/** `touchline sim-dataset`: renders clips of a real match and writes training data (docs/dataset-format.md). */
export async function datasetCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string' }, metadata: { type: 'string' }, clips: { type: 'string' }, 'clip-seconds': { type: 'string' },
      every: { type: 'string' }, size: { type: 'string' }, seed: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.events || !values.out) throw new CliError(`usage: ${DATASET_USAGE}`);
  const [width, height] = parseSize(values.size ?? '720p');
  const { source } = await loadSource(values.events, values.metadata);
  const started = performance.now();
  const summary = await exportDataset(source, {
    out: resolve(values.out), clips: positive('clips', values.clips, 20), clipSeconds: positive('clip-seconds', values['clip-seconds'], 8),
    every: positive('every', values.every, 10), width, height, seed: positive('seed', values.seed, 1),
  });
  if (values.json) return out(JSON.stringify({ out: resolve(values.out), ...summary }));
  out(`dataset: ${summary.images} images (${summary.nonAnalysable} not analysable), ${summary.boxes} boxes, ${summary.masks} line masks, ${summary.crops} player crops, ${summary.digits} jersey crops in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${resolve(values.out)}`);
}
