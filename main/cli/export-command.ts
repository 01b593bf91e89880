import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CliError } from './cli-error.js';
import { withService } from './api-client.js';
import { exportAnalysis } from './export-results.js';
import { parseTrackingFormat } from './analyze-command.js';
import { interruptOnSigint } from './interrupt.js';

export const EXPORT_USAGE = 'usage: touchline export ANALYSIS_ID --out DIR [--format parquet|json] [--json]';

/** `touchline export ID --out DIR`: every result of a done analysis as files (exit 3 no such analysis, 4 not done). */
export async function exportCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: { out: { type: 'string' }, format: { type: 'string' }, json: { type: 'boolean' } },
  });
  const id = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(id) || id < 1 || !values.out) throw new CliError(EXPORT_USAGE);
  const format = parseTrackingFormat(values.format);
  const { signal, dispose } = interruptOnSigint();
  try {
    const result = await withService((call, access) => exportAnalysis(call, access, id, resolve(values.out as string), { format, signal }));
    if (values.json) return out(JSON.stringify({ analysis_id: id, out: result.dir, files: result.files }));
    out(`analysis ${id}: ${result.files.length} files in ${result.dir}`);
  } finally {
    dispose();
  }
}
