/** Organizations, API tokens, videos, analyses (lifecycle columns grow in later migrations) and the job queue. */
export const sql = `
CREATE TABLE organizations (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  created_at  TEXT NOT NULL
);

CREATE TABLE api_tokens (
  id                          INTEGER PRIMARY KEY,
  organization_id             INTEGER NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name                        TEXT NOT NULL,
  key_id                      TEXT NOT NULL UNIQUE,
  secret_hash                 BLOB NOT NULL,
  rate_limit_per_minute       INTEGER,
  tracking_downloads_per_hour INTEGER,
  created_at                  TEXT NOT NULL,
  last_used_at                TEXT,
  revoked_at                  TEXT
);

CREATE TABLE videos (
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
  source_url            TEXT NOT NULL,
  source_kind           TEXT NOT NULL CHECK (source_kind IN ('http','local')),
  local_path            TEXT,
  source_size_bytes     INTEGER,
  source_mtime_ms       INTEGER,
  bytes_downloaded      INTEGER NOT NULL DEFAULT 0,
  bytes_total           INTEGER,
  duration_seconds      REAL,
  probe_json            TEXT
);
CREATE INDEX videos_org_created ON videos(organization_id, created_at DESC, id DESC);

CREATE TABLE analyses (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  video_id          INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  status            TEXT NOT NULL CHECK (status IN ('init','waiting_for_video','waiting_for_meta','running','done','error','ignored','no_match_detected','needs_attention')),
  status_reason     TEXT,
  created_at        TEXT NOT NULL,
  finished_at       TEXT
);
CREATE INDEX analyses_video ON analyses(video_id);

CREATE TABLE jobs (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  kind         TEXT NOT NULL,
  video_id     INTEGER REFERENCES videos(id) ON DELETE CASCADE,
  state        TEXT NOT NULL CHECK (state IN ('queued','running','done','failed')),
  attempts     INTEGER NOT NULL DEFAULT 0,
  last_error   TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX jobs_state ON jobs(state, id);
`;
