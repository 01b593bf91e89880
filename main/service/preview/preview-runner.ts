import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type PreviewPassResult, probeVideo, type KitColours, type KitKey, type Swatch } from '../../../engine/api.js';
import type { VideosRepo, VideoRow } from '../store/videos-repo.js';
import { sourcePath, videoDir } from '../store/paths.js';
import { shownSize } from '../store/stored-probe.js';
import type { DeriveClient } from '../results/derive-client.js';

const UNREADABLE = Symbol('unreadable');
const SOURCE_TIMEOUT_MS = 30_000;
/** Frames the final stage reads: more than the preview's six, as the whole processed file is at hand. */
const FINAL_FRAMES = 24;

export interface StoredTeam {
  key: KitKey;
  swatch: Swatch;
  colours?: KitColours;
  /** Crops written as `preview-crops/<key>-<i>.jpg`, i < crops. */
  crops?: number;
}

/** The file of one crop, inside the video's folder. */
export function cropFile(home: string, videoId: number, key: KitKey, index: number): string {
  return join(videoDir(home, videoId), 'preview-crops', `${key}-${index}.jpg`);
}

/** What a finished pass leaves in `<video dir>/preview.json`. */
export type StoredPreview =
  | { state: 'ready'; stage: 'preview' | 'final'; ready_at: string; crops_status: 'pending' | 'ready' | 'unavailable'; teams: StoredTeam[] }
  | { state: 'unavailable'; ready_at: string; reason: string };

/**
 * Runs the preview pass of a video at most once at a time (PRV-10: repeat calls do not queue more work)
 * and keeps its answer beside the video's files, so it survives restarts. The pass is light (six
 * frames decoded by ffmpeg, a few hundred milliseconds of colour work), so it runs in the derive worker
 * (a thread the service keeps) rather than an engine process of its own; the source is the user's
 * file, or the URL itself, which ffmpeg reads by range requests while the download runs (PRV-06); when
 * that fails (no range support) it waits for the downloaded copy (PRV-07).
 */
export class PreviewRunner {
  private readonly running = new Map<number, Promise<void>>();

  constructor(private readonly home: string, private readonly videos: VideosRepo, private readonly derive: DeriveClient) {}

  private file(id: number): string {
    return join(videoDir(this.home, id), 'preview.json');
  }

  stored(id: number): StoredPreview | null {
    const f = this.file(id);
    if (!existsSync(f)) return null;
    try {
      return JSON.parse(readFileSync(f, 'utf8')) as StoredPreview;
    } catch {
      return null;
    }
  }

  /**
   * Starts the pass unless it has an answer or is running; resolves when it ends (never rejects). An
   * answer still waiting for its crops with no pass running in this process was cut short by a crash
   * between the swatches and the crops: its pass runs again (the final stage's, for a final answer, so
   * the keys stay as they were), or the crops would stay pending for ever.
   */
  start(video: VideoRow): Promise<void> {
    const existing = this.running.get(video.id);
    if (existing) return existing;
    const stored = this.stored(video.id);
    if (stored?.state === 'ready' && stored.crops_status === 'pending' && video.source_kind !== 'none') {
      if (stored.stage === 'final') return this.finalStage(video);
    } else if (video.source_kind === 'none' || stored) {
      return Promise.resolve();
    }
    const run = this.run(video).finally(() => this.running.delete(video.id));
    this.running.set(video.id, run);
    return run;
  }

