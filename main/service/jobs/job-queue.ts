import type { JobRow, JobsRepo } from '../store/jobs-repo.js';

export interface JobHandler {
  run(job: JobRow, signal: AbortSignal): Promise<void>;
  /** Called when a job fails for good (its own error, or too many interruptions): record why. */
  onFailed(job: JobRow, reason: string): void;
}

interface Running {
  job: JobRow;
  controller: AbortController;
  done: Promise<void>;
  /** Why it was aborted: 'cancel' drops the job, 'shutdown' leaves it queued for the next start. */
  abortKind?: 'cancel' | 'shutdown';
}

/**
 * A persistent queue over the `jobs` table. A job marked running when the process died is put back
 * in the queue at the next start (its handler resumes the work), until it has been interrupted
 * `maxAttempts` times; then it fails with a reason instead of looping forever.
 */
export class JobQueue {
  private readonly running = new Map<number, Running>();
  private started = false;
  private stopping = false;

  constructor(
    private readonly repo: JobsRepo,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: { concurrency: number; maxAttempts: number; log?: (msg: string, extra?: object) => void },
  ) {}

  start(): void {
    for (const job of this.repo.inState('running')) {
      const handler = this.handlers[job.kind];
      if (!handler) continue;
      if (job.attempts >= this.options.maxAttempts) {
        const reason = `interrupted ${job.attempts} times (service stopped or crashed while working); giving up`;
        this.repo.finish(job.id, 'failed', reason);
        handler.onFailed(job, reason);
      } else {
        this.repo.finish(job.id, 'queued', 'interrupted; resuming');
      }
    }
    this.started = true;
    this.pump();
  }

  enqueue(kind: string, videoId: number | null, analysisId: number | null = null): JobRow {
    const job = this.repo.enqueue(kind, videoId, analysisId);
    this.pump();
    return job;
  }

  /** Aborts and drops every job of a video (it is being deleted); resolves once they have stopped. */
  cancelForVideo(videoId: number): Promise<void> {
    return this.cancelWhere((job) => job.video_id === videoId, 'video deleted');
  }

  /** Aborts and drops the running jobs of one analysis (cancelled by its user); resolves once they have stopped. */
  cancelForAnalysis(analysisId: number): Promise<void> {
    return this.cancelWhere((job) => job.analysis_id === analysisId, 'analysis cancelled');
  }

  private async cancelWhere(match: (job: JobRow) => boolean, why: string): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const r of this.running.values()) {
      if (match(r.job)) {
        r.abortKind = 'cancel';
        r.controller.abort(new Error(why));
        waits.push(r.done);
      }
    }
    await Promise.all(waits);
  }

  /** Stops taking work and aborts running jobs; they stay queued and resume at the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    const waits = [...this.running.values()].map((r) => {
      r.abortKind = 'shutdown';
      r.controller.abort(new Error('service stopping'));
      return r.done;
    });
    await Promise.all(waits);
  }

  private pump(): void {
    if (!this.started || this.stopping) return;
    while (this.running.size < this.options.concurrency) {
      const job = this.repo.claim(Object.keys(this.handlers), [...this.running.keys()]);
      if (!job) return;
      this.launch(job);
    }
  }

  private launch(job: JobRow): void {
    const handler = this.handlers[job.kind] as JobHandler;
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        await handler.run(job, controller.signal);
        this.repo.finish(job.id, 'done');
      } catch (error) {
        if (entry.abortKind === 'shutdown') {
          this.repo.finish(job.id, 'queued', 'interrupted by shutdown; resuming');
        } else if (entry.abortKind === 'cancel') {
          this.repo.finish(job.id, 'failed', 'cancelled');
        } else {
          const reason = error instanceof Error ? error.message : String(error);
          this.options.log?.('job failed', { job: job.id, kind: job.kind, reason });
          this.repo.finish(job.id, 'failed', reason);
          handler.onFailed(job, reason);
        }
      } finally {
        this.running.delete(job.id);
        setImmediate(() => this.pump());
      }
    })();
    this.running.set(job.id, entry);
  }
}
