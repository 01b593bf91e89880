/**
 * The analyst's corrections of an analysis's results: an append-only log per analysis (docs/api.md,
 * "Corrections"). `action` is the JSON of a correction, an undo or a redo; an analysis's deletion
 * deletes its log. And whether a video analysis asked for review: an unreliable run then stops at
 * needs_attention with its results, until the analyst approves them.
 */
export const sql = `
ALTER TABLE analyses ADD COLUMN review INTEGER NOT NULL DEFAULT 0;
CREATE TABLE corrections (
  analysis_id INTEGER NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  action      TEXT NOT NULL,
  key_id      TEXT,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (analysis_id, seq)
);
`;
