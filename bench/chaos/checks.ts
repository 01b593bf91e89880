/**
 * The drill's verdicts, as plain functions over what was read (store rows, the folder listing, API
 * answers, result bytes): each returns the problems it found, one readable line each, none when sound.
 */
import type { FolderEntry, StoreSnapshot } from './inspect.js';
import type { WebhookCall } from './inputs.js';

export const OPEN_VIDEO_STATUSES = ['init', 'downloading', 'locally_available'];
export const OPEN_ANALYSIS_STATUSES = ['init', 'waiting_for_video', 'waiting_for_meta', 'running'];

/** What still keeps the service busy: the drill waits for none of it to be left before judging. */
export function busyWork(s: StoreSnapshot): string[] {
  return [
    ...s.jobs.filter((j) => j.state === 'queued' || j.state === 'running').map((j) => `job ${j.id} (${j.kind}) ${j.state}`),
    ...s.deliveries.filter((d) => d.state === 'pending').map((d) => `webhook delivery ${d.id} pending (${d.attempts} attempts${d.last_error ? `, last: ${d.last_error}` : ''})`),
  ];
}

/**
 * Once the queue has settled, nothing may be left half-way. The mix's sources are sound and no job is
 * interrupted more than once a round (three are allowed), so a video or analysis that failed is a
 * finding too, whatever its reason says.
 */
export function stuckOrFailed(s: StoreSnapshot): string[] {
  const out: string[] = [];
  for (const v of s.videos) {
    if (OPEN_VIDEO_STATUSES.includes(v.status)) out.push(`video ${v.id} stuck in ${v.status}`);
    else if (v.status !== 'available') out.push(`video ${v.id} ended ${v.status}: ${v.status_reason ?? '(no reason)'}`);
    if (v.source_kind === 'none' && !s.analyses.some((a) => a.video_id === v.id)) out.push(`tracking-only video ${v.id} has no analysis (an import cut short)`);
  }
  for (const a of s.analyses) {
    if (OPEN_ANALYSIS_STATUSES.includes(a.status)) out.push(`analysis ${a.id} stuck in ${a.status}`);
    else if (a.status !== 'done') out.push(`analysis ${a.id} ended ${a.status}: ${a.status_reason ?? '(no reason)'}`);
  }
  return out;
}

export interface ApiAnalysis { id: number; status: string; status_reason: string | null; results_available: boolean }

/** Spec 3 as a user sees it: every analysis `done` with its results, or `error` saying why. */
export function analysisEndings(analyses: readonly ApiAnalysis[]): string[] {
  const out: string[] = [];
  for (const a of analyses) {
    if (a.status === 'done') {
      if (!a.results_available) out.push(`analysis ${a.id} is done without results_available`);
    } else if (a.status === 'error') {
      if (!a.status_reason?.trim()) out.push(`analysis ${a.id} is error without a reason`);
    } else {
      out.push(`analysis ${a.id} is ${a.status}, not done or error`);
    }
  }
  return out;
}

export function integrityProblems(s: StoreSnapshot): string[] {
  const out = s.integrity.length === 1 && s.integrity[0] === 'ok' ? [] : [`PRAGMA integrity_check: ${s.integrity.slice(0, 5).join('; ')}`];
  if (s.foreignKeyViolations > 0) out.push(`PRAGMA foreign_key_check: ${s.foreignKeyViolations} rows point at missing rows`);
  return out;
}

/** `tmp/` is the engine processes' scratch folder: one folder per running engine, none once the work is done. */
const TOP_LEVEL = new Set(['touchline.db', 'touchline.db-wal', 'touchline.db-shm', 'default-token', 'app-token', 'videos', 'tmp']);
/** Names the service writes first and renames (or removes) when done: none may outlive the work. */
const TEMPORARY = /\.(part|partial|tmp)(\.json)?$/;

/**
 * The data folder against the store (the layout of jobs/ingest.ts, http-download.ts, preview-runner.ts,
 * analysis-runner.ts and results-store.ts): `videos/<id>/` only for videos that exist, holding the
 * downloaded `source.<ext>` (HTTP sources only), `preview.json`, `preview-crops/*.jpg` and
 * `analyses/<id>/` for done analyses of that video; no temporary file or folder left behind.
 */
