import type { Processor } from '../store/settings-repo.js';
import { join } from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import type { ServiceConfig } from '../config.js';
import type { AnalysesRepo, AnalysisRow } from '../store/analyses-repo.js';
import { FINAL_STATUSES } from '../store/analyses-repo.js';
import type { VideosRepo, VideoRow } from '../store/videos-repo.js';
import type { JobsRepo, JobRow } from '../store/jobs-repo.js';
import { describeWindow, windowSeconds } from './analysis-window.js';
import type { JobHandler, JobQueue } from './job-queue.js';
import { analysisDir, sourcePath } from '../store/paths.js';
import { shownSize, storedProbe, type StoredProbe } from '../store/stored-probe.js';
import { EngineRunError, type EngineHost } from './engine-host.js';
import type { EngineRunSpec, ImportSource, VideoSource, AnalysisFacts, KitColours, KitKey } from '../../../engine/api.js';
import { composeTeamMapping } from '../results/team-identity.js';
import type { PreviewRunner } from '../preview/preview-runner.js';

export const ANALYSIS_JOB = 'analysis';

/**
 * The onnxruntime provider for a processor setting: the platform's GPU provider (CoreML on macOS,
 * DirectML on Windows, CUDA elsewhere; the engine falls back to the CPU where it cannot load), or none
 * (the engine's default: TOUCHLINE_EXECUTION_PROVIDER, else the CPU).
 */
export function gpuProvider(processor: Processor, platform: NodeJS.Platform = process.platform): VideoSource['executionProvider'] {
  if (processor === 'cpu') return undefined;
  return platform === 'darwin' ? 'coreml' : platform === 'win32' ? 'dml' : 'cuda';
}

export interface AnalysisRunnerDeps {
  config: ServiceConfig;
  analyses: AnalysesRepo;
  videos: VideosRepo;
  jobsRepo: JobsRepo;
  host: EngineHost;
  /** The kit preview: an analysis holds for it (waiting_for_meta), and its final stage follows the run. */
  preview: Pick<PreviewRunner, 'kitsFor' | 'finalStage'>;
  /** Where the engine runs its networks (the app's settings); read when each run starts. */
  processor?: () => Processor;
  /** Told of every analysis that reached a final status (webhooks listen here). */
  onFinished?: (analysis: AnalysisRow) => void;
}

/**
 * Moves analyses through their lifecycle (spec 3): init -> waiting_for_video -> (waiting_for_meta) ->
 * running -> done, or error / ignored / no_match_detected with a reason. Work happens in analysis
 * jobs on a persistent queue, so queued and interrupted analyses survive restarts.
 */
export class AnalysisRunner {
  private queue: JobQueue | null = null;

  constructor(private readonly deps: AnalysisRunnerDeps) {}

  attach(queue: JobQueue): void {
    this.queue = queue;
  }

  /** Queues the analysis's work (a new analysis, or one whose video just became ready). */
  schedule(analysis: AnalysisRow): void {
    if (this.deps.jobsRepo.activeForAnalysis(analysis.id).length > 0) return;
    this.queue?.enqueue(ANALYSIS_JOB, analysis.video_id, analysis.id);
  }

  /** The video's ingest ended (available or error): parked analyses proceed or fail. */
  videoSettled(videoId: number): void {
    for (const a of this.deps.analyses.ofVideo(videoId)) {
      if (a.status === 'waiting_for_video' || a.status === 'init') this.schedule(a);
    }
  }

  /**
   * At start: every unfinished analysis must have its job. A `running` one whose job the queue put
   * back (the process died mid-run) shows `init` again until its run restarts from the beginning.
   */
  recover(): void {
    const open = this.deps.analyses.inStatus(['init', 'waiting_for_video', 'waiting_for_meta', 'running']);
    for (const a of open) {
      const jobs = this.deps.jobsRepo.activeForAnalysis(a.id);
      if (a.status === 'running' && jobs.every((j) => j.state === 'queued')) {
        this.deps.analyses.setStatus(a.id, 'init', 'interrupted by a restart; running again');
      }
      if (jobs.length === 0) this.schedule(a);
    }
  }

