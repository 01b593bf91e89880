import type { Db } from './db.js';
import { nowIso } from './db.js';

export const ANALYSIS_STATUSES = [
  'init', 'waiting_for_video', 'waiting_for_meta', 'running', 'done', 'error', 'ignored', 'no_match_detected', 'needs_attention',
] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];
/** Statuses from which an analysis never moves again. */
export const FINAL_STATUSES: readonly AnalysisStatus[] = ['done', 'error', 'ignored', 'no_match_detected', 'needs_attention'];

export interface AnalysisRow {
  id: number;
  video_id: number;
  status: AnalysisStatus;
  status_reason: string | null;
  created_at: string;
  finished_at: string | null;
  engine_source: 'video' | 'import';
  import_spec: string | null;
  fps: number;
  algorithm_version: string;
  aggregate_version: string | null;
  data_version: number | null;
  progress: number;
  results_available: number;
  started_at: string | null;
  meta_wait_until: string | null;
  quality_json: string | null;
  /** The run's learned models and execution provider (video runs), JSON. */
  runtime_json: string | null;
  /** While running: the engine's current stage, and its frame loop's count (video runs). */
  progress_stage: string | null;
  frames_done: number | null;
  frames_total: number | null;
  /** 1: an unreliable run stops at needs_attention, its results held for review (docs/api.md). */
  review: number;
}

export interface NewAnalysis {
  videoId: number;
  fps: number;
  review?: boolean;
  algorithmVersion: string;
  engineSource: 'video' | 'import';
  importSpec: unknown;
}

export class AnalysesRepo {
  private readonly byId;

  constructor(private readonly db: Db) {
    this.byId = db.prepare('SELECT * FROM analyses WHERE id = ?');
  }

  insert(a: NewAnalysis): AnalysisRow {
    const info = this.db.prepare(`INSERT INTO analyses (video_id, status, created_at, fps, algorithm_version, engine_source, import_spec, review)
      VALUES (?, 'init', ?, ?, ?, ?, ?, ?)`)
      .run(a.videoId, nowIso(), a.fps, a.algorithmVersion, a.engineSource, a.importSpec === undefined ? null : JSON.stringify(a.importSpec), a.review ? 1 : 0);
    return this.get(Number(info.lastInsertRowid)) as AnalysisRow;
  }

  get(id: number): AnalysisRow | undefined {
    return this.byId.get(id) as AnalysisRow | undefined;
  }

  ofVideo(videoId: number): AnalysisRow[] {
    return this.db.prepare('SELECT * FROM analyses WHERE video_id = ? ORDER BY id').all(videoId) as AnalysisRow[];
  }

  inStatus(statuses: readonly AnalysisStatus[]): AnalysisRow[] {
    return this.db.prepare(`SELECT * FROM analyses WHERE status IN (${statuses.map(() => '?').join(',')}) ORDER BY id`)
      .all(...statuses) as AnalysisRow[];
  }

  /** The newest done analysis of a video: the one whose reading labels the video (team_zero). */
  latestDone(videoId: number): AnalysisRow | undefined {
    return this.db.prepare("SELECT * FROM analyses WHERE video_id = ? AND status = 'done' ORDER BY finished_at DESC, id DESC LIMIT 1")
      .get(videoId) as AnalysisRow | undefined;
  }

  /**
   * Moves an analysis between non-final statuses. A final status is never left: a late progress
   * report from a cancelled run cannot resurrect it. Returns whether the row changed.
   */
  setStatus(id: number, status: AnalysisStatus, reason: string | null = null, extra: { metaWaitUntil?: string | null } = {}): boolean {
    const final = FINAL_STATUSES.map((s) => `'${s}'`).join(',');
    const info = this.db.prepare(`UPDATE analyses SET status = ?, status_reason = ?,
        started_at = CASE WHEN ? = 'running' AND started_at IS NULL THEN ? ELSE started_at END,
        meta_wait_until = COALESCE(?, meta_wait_until)
      WHERE id = ? AND status NOT IN (${final})`)
      .run(status, reason, status, nowIso(), extra.metaWaitUntil ?? null, id);
    return info.changes > 0;
  }

  /** A run (re)starts from nothing: a restarted run must not show the frame count of the one before. */
  startProgress(id: number): void {
    this.db.prepare("UPDATE analyses SET progress = 0, progress_stage = 'starting', frames_done = NULL, frames_total = NULL WHERE id = ? AND status = 'running'")
      .run(id);
  }

  setProgress(id: number, progress: number, detail: { stage?: string; frames?: { done: number; total: number } } = {}): void {
    this.db.prepare(`UPDATE analyses SET progress = ?, progress_stage = COALESCE(?, progress_stage),
        frames_done = COALESCE(?, frames_done), frames_total = COALESCE(?, frames_total) WHERE id = ? AND status = 'running'`)
      .run(Math.max(0, Math.min(100, progress)), detail.stage ?? null, detail.frames?.done ?? null, detail.frames?.total ?? null, id);
  }

  /** Runs `fn` in one transaction of this store (writes of other repositories on it included). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** Results held for review are approved: needs_attention becomes done. False when it was not held. */
  approve(id: number): boolean {
    return this.db.prepare(`UPDATE analyses SET status = 'done', status_reason = NULL, finished_at = ?
      WHERE id = ? AND status = 'needs_attention' AND results_available = 1`).run(nowIso(), id).changes > 0;
  }

  /**
   * Ends a run: done with results (or, with `heldForReview`, needs_attention with its results and that
   * reason), or a final failure status with its reason.
   */
  finish(id: number, outcome: { status: 'done'; aggregateVersion: string; dataVersion: number; qualityJson: string | null; runtimeJson?: string | null; heldForReview?: string }
    | { status: Exclude<AnalysisStatus, 'done' | 'init' | 'running' | 'waiting_for_video' | 'waiting_for_meta'>; reason: string }): boolean {
    const final = FINAL_STATUSES.map((s) => `'${s}'`).join(',');
    if (outcome.status === 'done') {
      const held = outcome.heldForReview ?? null;
      return this.db.prepare(`UPDATE analyses SET status = ?, status_reason = ?, progress = 100, results_available = 1,
          finished_at = ?, aggregate_version = ?, data_version = ?, quality_json = ?, runtime_json = ? WHERE id = ? AND status NOT IN (${final})`)
        .run(held === null ? 'done' : 'needs_attention', held, held === null ? nowIso() : null, outcome.aggregateVersion, outcome.dataVersion,
          outcome.qualityJson, outcome.runtimeJson ?? null, id).changes > 0;
    }
    // finished_at stays null: the spec keeps it for analyses that are done.
    return this.db.prepare(`UPDATE analyses SET status = ?, status_reason = ? WHERE id = ? AND status NOT IN (${final})`)
      .run(outcome.status, outcome.reason, id).changes > 0;
  }
}
