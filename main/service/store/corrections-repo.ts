import type { Db } from './db.js';
import { effectiveLog, type EffectiveLog, type LogAction, type LogEntry } from '../../../engine/api.js';

/**
 * Each analysis's correction log (append-only) and what is in force after its undos and redos, kept in
 * memory per analysis until the next entry: every result read asks for it.
 */
export class CorrectionsRepo {
  private readonly effective = new Map<number, EffectiveLog>();

  constructor(private readonly db: Db) {}

  entries(analysisId: number): LogEntry[] {
    const rows = this.db.prepare('SELECT seq, action, key_id, created_at FROM corrections WHERE analysis_id = ? ORDER BY seq')
      .all(analysisId) as { seq: number; action: string; key_id: string | null; created_at: string }[];
    return rows.map((r) => ({ seq: r.seq, action: JSON.parse(r.action) as LogAction, key_id: r.key_id, created_at: r.created_at }));
  }

  inForce(analysisId: number): EffectiveLog {
    let e = this.effective.get(analysisId);
    if (!e) {
      e = effectiveLog(this.entries(analysisId));
      this.effective.set(analysisId, e);
    }
    return e;
  }

  /**
   * Appends an entry if the log is still at `baseVersion` (a client correcting what it saw, not what
   * someone else changed since); returns the new entry, or null when the log has moved on.
   */
  append(analysisId: number, baseVersion: number, action: LogAction, keyId: string | null): LogEntry | null {
    const entry = this.db.transaction((): LogEntry | null => {
      const last = (this.db.prepare('SELECT MAX(seq) AS seq FROM corrections WHERE analysis_id = ?').get(analysisId) as { seq: number | null }).seq ?? 0;
      if (last !== baseVersion) return null;
      const e: LogEntry = { seq: last + 1, action, key_id: keyId, created_at: new Date().toISOString() };
      this.db.prepare('INSERT INTO corrections (analysis_id, seq, action, key_id, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(analysisId, e.seq, JSON.stringify(action), keyId, e.created_at);
      return e;
    })();
    this.effective.delete(analysisId);
    return entry;
  }

  /** Forgets what it keeps of deleted analyses (their rows go with them). */
  forget(analysisIds: readonly number[]): void {
    for (const id of analysisIds) this.effective.delete(id);
  }
}
