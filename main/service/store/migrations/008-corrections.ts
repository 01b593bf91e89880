/**
 * The analyst's corrections of an analysis's results: an append-only log per analysis (docs/api.md,
 * "Corrections"). `action` is the JSON of a correction, an undo or a redo; an analysis's deletion
 * deletes its log.
 */
export const sql = `
CREATE TABLE corrections (
  analysis_id INTEGER NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  action      TEXT NOT NULL,
  key_id      TEXT,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (analysis_id, seq)
);
`;