export function folderProblems(entries: readonly FolderEntry[], s: StoreSnapshot): string[] {
  const out: string[] = [];
  const videos = new Map(s.videos.map((v) => [String(v.id), v]));
  const analyses = new Map(s.analyses.map((a) => [String(a.id), a]));
  for (const { path, dir } of entries) {
    const parts = path.split('/');
    if (TEMPORARY.test(parts[parts.length - 1] as string)) {
      out.push(`temporary ${dir ? 'folder' : 'file'} left: ${path}`);
      continue;
    }
    if (parts.length === 1) {
      if (!TOP_LEVEL.has(path)) out.push(`unexpected ${dir ? 'folder' : 'file'} in the data folder: ${path}`);
      continue;
    }
    if (parts[0] === 'tmp') {
      if (parts.length === 2) out.push(`engine scratch left with no engine running: ${path}`);
      continue;
    }
    if (parts[0] !== 'videos') continue;
    const [, id, name, child, ...deeper] = parts as [string, string, string?, string?, ...string[]];
    const video = videos.get(id);
    if (name === undefined) {
      if (!dir || !video) out.push(`orphaned ${dir ? 'folder' : 'file'} ${path} (no video ${id})`);
      continue;
    }
    if (!video) continue; // reported with its folder
    if (child === undefined) {
      const known = (/^source\.[a-z0-9]{1,5}$/.test(name) && !dir && video.source_kind === 'http')
        || (name === 'preview.json' && !dir) || (['preview-crops', 'analyses'].includes(name) && dir);
      if (!known) out.push(`unexpected ${dir ? 'folder' : 'file'} ${path} (video ${id} is ${video.source_kind})`);
      continue;
    }
    if (name === 'preview-crops' && (dir || !/^[a-z_]+-\d+\.jpg$/.test(child))) out.push(`unexpected ${path}`);
    if (name === 'analyses' && deeper.length === 0) {
      const a = analyses.get(child);
      if (!dir || !a || a.video_id !== video.id) out.push(`orphaned result ${dir ? 'folder' : 'file'} ${path} (no analysis ${child} of video ${id})`);
      else if (a.status !== 'done') out.push(`result folder ${path} of analysis ${child}, which is ${a.status}`);
    }
  }
  const present = new Set(entries.map((e) => e.path));
  for (const a of s.analyses) {
    if (a.status === 'done' && !present.has(`videos/${a.video_id}/analyses/${a.id}/analysis.json`)) out.push(`analysis ${a.id} is done but its results are missing`);
  }
  return out;
}

/**
 * Completion webhooks are delivered at least once: every ended analysis has its one delivery per
 * webhook (`expectedPerAnalysis`), of the right event, delivered, and the receiver saw it.
 */
export function webhookProblems(s: StoreSnapshot, calls: readonly WebhookCall[], expectedPerAnalysis: number): string[] {
  const out: string[] = [];
  const seen = new Set(calls.map((c) => c.deliveryId));
  for (const a of s.analyses) {
    if (OPEN_ANALYSIS_STATUSES.includes(a.status)) continue;
    const event = a.status === 'done' ? 'analysis.done' : 'analysis.error';
    const mine = s.deliveries.filter((d) => d.analysis_id === a.id);
    if (mine.length !== expectedPerAnalysis) out.push(`analysis ${a.id} (${a.status}) has ${mine.length} webhook deliveries, expected ${expectedPerAnalysis}`);
    for (const d of mine) {
      if (d.event !== event) out.push(`webhook delivery ${d.id} of analysis ${a.id} is ${d.event}, expected ${event}`);
      if (d.state !== 'delivered') out.push(`webhook delivery ${d.id} of analysis ${a.id} is ${d.state}${d.last_error ? ` (${d.last_error})` : ''}`);
      else if (!seen.has(d.id)) out.push(`webhook delivery ${d.id} is marked delivered but the receiver never got it`);
    }
  }
  return out;
}

/** A result file or answer under a stable name: `api:...` from the API, `file:...` from the results folder. */
export type ResultSet = Map<string, Buffer>;

/** Where two byte strings first differ, for a readable report. */
function firstDifference(a: Buffer, b: Buffer): string {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return `${a.length} vs ${b.length} bytes, first difference at byte ${i}`;
}

/** Results of a recovered run against the uninterrupted reference: the same names, the same bytes. */
export function resultDifferences(label: string, reference: ResultSet, actual: ResultSet): string[] {
  const out: string[] = [];
  for (const [name, ref] of reference) {
    const got = actual.get(name);
    if (!got) out.push(`${label}: ${name} missing (the reference has it)`);
    else if (!got.equals(ref)) out.push(`${label}: ${name} differs from the reference (${firstDifference(ref, got)})`);
  }
  for (const name of actual.keys()) {
    if (!reference.has(name)) out.push(`${label}: ${name} is extra (the reference has no such result)`);
  }
  return out;
}

/**
 * The fields that legitimately differ between two runs of the same inputs are replaced by a marker
 * before comparing; everything else must match byte for byte. The facts file: `timings_ms` (how long
 * each stage took on this run).
 */
export function normaliseFacts(text: string): Buffer {
  const facts = JSON.parse(text) as Record<string, unknown>;
  if ('timings_ms' in facts) facts.timings_ms = '<per run>';
  return Buffer.from(`${JSON.stringify(facts, null, 1)}\n`);
}

/**
 * The summary: `generated_at` (when it was computed) and the game id's trailing number (game names are
 * numbered per data folder, `2026-11-01_reds-blues-7`, so the drill's folder counts on round to round).
 */
export function normaliseSummary(text: string): Buffer {
  const summary = JSON.parse(text) as { metadata?: Record<string, unknown> };
  if (summary.metadata) {
    summary.metadata.generated_at = '<per run>';
    if (typeof summary.metadata.game_id === 'string') summary.metadata.game_id = summary.metadata.game_id.replace(/-\d+$/, '-<n>');
  }
  return Buffer.from(JSON.stringify(summary));
}

/** The analysis resource without what names this particular run (ids, times, the video's title and length are the same inputs anyway). */
export function normaliseAnalysis(a: Record<string, unknown>): Buffer {
  const keep = ['status', 'status_reason', 'algorithm_version', 'aggregate_version', 'data_version', 'parameters', 'engine_source', 'results_available', 'progress', 'quality', 'runtime'];
  return Buffer.from(JSON.stringify(Object.fromEntries(keep.map((k) => [k, a[k] ?? null]))));
}