  /**
   * Waits for a running or startable pass, at most `ms` (the analysis's bounded `waiting_for_meta`
   * hold); then the kits it found, or null (none found, none could run, or the hold ran out).
   */
  async kitsFor(video: VideoRow, ms: number): Promise<Record<KitKey, KitColours> | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.start(video), new Promise((resolve) => { timer = setTimeout(resolve, ms); })]);
    clearTimeout(timer);
    return storedKits(this.stored(video.id));
  }

  /**
   * The `final` stage (spec 2.3, PRV-09): after an analysis, the pass runs again on the processed copy
   * with more frames (spread over the whole video), and its answer replaces the preview's. Each kit keeps
   * the key of the earlier kit it looks like, so a confirmed key (and the analysis's kit_keys, matched to
   * the same earlier kits) still name the same shirts. Resolves when done; never rejects. A pass already
   * running for the video is waited for first.
   */
  async finalStage(video: VideoRow): Promise<void> {
    await this.running.get(video.id);
    const run = (async () => {
      try {
        const path = sourcePath(this.home, video);
        const probe = await probeVideo(path);
        const result = await this.derive.call({ op: 'preview', path, durationSeconds: probe.duration_seconds, frames: FINAL_FRAMES, source: shownSize(probe), earlier: storedKits(this.stored(video.id)) });
        if (result && this.videos.get(video.id)) this.publish(video.id, result, 'final');
      } catch {
        // The preview keeps its earlier answer: the final stage refines, it never takes an answer away.
        // Only crops it left pending (a crashed earlier try) are given up on, so nobody waits for them.
        const stored = this.stored(video.id);
        if (stored?.state === 'ready' && stored.crops_status === 'pending' && this.videos.get(video.id)) this.write(video.id, { ...stored, crops_status: 'unavailable' });
      }
    })();
    this.running.set(video.id, run);
    await run.finally(() => this.running.delete(video.id));
  }

  /** Swatches first (PRV-08), then the crops, then the answer that says they are in. */
  private publish(id: number, result: PreviewPassResult, stage: 'preview' | 'final'): void {
    const any = result.teams.some((t) => t.crops.length > 0);
    const answer: StoredPreview = {
      state: 'ready', stage, ready_at: new Date().toISOString(), crops_status: any ? 'pending' : 'unavailable',
      teams: result.teams.map(({ key, swatch, colours }) => ({ key, swatch, colours })),
    };
    this.write(id, answer);
    if (!any) return;
    for (const team of result.teams) {
      team.crops.forEach((jpeg, i) => {
        const file = cropFile(this.home, id, team.key, i);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(`${file}.tmp`, jpeg);
        renameSync(`${file}.tmp`, file);
      });
    }
    this.write(id, { ...answer, crops_status: 'ready', teams: answer.teams.map((t, i) => ({ ...t, crops: result.teams[i]?.crops.length ?? 0 })) });
  }

  private write(id: number, answer: StoredPreview): void {
    mkdirSync(videoDir(this.home, id), { recursive: true });
    const tmp = `${this.file(id)}.tmp`;
    writeFileSync(tmp, JSON.stringify(answer));
    renameSync(tmp, this.file(id));
  }

  private async run(video: VideoRow): Promise<void> {
    let result: PreviewPassResult | null;
    try {
      // A video already downloaded (one from before the pass existed, PRV-10) is read from the stored copy.
      const stored = video.source_kind === 'http' && video.status === 'available';
      const first = stored ? UNREADABLE : await this.passOnSource(video);
      result = first === UNREADABLE ? await this.passOnDownload(video.id) : first;
    } catch (err) {
      this.settle(video.id, { state: 'unavailable', ready_at: new Date().toISOString(), reason: `the preview could not read the video: ${(err as Error).message.split('\n')[0]}` });
      return;
    }
    if (!result) {
      this.settle(video.id, { state: 'unavailable', ready_at: new Date().toISOString(), reason: 'no two team kits could be found in the video (is it match footage from a game camera?)' });
      return;
    }
    try {
      if (this.videos.get(video.id)) this.publish(video.id, result, 'preview');
    } catch {
      // The service closed while the pass ran (or the video went): the next start runs it again.
    }
  }

  private settle(id: number, answer: StoredPreview): void {
    try {
      if (this.videos.get(id)) this.write(id, answer);
    } catch {
      // As above: nothing written, the next start runs the pass again.
    }
  }

  /** The pass on the user's file or straight on the URL; null when the URL cannot be read that way. */
  private async passOnSource(video: VideoRow) {
    const path = video.source_kind === 'local' ? (video.local_path as string) : (video.source_url as string);
    // A server that stalls must not hold the pass: past this, wait for the download instead.
    const t0 = Date.now();
    try {
      const probe = await probeVideo(path, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
      const timeoutMs = Math.max(1, SOURCE_TIMEOUT_MS - (Date.now() - t0));
      return await this.derive.call({ op: 'preview', path, durationSeconds: video.duration_seconds ?? probe.duration_seconds, source: shownSize(probe), timeoutMs });
    } catch (err) {
      if (video.source_kind === 'local') throw err;
      return UNREADABLE;
    }
  }

  /** Waits for the downloaded, validated copy (a source without range support), then runs on it. */
  private async passOnDownload(id: number) {
    for (;;) {
      const v = this.videos.get(id);
      if (!v || v.status === 'error') throw new Error(v ? `the video failed: ${v.status_reason ?? 'error'}` : 'the video was deleted');
      if (v.status === 'available' && v.duration_seconds !== null) {
        const path = sourcePath(this.home, v);
        return this.derive.call({ op: 'preview', path, durationSeconds: v.duration_seconds, source: shownSize(await probeVideo(path)) });
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** The two kits of a ready answer, when it kept their colours (answers from before it did: null). */
function storedKits(stored: StoredPreview | null): Record<KitKey, KitColours> | null {
  if (stored?.state !== 'ready') return null;
  const a = stored.teams.find((t) => t.key === 'team_a')?.colours;
  const b = stored.teams.find((t) => t.key === 'team_b')?.colours;
  return a && b ? { team_a: a, team_b: b } : null;
}
