import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiCall, ServiceAccess } from './api-client.js';
import { CliError, EXIT } from './cli-error.js';

export type TrackingFormat = 'parquet' | 'json';

/** What `export` wrote: the folder, and each file relative to it. */
export interface ExportResult {
  dir: string;
  files: string[];
  summary: unknown;
  events: unknown[];
}

async function getJson(call: ApiCall, path: string): Promise<unknown> {
  const res = await call('GET', path);
  if (res.status !== 200) throw new CliError(`GET ${path} answered ${res.status}: ${res.body?.detail ?? res.body?.message ?? ''}`, EXIT.unexpected);
  return res.body;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/**
 * Writes a done analysis's results (or results held for review) into `out`: analysis.json,
 * summary.json, events.json, team-report.json, players/<player_id>.json for every player of the
 * summary, the tracking file, all with the corrections in force, and corrections.json (the log).
 * Everything is fetched into a hidden folder inside `out` first and moved into place only when all of
 * it is there, so an interrupted or failed export leaves `out` as it was: never a half-written file.
 */
export async function exportAnalysis(call: ApiCall, access: ServiceAccess, id: number, out: string,
  options: { format: TrackingFormat; signal?: AbortSignal }): Promise<ExportResult> {
  const analysis = await call('GET', `/v1/analyses/${id}`);
  if (analysis.status === 404) throw new CliError(`no analysis ${id}`, EXIT.notFound);
  if (analysis.status !== 200) throw new CliError(`GET /v1/analyses/${id} answered ${analysis.status}: ${analysis.body?.message ?? ''}`, EXIT.unexpected);
  const a = analysis.body.data;
  if (a.status !== 'done' && !(a.status === 'needs_attention' && a.results_available)) {
    throw new CliError(`analysis ${id} is ${a.status}${a.status_reason ? ` (${a.status_reason})` : ''}: only a done analysis has results to export`, EXIT.failed);
  }
  const existed = await stat(out).then((s) => {
    if (!s.isDirectory()) throw new CliError(`--out ${out} is a file, not a folder`);
    return true;
  }, () => false);
  const staging = join(out, `.touchline-partial-${process.pid}`);
  await mkdir(join(staging, 'players'), { recursive: true });
  const written: string[] = [];
  const put = async (file: string, value: unknown) => {
    options.signal?.throwIfAborted();
    await writeFile(join(staging, file), json(value));
    written.push(file);
  };
  try {
    await put('analysis.json', a);
    await put('corrections.json', await getJson(call, `/v1/analyses/${id}/corrections`));
    const summary = await getJson(call, `/v1/analyses/${id}/summary`) as { players: { player_id: string }[] };
    await put('summary.json', summary);
    const events = await getJson(call, `/v1/analyses/${id}/events`) as unknown[];
    await put('events.json', events);
    await put('team-report.json', await getJson(call, `/v1/analyses/${id}/team-report`));
    for (const player of summary.players) {
      await put(join('players', `${player.player_id}.json`), await getJson(call, `/v1/analyses/${id}/player-report/${encodeURIComponent(player.player_id)}`));
    }
    options.signal?.throwIfAborted();
    const tracking = `tracking.${options.format}`;
    const status = await access.download(`/v1/analyses/${id}/tracking/download?format=${options.format}`, join(staging, tracking));
    if (status !== 200) throw new CliError(`the tracking download answered ${status}`, EXIT.unexpected);
    written.push(tracking);
    options.signal?.throwIfAborted();
    // All there: move into place (each rename is atomic; a previous export's files are replaced).
    for (const entry of await readdir(staging)) {
      await rm(join(out, entry), { recursive: true, force: true });
      await rename(join(staging, entry), join(out, entry));
    }
    await rmdir(staging);
    return { dir: out, files: written, summary, events };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!existed) await rmdir(out).catch(() => undefined);
    throw error;
  }
}
