import { parseArgs } from 'node:util';
import { CliError, EXIT } from './cli-error.js';
import { withService } from './api-client.js';
import { parseFilter, type FilterSpec } from './filter-arg.js';
import { table } from './list-commands.js';

export const QUERY_USAGE = `usage: touchline query ANALYSIS_ID --filter "TYPE key=value ..." [--filter ...] [--or] [--pad S] [--gap-fill S]
                       [--no-merge] [--preserve-labels TYPE] [--frame camera|attacking] [--csv | --json]
  e.g. touchline query 12 --filter "ball_action actions=shot teams=team_0"
       touchline query 12 --filter "team_possession teams=team_1" --filter "ball_location x_min=70" --csv`;

interface Interval { start: number; end: number; label: string; type: string; player_id?: string | null; team_id?: string | null; team_name?: string | null }

const csvField = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Seconds as m:ss.s, the way a person scrubs a video. */
const at = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, '0')}`;

function nonNegativeInt(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`${flag} must be a whole number of seconds, got '${raw}'`);
  return n;
}

/** `touchline query ID --filter ...`: POST /v1/analyses/{id}/query-intervals, printed as a table, CSV or JSON. */
export async function queryCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      filter: { type: 'string', multiple: true }, or: { type: 'boolean' }, pad: { type: 'string' }, 'gap-fill': { type: 'string' },
      'no-merge': { type: 'boolean' }, 'preserve-labels': { type: 'string' }, frame: { type: 'string' }, csv: { type: 'boolean' }, json: { type: 'boolean' },
    },
  });
  const id = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(id) || id < 1 || !values.filter?.length) throw new CliError(QUERY_USAGE);
  if (values.csv && values.json) throw new CliError('--csv and --json: choose one');
  const pad = nonNegativeInt('--pad', values.pad);
  const gap = nonNegativeInt('--gap-fill', values['gap-fill']);

  const intervals = await withService(async (call) => {
    const schema = await call('GET', `/v1/analyses/${id}/schema`);
    if (schema.status === 404) throw new CliError(`no analysis ${id}`, EXIT.notFound);
    if (schema.status === 409) throw new CliError(schema.body?.detail ?? `analysis ${id} has no results yet`, EXIT.failed);
    if (schema.status !== 200) throw new CliError(`GET /v1/analyses/${id}/schema answered ${schema.status}: ${schema.body?.detail ?? ''}`, EXIT.unexpected);
    const catalogue = schema.body.filters as FilterSpec[];
    const filters = (values.filter as string[]).map((f) => parseFilter(f, catalogue));
    const body = {
      operator: values.or ? 'OR' : 'AND',
      filters,
      ...(pad !== undefined ? { pad_sec: pad } : {}),
      ...(gap !== undefined ? { gap_fill_sec: gap } : {}),
      ...(values['no-merge'] ? { merge_results: false } : {}),
      // One filter ANDed with nothing is itself: keep its labels rather than the spec's generic `filter`.
      ...(values['preserve-labels'] ? { preserve_labels: values['preserve-labels'] }
        : !values.or && values.filter?.length === 1 ? { preserve_labels: filters[0]?.type } : {}),
      ...(values.frame ? { coordinate_frame: values.frame } : {}),
    };
    const res = await call('POST', `/v1/analyses/${id}/query-intervals`, body);
    if (res.status === 422) throw new CliError(`the query was refused: ${res.body?.detail ?? ''}`, EXIT.usage);
    if (res.status !== 200) throw new CliError(`POST /v1/analyses/${id}/query-intervals answered ${res.status}: ${res.body?.detail ?? ''}`, EXIT.unexpected);
    return res.body as Interval[];
  });

  if (values.json) return out(JSON.stringify(intervals));
  const header = ['start_sec', 'end_sec', 'label', 'type', 'player_id', 'team_id', 'team_name'];
  if (values.csv) {
    out(header.join(','));
    for (const i of intervals) out([i.start, i.end, i.label, i.type, i.player_id, i.team_id, i.team_name].map(csvField).join(','));
    return;
  }
  if (!intervals.length) return out('no intervals match');
  for (const line of table(['start', 'end', 'seconds', 'label', 'type', 'player', 'team'], intervals.map((i) => [
    at(i.start), at(i.end), (i.end - i.start).toFixed(1), i.label, i.type, i.player_id ?? null, i.team_name ?? i.team_id ?? null,
  ]))) out(line);
  out(`${intervals.length} intervals, ${intervals.reduce((s, i) => s + i.end - i.start, 0).toFixed(1)} s in all`);
}
