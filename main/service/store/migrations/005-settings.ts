/** Settings of this installation that a person changes in the app (or a script through the API). */
export const sql = `
CREATE TABLE settings (
  key        TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;
