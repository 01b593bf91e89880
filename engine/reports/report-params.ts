/**
 * Bumped for both reports together whenever a field is added, removed or renamed, or a threshold in
 * `params` changes (spec 2.9, 2.10); caches are keyed by it.
 */
export const REPORT_SCHEMA_VERSION = 1;

export interface ReportParams {
  sample_interval_ms: number;
  sprint_min_kmh: number;
  sprint_min_s: number;
  top_speed_percentile: number;
  reliable_seconds_floor: number;
  hull_central_fraction: number;
  max_sample_gap_ms: number;
  sequence_gap_ms: number;
  sequence_shot_slack_ms: number;
  pitch: { length_m: number; width_m: number };
}

/**
 * The reference thresholds (spec 2.9 `params`). A sprint is 25.2 km/h held for a second; the top speed
 * is the 99th percentile of samples (a single smoothed spike is not a player's top speed); five minutes
 * of detected time make a report reliable; the hull keeps the central 80 % of positions; a gap over
 * 200 ms (five samples) is a detection break, not play; a best sequence chains possessions at most 3 s
 * apart, the last closing at most 1 s after the shot.
 */
export function reportParams(frameMs: number): ReportParams {
  return {
    sample_interval_ms: frameMs,
    sprint_min_kmh: 25.2,
    sprint_min_s: 1,
    top_speed_percentile: 99,
    reliable_seconds_floor: 300,
    hull_central_fraction: 0.8,
    max_sample_gap_ms: 200,
    sequence_gap_ms: 3000,
    sequence_shot_slack_ms: 1000,
    pitch: { length_m: 105, width_m: 68 },
  };
}
