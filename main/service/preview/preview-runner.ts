import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { previewPass } from '../../../engine/video/preview-pass.js';
import { probeVideo } from '../../../engine/io/probe.js';
import type { KitColours, Swatch } from '../../../engine/vision/teams/preview-kits.js';
import type { VideosRepo, VideoRow } from '../store/videos-repo.js';
import { sourcePath, videoDir } from '../jobs/ingest.js';

const UNREADABLE = Symbol('unreadable');
const SOURCE_TIMEOUT_MS = 30_000;

/** What a finished pass leaves in `<video dir>/preview.json`. */
export type StoredPreview =
  | { state: 'ready'; stage: 'preview' | 'final'; ready_at: string; crops_status: 'pending' | 'ready' | 'unavailable'; teams: { key: 'team_a' | 'team_b'; swatch: Swatch; colours?: KitColours }[] }
  | { state: 'unavailable'; ready_at: string; reason: string };

/**
 * Runs the preview pass of a video at most once at a time (PRV-10: repeat calls do not queue more work)
 * and keeps its answer beside the video's files, so it survives restarts. The pass is light (six
 * frames decoded by ffmpeg, a few hundred milliseconds of colour work), so it runs in the service
 * process rather than the engine's; the source is the user's file, or the URL itself, which ffmpeg
 * reads by range requests while the download runs (PRV-06); when that fails (no range support) it
 * waits for the downloaded copy (PRV-07).
 */
export class PreviewRunner {
  private readonly running = new Map<number, Promise<void>>();

  constructor(private readonly home: string, private readonly videos: VideosRepo) {}

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

  isRunning(id: number): boolean {
    return this.running.has(id);
  }

  /** Starts the pass unless it has an answer or is running; resolves when it ends (never rejects). */
  start(video: VideoRow): Promise<void> {
    const existing = this.running.get(video.id);
    if (existing) return existing;
    if (video.source_kind === 'none' || this.stored(video.id)) return Promise.resolve();
    const run = this.run(video).finally(() => this.running.delete(video.id));
    this.running.set(video.id, run);
    return run;
  }

  private async run(video: VideoRow): Promise<void> {
    let answer: StoredPreview;
    try {
      const first = await this.passOnSource(video);
      const result = first === UNREADABLE ? await this.passOnDownload(video.id) : first;
      answer = result
        ? { state: 'ready', stage: 'preview', ready_at: new Date().toISOString(), crops_status: 'unavailable', teams: result.teams.map(({ key, swatch, colours }) => ({ key, swatch, colours })) }
        : { state: 'unavailable', ready_at: new Date().toISOString(), reason: 'no two team kits could be found in the video (is it match footage from a game camera?)' };
    } catch (err) {
      answer = { state: 'unavailable', ready_at: new Date().toISOString(), reason: `the preview could not read the video: ${(err as Error).message.split('\n')[0]}` };
    }
    try {
      if (!this.videos.get(video.id)) return; // deleted meanwhile
      mkdirSync(videoDir(this.home, video.id), { recursive: true });
      const tmp = `${this.file(video.id)}.tmp`;
      writeFileSync(tmp, JSON.stringify(answer));
      renameSync(tmp, this.file(video.id));
    } catch {
      // The service closed while the pass ran: the next start runs it again.
    }
  }

  /** The pass on the user's file or straight on the URL; null when the URL cannot be read that way. */
  private async passOnSource(video: VideoRow) {
    const path = video.source_kind === 'local' ? (video.local_path as string) : (video.source_url as string);
    // A server that stalls must not hold the pass: past this, wait for the download instead.
    const signal = AbortSignal.timeout(SOURCE_TIMEOUT_MS);
    try {
      const duration = video.duration_seconds ?? (await probeVideo(path, { signal })).duration_seconds;
      return await previewPass(path, duration, { signal });
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
        return previewPass(sourcePath(this.home, v), v.duration_seconds);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
