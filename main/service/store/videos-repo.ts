import type { Db } from './db.js';
import { nowIso } from './db.js';

export const VIDEO_STATUSES = ['init', 'downloading', 'locally_available', 'available', 'error', 'no_match_detected'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export type Side = 'home' | 'away';
export type LeftStartTeam = Side | 'unknown';

export interface VideoRow {
  id: number;
  organization_id: number;
  status: VideoStatus;
  status_reason: string | null;
  game_name: string;
  title: string;
  created_at: string;
  updated_at: string;
  home_team_name: string;
  away_team_name: string;
  match_date: string | null;
  start_offset_seconds: number | null;
  end_offset_seconds: number | null;
  left_start_team: LeftStartTeam;
  left_start_team_set_by: 'client' | 'service' | null;
  team_zero: Side | null;
  /** The kit (preview key) a person confirmed as home; null until answered. */
  confirmed_home_key: 'team_a' | 'team_b' | null;
  /** Null for a tracking-only video (an import without a video file). */
  source_url: string | null;
  source_kind: 'http' | 'local' | 'none';
  local_path: string | null;
  source_size_bytes: number | null;
  source_mtime_ms: number | null;
  bytes_downloaded: number;
  bytes_total: number | null;
  duration_seconds: number | null;
  probe_json: string | null;
}

/** The columns a list item needs: reading all of them costs three times as much per row. */
const LIST_COLUMNS = 'id, status, game_name, title, created_at, home_team_name, away_team_name, duration_seconds';
export type VideoListRow = Pick<VideoRow, 'id' | 'status' | 'game_name' | 'title' | 'created_at' | 'home_team_name' | 'away_team_name' | 'duration_seconds'>;

export interface NewVideo {
  organizationId: number;
  title: string;
  homeTeamName: string;
  awayTeamName: string;
  matchDate: string | null;
  startOffsetSeconds: number | null;
  endOffsetSeconds: number | null;
  leftStartTeam: Side | null;
  sourceUrl: string | null;
  sourceKind: 'http' | 'local' | 'none';
  localPath: string | null;
}

/** Fields a client may change with PUT; undefined = leave as is. */
export interface VideoPatch {
  title?: string;
  home_team_name?: string;
  away_team_name?: string;
  match_date?: string | null;
  start_offset_seconds?: number | null;
  end_offset_seconds?: number | null;
  left_start_team?: Side;
}

export interface AnalysisRef {
  id: number;
  status: string;
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug || 'match';
}

export class VideosRepo {
  private readonly byId;
  private readonly countByOrg;
  private readonly countByOrgStatus;
  private readonly pageByOrg;
  private readonly pageByOrgStatus;
  private readonly analysesIn;

  constructor(private readonly db: Db) {
    this.byId = db.prepare('SELECT * FROM videos WHERE id = ?');
    // One statement for any number of ids (an IN list of placeholders would be prepared per page size).
    this.analysesIn = db.prepare(
      'SELECT id, video_id, status FROM analyses WHERE video_id IN (SELECT value FROM json_each(?)) ORDER BY id');
    this.countByOrg = db.prepare('SELECT COUNT(*) FROM videos WHERE organization_id = ?').pluck();
    this.countByOrgStatus = db.prepare('SELECT COUNT(*) FROM videos WHERE organization_id = ? AND status = ?').pluck();
    this.pageByOrg = db.prepare(
      `SELECT ${LIST_COLUMNS} FROM videos WHERE organization_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`);
    this.pageByOrgStatus = db.prepare(
      `SELECT ${LIST_COLUMNS} FROM videos WHERE organization_id = ? AND status = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`);
  }

  /**
   * game_name is `YYYY-MM-DD_<label>-<n>` (the summary's game_id format): the match date (or the
   * registration date), a slug of the fixture, and the smallest number that makes it unique.
   */
  private nextGameName(date: string, label: string): string {
    const prefix = `${date}_${slugify(label)}-`;
    const taken = new Set(
      this.db.prepare("SELECT game_name FROM videos WHERE game_name LIKE ? ESCAPE '\\'").pluck()
        .all(prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%') as string[],
    );
    let n = 1;
    while (taken.has(`${prefix}${n}`)) n += 1;
    return `${prefix}${n}`;
  }

  insert(v: NewVideo, fixtureLabel: string): VideoRow {
    return this.db.transaction(() => {
      const now = nowIso();
      const gameName = this.nextGameName(v.matchDate ?? now.slice(0, 10), fixtureLabel);
      const info = this.db.prepare(`INSERT INTO videos
        (organization_id, status, game_name, title, created_at, updated_at, home_team_name, away_team_name,
         match_date, start_offset_seconds, end_offset_seconds, left_start_team, left_start_team_set_by,
         source_url, source_kind, local_path)
        VALUES (?, 'init', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        v.organizationId, gameName, v.title, now, now, v.homeTeamName, v.awayTeamName,
        v.matchDate, v.startOffsetSeconds, v.endOffsetSeconds, v.leftStartTeam ?? 'unknown',
        v.leftStartTeam ? 'client' : null, v.sourceUrl, v.sourceKind, v.localPath,
      );
      return this.get(Number(info.lastInsertRowid)) as VideoRow;
    })();
  }

  get(id: number): VideoRow | undefined {
    return this.byId.get(id) as VideoRow | undefined;
  }

  page(organizationId: number, limit: number, offset: number, status?: VideoStatus): { rows: VideoListRow[]; total: number } {
    const total = (status ? this.countByOrgStatus.get(organizationId, status) : this.countByOrg.get(organizationId)) as number;
    // A page past the end holds nothing; its offset may also be past what SQLite's integers can take.
    if (offset >= total) return { rows: [], total };
    const rows = (status ? this.pageByOrgStatus.all(organizationId, status, limit, offset) : this.pageByOrg.all(organizationId, limit, offset)) as VideoListRow[];
    return { rows, total };
  }

  analysesOf(videoIds: readonly number[]): Map<number, AnalysisRef[]> {
    const out = new Map<number, AnalysisRef[]>(videoIds.map((id) => [id, []]));
    if (videoIds.length === 0) return out;
    const rows = this.analysesIn.all(JSON.stringify(videoIds)) as { id: number; video_id: number; status: string }[];
    for (const r of rows) out.get(r.video_id)?.push({ id: r.id, status: r.status });
    return out;
  }

  /** Applies a client's patch; a client-set left_start_team becomes authoritative (VID-09). */
  update(id: number, patch: VideoPatch): VideoRow | undefined {
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [column, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      values.push(value);
    }
    if (patch.left_start_team !== undefined) sets.push("left_start_team_set_by = 'client'");
    sets.push('updated_at = ?');
    values.push(nowIso(), id);
    this.db.prepare(`UPDATE videos SET ${sets.join(', ')} WHERE id = ?`).run(...values);
    return this.get(id);
  }

  /** The kit a person confirmed as the home team (the widget's answer, spec 2.3). */
  confirmHomeKit(id: number, key: 'team_a' | 'team_b'): void {
    this.db.prepare('UPDATE videos SET confirmed_home_key = ?, updated_at = ? WHERE id = ?').run(key, nowIso(), id);
  }

  /** The service's own reading of the starting side: never overwrites a client's value (VID-09, VID-10). */
  writeServiceSide(id: number, left: LeftStartTeam, teamZero: Side | null): void {
    this.db.prepare(`UPDATE videos SET
        left_start_team = CASE WHEN left_start_team_set_by = 'client' THEN left_start_team ELSE ? END,
        left_start_team_set_by = CASE WHEN left_start_team_set_by = 'client' THEN 'client' ELSE 'service' END,
        team_zero = ?, updated_at = ? WHERE id = ?`).run(left, teamZero, nowIso(), id);
  }

  setDuration(id: number, seconds: number): void {
    this.db.prepare('UPDATE videos SET duration_seconds = ?, updated_at = ? WHERE id = ?').run(seconds, nowIso(), id);
  }

  setStatus(id: number, status: VideoStatus, reason: string | null = null): void {
    this.db.prepare('UPDATE videos SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?')
      .run(status, reason, nowIso(), id);
  }

  setDownloadProgress(id: number, bytesDownloaded: number, bytesTotal: number | null): void {
    this.db.prepare('UPDATE videos SET bytes_downloaded = ?, bytes_total = ? WHERE id = ?')
      .run(bytesDownloaded, bytesTotal, id);
  }

  setProbe(id: number, probe: { json: string; durationSeconds: number; sizeBytes: number; mtimeMs: number }): void {
    this.db.prepare(`UPDATE videos SET probe_json = ?, duration_seconds = ?, source_size_bytes = ?,
        source_mtime_ms = ?, updated_at = ? WHERE id = ?`)
      .run(probe.json, probe.durationSeconds, probe.sizeBytes, Math.trunc(probe.mtimeMs), nowIso(), id);
  }

  /**
   * Deletes the row with its analyses and jobs, unless an analysis is running.
   * One transaction, so two concurrent deletes cannot both succeed.
   */
  deleteUnlessRunning(id: number): 'deleted' | 'running' | 'missing' {
    return this.db.transaction(() => {
      if (!this.byId.get(id)) return 'missing' as const;
      const running = this.db.prepare("SELECT 1 FROM analyses WHERE video_id = ? AND status = 'running' LIMIT 1").get(id);
      if (running) return 'running' as const;
      this.db.prepare('DELETE FROM videos WHERE id = ?').run(id);
      return 'deleted' as const;
    })();
  }

  listInStatus(statuses: readonly VideoStatus[]): VideoRow[] {
    return this.db.prepare(`SELECT * FROM videos WHERE status IN (${statuses.map(() => '?').join(',')}) ORDER BY id`)
      .all(...statuses) as VideoRow[];
  }
}