  /**
   * Stops a queued or running analysis for good: it ends in `error` with the reason `cancelled`, its
   * engine process is stopped and its result folder (half-written or not) removed. A queued job that is claimed
   * later finds the analysis final and does nothing. False when the analysis had already ended.
   */
  async cancel(id: number): Promise<boolean> {
    const analysis = this.deps.analyses.get(id);
    if (!analysis) return false;
    // Final first, so a progress report racing the abort cannot write into it (setProgress needs running).
    if (!this.end(id, { status: 'error', reason: 'cancelled by the user' })) return false;
    await this.queue?.cancelForAnalysis(id);
    const dir = analysisDir(this.deps.config.home, analysis.video_id, id);
    await Promise.all([rm(`${dir}.partial`, { recursive: true, force: true }), rm(dir, { recursive: true, force: true })]);
    return true;
  }

  /** Approves results held for review (needs_attention to done), telling the listeners as any end does. */
  approve(id: number): boolean {
    const { analyses } = this.deps;
    return analyses.transaction(() => {
      if (!analyses.approve(id)) return false;
      const row = analyses.get(id);
      if (row) this.deps.onFinished?.(row);
      return true;
    });
  }

  handler(): JobHandler {
    return {
      run: (job, signal) => this.run(job, signal),
      onFailed: (job, reason) => {
        if (job.analysis_id === null) return;
        this.end(job.analysis_id, { status: 'error', reason });
      },
    };
  }

  /**
   * Ends the analysis with this outcome and tells the listeners (which queue its webhooks), in one
   * transaction with `alongside`'s writes: a crash between them would lose a webhook or leave the video
   * saying what the analysis does not. False when it had already ended.
   */
  private end(id: number, outcome: Parameters<AnalysesRepo['finish']>[1], alongside?: () => void): boolean {
    const { analyses } = this.deps;
    return analyses.transaction(() => {
      if (!analyses.finish(id, outcome)) return false;
      alongside?.();
      const row = analyses.get(id);
      if (row) this.deps.onFinished?.(row);
      return true;
    });
  }

  private async run(job: JobRow, signal: AbortSignal): Promise<void> {
    const { analyses, videos, config } = this.deps;
    const analysis = job.analysis_id === null ? undefined : analyses.get(job.analysis_id);
    if (!analysis || FINAL_STATUSES.includes(analysis.status)) return;
    const video = videos.get(analysis.video_id);
    if (!video) return;

    if (analysis.engine_source === 'video') {
      if (video.status === 'error') {
        this.end(analysis.id, { status: 'error', reason: `the video could not be prepared: ${video.status_reason ?? 'unknown reason'}` });
        return;
      }
      if (video.status === 'no_match_detected') {
        this.end(analysis.id, { status: 'no_match_detected', reason: 'no football match was detected in the video' });
        return;
      }
      if (video.status !== 'available') {
        analyses.setStatus(analysis.id, 'waiting_for_video');
        return; // videoSettled() queues it again
      }
      const minimum = config.minAnalysisSeconds;
      const seconds = windowSeconds(video, video.duration_seconds ?? 0);
      if (seconds < minimum) {
        this.end(analysis.id, {
          status: 'ignored',
          reason: `an analysis needs at least ${minimum / 60} minutes; ${describeWindow(video, seconds)}`,
        });
        return;
      }
    }

    // Spec 3: a bounded automatic hold while the kit pass finishes, so the run can say which preview kit
    // each squad wore (the team mapping's confirmed_kit source needs it).
    let previewKits: Record<KitKey, KitColours> | null = null;
    if (analysis.engine_source === 'video') {
      analyses.setStatus(analysis.id, 'waiting_for_meta');
      previewKits = await this.deps.preview.kitsFor(video, config.metaWaitSeconds * 1000);
      if (signal.aborted) return;
    }

    analyses.setStatus(analysis.id, 'running');
    analyses.startProgress(analysis.id);
    let lastWrite = 0;
    try {
      const facts = await this.deps.host.run(this.spec(analysis, video, previewKits), {
        signal,
        onProgress: (progress, stage, frames) => {
          const now = Date.now();
          if (now - lastWrite < 250 && progress < 100) return;
          lastWrite = now;
          analyses.setProgress(analysis.id, Math.min(99, progress), frames ? { stage, frames } : { stage });
        },
      });
      this.complete(analysis, facts);
    } catch (error) {
      if (error instanceof EngineRunError) {
        // No football in the window analysed (VID-15): the video says so, and later analyses of it end at
        // once. A PUT of other offsets describes another window and makes it available again.
        const marksVideo = error.status === 'no_match_detected' && analysis.engine_source === 'video';
        this.end(analysis.id, { status: error.status, reason: error.message }, marksVideo ? () => videos.setStatus(video.id, 'no_match_detected', error.message) : undefined);
        return;
      }
      throw error;
    }
  }

