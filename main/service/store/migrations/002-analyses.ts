/**
 * Analyses grow their lifecycle columns; jobs can belong to an analysis; videos may be tracking-only
 * (an import without a video file: source_kind 'none'); rosters name players; webhooks.
 * Rebuilding `videos` changes its CHECK constraint, which SQLite cannot alter in place: run with
 * foreign keys off (see `foreignKeysOff`), as SQLite's documented table-rebuild procedure requires.
 */
export const foreignKeysOff = true;

export const sql = `
CREATE TABLE videos_new (
  id                    INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id       INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  status                TEXT NOT NULL CHECK (status IN ('init','downloading','locally_available','available','error','no_match_detected')),
  status_reason         TEXT,
  game_name             TEXT NOT NULL UNIQUE,
  title                 TEXT NOT NULL,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL,
  home_team_name        TEXT NOT NULL,
  away_team_name        TEXT NOT NULL,
  match_date            TEXT,
  start_offset_seconds  INTEGER,
  end_offset_seconds    INTEGER,
  left_start_team       TEXT NOT NULL DEFAULT 'unknown' CHECK (left_start_team IN ('home','away','unknown')),
  left_start_team_set_by TEXT CHECK (left_start_team_set_by IN ('client','service')),
  team_zero             TEXT CHECK (team_zero IN ('home','away')),
  confirmed_home_key    TEXT CHECK (confirmed_home_key IN ('team_a','team_b')),
  source_url            TEXT,
  source_kind           TEXT NOT NULL CHECK (source_kind IN ('http','local','none')),
  local_path            TEXT,
  source_size_bytes     INTEGER,
  source_mtime_ms       INTEGER,
  bytes_downloaded      INTEGER NOT NULL DEFAULT 0,
  bytes_total           INTEGER,
  duration_seconds      REAL,
  probe_json            TEXT
);
INSERT INTO videos_new (id, organization_id, status, status_reason, game_name, title, created_at, updated_at,
  home_team_name, away_team_name, match_date, start_offset_seconds, end_offset_seconds, left_start_team,
  left_start_team_set_by, team_zero, source_url, source_kind, local_path, source_size_bytes, source_mtime_ms,
  bytes_downloaded, bytes_total, duration_seconds, probe_json)
SELECT id, organization_id, status, status_reason, game_name, title, created_at, updated_at,
  home_team_name, away_team_name, match_date, start_offset_seconds, end_offset_seconds, left_start_team,
  left_start_team_set_by, team_zero, source_url, source_kind, local_path, source_size_bytes, source_mtime_ms,
  bytes_downloaded, bytes_total, duration_seconds, probe_json FROM videos;
DROP TABLE videos;
ALTER TABLE videos_new RENAME TO videos;
CREATE INDEX videos_org_created ON videos(organization_id, created_at DESC, id DESC);

ALTER TABLE analyses ADD COLUMN engine_source   TEXT NOT NULL DEFAULT 'video' CHECK (engine_source IN ('video','import'));
ALTER TABLE analyses ADD COLUMN import_spec     TEXT;
ALTER TABLE analyses ADD COLUMN fps             INTEGER NOT NULL DEFAULT 25;
ALTER TABLE analyses ADD COLUMN algorithm_version TEXT NOT NULL DEFAULT '0.6.0';
ALTER TABLE analyses ADD COLUMN aggregate_version TEXT;
ALTER TABLE analyses ADD COLUMN data_version    INTEGER;
ALTER TABLE analyses ADD COLUMN progress        REAL NOT NULL DEFAULT 0;
ALTER TABLE analyses ADD COLUMN results_available INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analyses ADD COLUMN started_at      TEXT;
ALTER TABLE analyses ADD COLUMN meta_wait_until TEXT;
ALTER TABLE analyses ADD COLUMN quality_json    TEXT;

ALTER TABLE jobs ADD COLUMN analysis_id INTEGER REFERENCES analyses(id) ON DELETE CASCADE;
CREATE INDEX jobs_analysis ON jobs(analysis_id);

CREATE TABLE roster_names (
  video_id   INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  side       TEXT NOT NULL CHECK (side IN ('home','away')),
  shirt      TEXT NOT NULL,
  name       TEXT NOT NULL,
  PRIMARY KEY (video_id, side, shirt)
);

CREATE TABLE webhooks (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  url             TEXT NOT NULL,
  events          TEXT NOT NULL,
  secret          TEXT NOT NULL,
  description     TEXT,
  created_at      TEXT NOT NULL
);

CREATE TABLE webhook_deliveries (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  webhook_id    INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event         TEXT NOT NULL,
  analysis_id   INTEGER,
  payload       TEXT NOT NULL,
  state         TEXT NOT NULL CHECK (state IN ('pending','delivered','failed')),
  attempts      INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_status   INTEGER,
  last_error    TEXT,
  created_at    TEXT NOT NULL,
  delivered_at  TEXT
);
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(state, next_attempt_at);
`;
