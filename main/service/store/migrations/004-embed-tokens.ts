/**
 * Widget tokens (spec 4.1): scoped to one video, stored only as a SHA-256 hash of the secret, with the
 * origins allowed to frame the widget and whether its names are read-only. Gone with their video.
 */
export const sql = `
CREATE TABLE embed_tokens (
  id              INTEGER PRIMARY KEY,
  video_id        INTEGER NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  token_hash      BLOB NOT NULL UNIQUE,
  frame_ancestors TEXT,
  readonly_names  INTEGER NOT NULL CHECK (readonly_names IN (0, 1)),
  expires_at      TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX embed_tokens_video ON embed_tokens(video_id);
`;
