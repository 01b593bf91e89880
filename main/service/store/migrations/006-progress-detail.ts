/**
 * What a running analysis is doing now (the engine's stage name) and how many frames its frame loop
 * has been through, of how many: a progress bar turns these into frames per second and time left.
 */
export const sql = `
ALTER TABLE analyses ADD COLUMN progress_stage TEXT;
ALTER TABLE analyses ADD COLUMN frames_done INTEGER;
ALTER TABLE analyses ADD COLUMN frames_total INTEGER;
`;
