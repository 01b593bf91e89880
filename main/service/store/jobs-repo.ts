import type { Db } from './db.js';
import { nowIso } from './db.js';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: number;
  kind: string;
  video_id: number | null;
  analysis_id: number | null;
  state: JobState;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export class JobsRepo {
  constructor(private readonly db: Db) {}

  enqueue(kind: string, videoId: number | null, analysisId: number | null = null): JobRow {
    const now = nowIso();
    const info = this.db.prepare("INSERT INTO jobs (kind, video_id, analysis_id, state, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?)")
      .run(kind, videoId, analysisId, now, now);
    return this.get(Number(info.lastInsertRowid)) as JobRow;
  }

  get(id: number): JobRow | undefined {
    return this.db.prepare('SELECT * FROM jobs WHERE id = ?').get(id) as JobRow | undefined;
  }

  /** Takes the oldest queued job of the given kinds, marking it running (one statement: no double claim). */
  claim(kinds: readonly string[], exclude: readonly number[]): JobRow | undefined {
    if (kinds.length === 0) return undefined;
    const skip = exclude.length ? `AND id NOT IN (${exclude.map(() => '?').join(',')})` : '';
    return this.db.prepare(`UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = ?
      WHERE id = (SELECT id FROM jobs WHERE state = 'queued' AND kind IN (${kinds.map(() => '?').join(',')}) ${skip} ORDER BY id LIMIT 1)
      RETURNING *`).get(nowIso(), ...kinds, ...exclude) as JobRow | undefined;
  }

  finish(id: number, state: 'done' | 'failed' | 'queued', error: string | null = null): void {
    this.db.prepare('UPDATE jobs SET state = ?, last_error = ?, updated_at = ? WHERE id = ?').run(state, error, nowIso(), id);
  }

  inState(state: JobState): JobRow[] {
    return this.db.prepare('SELECT * FROM jobs WHERE state = ? ORDER BY id').all(state) as JobRow[];
  }

  activeForAnalysis(analysisId: number): JobRow[] {
    return this.db.prepare("SELECT * FROM jobs WHERE analysis_id = ? AND state IN ('queued','running') ORDER BY id").all(analysisId) as JobRow[];
  }

  activeForVideo(videoId: number, kind: string): JobRow[] {
    return this.db.prepare("SELECT * FROM jobs WHERE video_id = ? AND kind = ? AND state IN ('queued','running') ORDER BY id")
      .all(videoId, kind) as JobRow[];
  }
}
