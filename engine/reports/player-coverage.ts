import { isDetectedStatus, PROJECTED_STEP_MS, ROLE_GOAL_KEEPER, ROLE_PLAYER, STATUS_DETECTED_OVERLAP, type TrackingColumns } from '../results/tracking-columns.js';
import { round2 } from '../metrics/round.js';
import type { PlayerCoverage } from '../results/analysis-facts.js';

/**
 * Each player id's coverage over a run's rows: detected time (a row per frame), projected time (a row per
 * 200 ms step), the overlap share, and the first and last detected moments. Pure.
 */
export function playerCoverage(cols: TrackingColumns, frameMs: number): Record<string, PlayerCoverage> {
  const n = cols.players.length;
  const detected = new Int32Array(n);
  const projected = new Int32Array(n);
  const overlap = new Int32Array(n);
  const first = new Float64Array(n).fill(Number.NaN);
  const last = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < cols.length; i++) {
    const p = cols.player[i] as number;
    const role = cols.role[i] as number;
    if (p < 0 || (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER)) continue;
    const status = cols.status[i] as number;
    if (!isDetectedStatus(status)) {
      projected[p] = (projected[p] as number) + 1;
      continue;
    }
    detected[p] = (detected[p] as number) + 1;
    if (status === STATUS_DETECTED_OVERLAP) overlap[p] = (overlap[p] as number) + 1;
    const t = cols.timestamp[i] as number;
    if (Number.isNaN(first[p] as number)) first[p] = t;
    last[p] = t;
  }
  const out: Record<string, PlayerCoverage> = {};
  cols.players.forEach((id, p) => {
    const d = detected[p] as number;
    out[id] = {
      seconds_detected: round2((d * frameMs) / 1000),
      seconds_projected: round2(((projected[p] as number) * PROJECTED_STEP_MS) / 1000),
      overlap_share: d ? round2((overlap[p] as number) / d) : null,
      first_ms: d ? (first[p] as number) : null,
      last_ms: d ? (last[p] as number) : null,
    };
  });
  return out;
}
