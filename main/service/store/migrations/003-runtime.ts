/** What an engine run ran on (the learned models and onnxruntime's execution provider), for the analysis. */
export const sql = `
ALTER TABLE analyses ADD COLUMN runtime_json TEXT;
`;
