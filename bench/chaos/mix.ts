import { FINAL_STATUSES } from '../../main/service/store/analyses-repo.js';
import { expectOk, sleep, type DrillApi } from './api-client.js';

/** What one round drives through the API. */
export interface MixInputs {
  /** The clip, registered as a local file (read in place). */
  clipPath: string;
  /** The clip's simulator truth folder, imported as format `sim`. */
  truthDir: string;
  rangeUrl: string;
  plainUrl: string;
  /** Analyse the range-served video with the video engine (about 20 s on 2 cores: its camera search alone is ~13 s). */
  videoAnalysis: boolean;
}

export interface Step {
  name: string;
  startMs: number;
  endMs: number | null;
  error?: string;
  errorAtMs?: number;
  /** Part of the video analysis's chain (the long part of a round), or one of the quick steps. */
  long: boolean;
}

/** The match date every video gets, so game names (and the summaries' game ids) repeat round to round. */
export const MIX_DATE = '2026-11-01';
const POLL_MS = 100;

/**
 * Everything a user's script and the app would do with the service, at once: delete the previous
 * round's videos, register the clip as a local file and from two HTTP servers (with and without Range),
 * wait for each to be validated and its kit preview, analyse one, import the clip's tracking, and
 * download each finished analysis's tracking (Parquet and JSON), summary and events. Steps are logged
 * with their times, so a kill can be placed among them and a report can say what it interrupted.
 */
export class MixDriver {
  readonly steps: Step[] = [];
  readonly done: Promise<void>;
  private readonly t0 = performance.now();

  constructor(private readonly api: DrillApi, private readonly inputs: MixInputs, previousVideoIds: readonly number[], private readonly signal: AbortSignal) {
    this.done = Promise.all([
      this.step('delete previous videos', false, async () => {
        for (const id of previousVideoIds) {
          const r = await this.api.call('DELETE', `/v1/videos/${id}`, undefined, this.signal);
          if (r.status !== 204 && r.status !== 404) throw new Error(`DELETE /v1/videos/${id} answered ${r.status}`);
        }
      }),
      this.videoChain('local', inputs.clipPath, false),
      this.videoChain('http with Range', inputs.rangeUrl, inputs.videoAnalysis),
      this.videoChain('http without Range', inputs.plainUrl, false),
      this.importChain(),
    ]).then(() => undefined);
    // A killed round's driver rejects; the drill reads the steps, not this promise.
    this.done.catch(() => {});
  }

  /** Milliseconds since the round's mix began. */
  now(): number {
    return Math.round(performance.now() - this.t0);
  }

  private async step<T>(name: string, long: boolean, work: () => Promise<T>): Promise<T> {
    const s: Step = { name, startMs: this.now(), endMs: null, long };
    this.steps.push(s);
    try {
      const value = await work();
      s.endMs = this.now();
      return value;
    } catch (error) {
      if (!this.signal.aborted) {
        s.error = (error as Error).message;
        s.errorAtMs = this.now();
      }
      throw error;
    }
  }

  /** Steps running at `ms` after the round began. */
  inFlightAt(ms: number): string[] {
    return this.steps.filter((s) => s.startMs <= ms && (s.endMs === null || s.endMs > ms)).map((s) => s.name);
  }

  /** Errors of steps that failed before `beforeMs`: on their own, not because the service was killed under them. */
  errors(beforeMs = Infinity): string[] {
    return this.steps.filter((s) => s.error && (s.errorAtMs as number) < beforeMs).map((s) => `${s.name}: ${s.error}`);
  }

  private async videoChain(label: string, source: string, analyse: boolean): Promise<void> {
    const video = await this.step(`${label}: register`, analyse, async () => (await expectOk(this.api, 'POST', '/v1/videos', {
      video_file_url: source, home_team_name: 'Reds', away_team_name: 'Blues', date: MIX_DATE,
    }, this.signal)).json.data as { id: number });
    const analysis = analyse
      ? this.step(`${label}: create analysis`, true, async () => (await expectOk(this.api, 'POST', `/v1/videos/${video.id}/analysis`, {}, this.signal)).json.data as { id: number })
      : null;
    await Promise.all([
      this.step(`${label}: download and validation`, false, () => this.until(`/v1/videos/${video.id}`, (d) => ['available', 'error'].includes(d.status))),
      this.step(`${label}: kit preview`, false, () => this.until(`/v1/videos/${video.id}/preview-teams`, (d) => d.status !== 'processing' && d.crops_status !== 'pending', true)),
      analysis && (async () => {
        const { id } = await analysis;
        await this.step('video analysis', true, () => this.until(`/v1/analyses/${id}`, (d) => FINAL_STATUSES.includes(d.status)));
        await this.step('video analysis: result downloads', true, () => this.downloads(id));
      })(),
    ]);
  }

  private async importChain(): Promise<void> {
    const { id } = await this.step('import: create', false, async () => (await expectOk(this.api, 'POST', '/v1/imports', {
      format: 'sim', paths: { dir: this.inputs.truthDir }, home_team_name: 'Reds', away_team_name: 'Blues', date: MIX_DATE,
    }, this.signal)).json.data as { id: number });
    await this.step('import: run', false, () => this.until(`/v1/analyses/${id}`, (d) => FINAL_STATUSES.includes(d.status)));
    await this.step('import: result downloads', false, () => this.downloads(id));
  }

  /** What a script does with a finished analysis; the bodies are compared later, after the dust settles. */
  private async downloads(id: number): Promise<void> {
    await Promise.all(['tracking/download?format=parquet', 'tracking/download?format=json', 'summary', 'events']
      .map((p) => expectOk(this.api, 'GET', `/v1/analyses/${id}/${p}`, undefined, this.signal)));
  }

  /** Polls a resource until `ready` says so; `bare` for endpoints answering without a `data` envelope. */
  private async until(path: string, ready: (d: any) => boolean, bare = false): Promise<void> { // eslint-disable-line @typescript-eslint/no-explicit-any
    for (;;) {
      const reply = await expectOk(this.api, 'GET', path, undefined, this.signal);
      const d = bare ? reply.json : reply.json?.data;
      if (ready(d)) return;
      await sleep(POLL_MS, this.signal);
    }
  }
}
