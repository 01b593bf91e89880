import type { Db } from '../../main/service/store/db.js';

/** Analyses arrive with a later issue's API; until then, contract tests put them in the store directly. */
export function insertAnalysis(db: Db, videoId: number, status: string): number {
  const info = db.prepare('INSERT INTO analyses (video_id, status, created_at) VALUES (?, ?, ?)')
    .run(videoId, status, new Date().toISOString());
  return Number(info.lastInsertRowid);
}
