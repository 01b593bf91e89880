import { parseArgs } from 'node:util';
import { CliError, EXIT } from './cli-error.js';
import { listAll, withService } from './api-client.js';

interface VideoItem {
  id: number; status: string; title: string; home_team_name: string; away_team_name: string; duration: number | null;
  analyses: { id: number; status: string }[];
}

/** Rows as aligned columns for a person; `--json` prints the data itself instead. */
export function table(header: string[], rows: (string | number | null)[][]): string[] {
  const cells = [header, ...rows.map((r) => r.map((c) => (c === null ? '-' : String(c))))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] as string).length)));
  return cells.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] as number))).join('  '));
}

function listArgs(argv: string[], usage: string): { json: boolean } {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { json: { type: 'boolean' } } });
  if (positionals.length !== 1 || positionals[0] !== 'list') throw new CliError(usage);
  return { json: values.json === true };
}

export const VIDEOS_USAGE = 'usage: touchline videos list [--json]';
export const ANALYSES_USAGE = 'usage: touchline analyses list [--json]';
export const STATUS_USAGE = 'usage: touchline status ANALYSIS_ID [--json]';

/** `touchline videos list`: GET /v1/videos, every page. */
export async function videosCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { json } = listArgs(argv, VIDEOS_USAGE);
  const videos = await withService((call) => listAll<VideoItem>(call, '/v1/videos'));
  if (json) return out(JSON.stringify(videos));
  if (!videos.length) return out('no videos yet (register one with POST /v1/videos, or `touchline import`)');
  for (const line of table(['id', 'status', 'match', 'minutes', 'analyses'], videos.map((v) => [
    v.id, v.status, `${v.home_team_name} - ${v.away_team_name}`, v.duration === null ? null : Math.round(v.duration / 60),
    v.analyses.map((a) => `${a.id} (${a.status})`).join(', ') || null,
  ]))) out(line);
}

/** `touchline analyses list`: every analysis, found through its video (the API lists videos with their analyses). */
export async function analysesCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { json } = listArgs(argv, ANALYSES_USAGE);
  const videos = await withService((call) => listAll<VideoItem>(call, '/v1/videos'));
  const analyses = videos.flatMap((v) => v.analyses.map((a) => ({ id: a.id, status: a.status, video_id: v.id, video_title: v.title, match: `${v.home_team_name} - ${v.away_team_name}` })))
    .sort((a, b) => a.id - b.id);
  if (json) return out(JSON.stringify(analyses));
  if (!analyses.length) return out('no analyses yet');
  for (const line of table(['id', 'status', 'video', 'match'], analyses.map((a) => [a.id, a.status, a.video_id, a.match]))) out(line);
}

/** `touchline status ID`: GET /v1/analyses/{id} (status, progress, quality grade); exit 3 when there is no such analysis. */
export async function statusCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { json: { type: 'boolean' } } });
  const id = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(id) || id < 1) throw new CliError(STATUS_USAGE);
  const res = await withService((call) => call('GET', `/v1/analyses/${id}`));
  if (res.status === 404) throw new CliError(`no analysis ${id}`, EXIT.notFound);
  if (res.status !== 200) throw new CliError(`GET /v1/analyses/${id} answered ${res.status}: ${res.body?.message ?? ''}`, EXIT.unexpected);
  const a = res.body.data;
  if (values.json) return out(JSON.stringify(a));
  const quality = a.quality?.grade ? `, quality ${a.quality.grade} (${a.quality.score})` : '';
  out(`analysis ${a.id} of video ${a.video_id} (${a.video.home_team_name} - ${a.video.away_team_name}): ${a.status} ${a.progress}%${quality}`);
  if (a.status_reason) out(`reason: ${a.status_reason}`);
}