  private spec(analysis: AnalysisRow, video: VideoRow, previewKits: Record<KitKey, KitColours> | null): EngineRunSpec {
    const outDir = analysisDir(this.deps.config.home, video.id, analysis.id);
    if (analysis.engine_source === 'import') {
      const source = JSON.parse(analysis.import_spec as string) as ImportSource;
      // Attached to a video with a file that is ready: crops are cut from it (spec 2.5).
      const probe = video.source_kind !== 'none' && video.status === 'available' ? storedProbe(video) : null;
      if (probe) source.video = { path: sourcePath(this.deps.config.home, video), ...shownSize(probe) };
      return { analysisId: analysis.id, outDir, source };
    }
    const probe = storedProbe(video) as StoredProbe;
    const shown = shownSize(probe);
    return {
      analysisId: analysis.id,
      outDir,
      source: {
        kind: 'video', path: sourcePath(this.deps.config.home, video), fps: analysis.fps,
        startOffsetSeconds: video.start_offset_seconds, endOffsetSeconds: video.end_offset_seconds,
        width: probe.analysis.width, height: probe.analysis.height,
        sourceWidth: shown.width,
        sourceHeight: shown.height,
        previewKits,
        executionProvider: gpuProvider(this.deps.processor?.() ?? 'cpu'),
      },
    };
  }

  private complete(analysis: AnalysisRow, facts: AnalysisFacts): void {
    const { videos } = this.deps;
    const video = videos.get(analysis.video_id);
    if (!video) return;
    // The video's side: team_0 started left, so its resolved role is the left-starting team (VID-10).
    const mapping = composeTeamMapping(video, facts);
    const held = analysis.review === 1 && facts.quality?.grade === 'unreliable'
      ? `held for review: the quality grade is unreliable (${facts.quality.reasons.map((r) => r.code).join(', ') || 'no reason given'}); read and correct the results, then POST /v1/analyses/${analysis.id}/review`
      : undefined;
    this.end(analysis.id, {
      status: 'done',
      ...(held ? { heldForReview: held } : {}),
      aggregateVersion: facts.engine_version,
      dataVersion: facts.data_version,
      qualityJson: facts.quality ? JSON.stringify(facts.quality) : null,
      runtimeJson: facts.runtime ? JSON.stringify(facts.runtime) : null,
    }, () => {
      if (video.left_start_team_set_by !== 'client' && mapping.team_0.role) {
        videos.writeServiceSide(video.id, mapping.team_0.role, mapping.team_0.role);
      }
      if (video.source_kind === 'none' && video.duration_seconds === null) {
        videos.setDuration(video.id, facts.duration_ms / 1000);
      }
    });
    if (video.source_kind !== 'none') void this.deps.preview.finalStage(video);
  }
}

/** Reads an analysis's facts file (written by the engine at the end of a run). */
export async function readFacts(dir: string): Promise<AnalysisFacts> {
  return JSON.parse(await readFile(join(dir, 'analysis.json'), 'utf8')) as AnalysisFacts;
}
