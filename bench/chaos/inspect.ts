import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface StoreVideo { id: number; status: string; status_reason: string | null; source_kind: string; source_url: string | null; local_path: string | null }
export interface StoreAnalysis { id: number; video_id: number; status: string; status_reason: string | null; engine_source: string; results_available: number }
export interface StoreJob { id: number; kind: string; video_id: number | null; analysis_id: number | null; state: string; attempts: number; last_error: string | null }
export interface StoreDelivery { id: number; webhook_id: number; event: string; analysis_id: number | null; state: string; attempts: number; last_error: string | null }

/** The rows the checks look at, and SQLite's own verdict on the file. */
export interface StoreSnapshot {
  videos: StoreVideo[];
  analyses: StoreAnalysis[];
  jobs: StoreJob[];
  deliveries: StoreDelivery[];
  /** `PRAGMA integrity_check`: ['ok'] when the file is sound. */
  integrity: string[];
  /** `PRAGMA foreign_key_check`: rows pointing at rows that are gone. */
  foreignKeyViolations: number;
}

export function dbPath(home: string): string {
  return join(home, 'touchline.db');
}

/**
 * Reads the store through a read-only connection of our own, beside the running service (WAL lets a
 * reader see the last committed state while the service writes) or after it stopped.
 */
export function readStore(home: string): StoreSnapshot {
  const db = new Database(dbPath(home), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return {
      videos: db.prepare('SELECT id, status, status_reason, source_kind, source_url, local_path FROM videos ORDER BY id').all() as StoreVideo[],
      analyses: db.prepare('SELECT id, video_id, status, status_reason, engine_source, results_available FROM analyses ORDER BY id').all() as StoreAnalysis[],
      jobs: db.prepare('SELECT id, kind, video_id, analysis_id, state, attempts, last_error FROM jobs ORDER BY id').all() as StoreJob[],
      deliveries: db.prepare('SELECT id, webhook_id, event, analysis_id, state, attempts, last_error FROM webhook_deliveries ORDER BY id').all() as StoreDelivery[],
      integrity: (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check),
      foreignKeyViolations: (db.pragma('foreign_key_check') as unknown[]).length,
    };
  } finally {
    db.close();
  }
}

export interface FolderEntry {
  /** Relative to the data folder, with `/` separators. */
  path: string;
  dir: boolean;
}

/** Every file and folder under the data folder, parents before children. */
export function listFolder(root: string): FolderEntry[] {
  const out: FolderEntry[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      out.push({ path, dir: e.isDirectory() });
      if (e.isDirectory()) walk(path);
    }
  };
  walk('');
  return out;
}
