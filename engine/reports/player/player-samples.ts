import type { TeamLabel } from '../../results/result-events.js';
import { ROLE_GOAL_KEEPER, ROLE_PLAYER, STATUS_DETECTED_OVERLAP, isDetectedStatus, type TrackingColumns } from '../../results/tracking-columns.js';
import type { Orientation } from '../orientation.js';

/** One player's detected samples in time order: the report's frame (x, y) beside the camera frame. */
export interface PlayerSamples {
  team: TeamLabel;
  n: number;
  row: Int32Array;
  t: Int32Array;
  /** Report frame, metres. */
  x: Float32Array;
  y: Float32Array;
  /** m/s, NaN where the smoother had no reading. */
  speed: Float32Array;
  /** Rows that were projected (off camera), overlapping, or a goalkeeper's. */
  projected: number;
  overlap: number;
  keeper: number;
}

/** Every detected row of player index `p` (PLR-05: the sections other than coverage use these only). */
export function playerSamples(cols: TrackingColumns, speeds: Float32Array, p: number, team: TeamLabel, orientation: Orientation): PlayerSamples {
  let n = 0;
  let projected = 0;
  for (let i = 0; i < cols.length; i++) {
    if (cols.player[i] !== p) continue;
    const role = cols.role[i] as number;
    if (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) continue;
    if (isDetectedStatus(cols.status[i] as number)) n++;
    else projected++;
  }
  const s: PlayerSamples = {
    team, n, row: new Int32Array(n), t: new Int32Array(n), x: new Float32Array(n), y: new Float32Array(n), speed: new Float32Array(n),
    projected, overlap: 0, keeper: 0,
  };
  let k = 0;
  for (let i = 0; i < cols.length && k < n; i++) {
    if (cols.player[i] !== p || !isDetectedStatus(cols.status[i] as number)) continue;
    const role = cols.role[i] as number;
    if (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) continue;
    const t = cols.timestamp[i] as number;
    const at = orientation.toFrame(team, t, (cols.x[i] as number) / 100, (cols.y[i] as number) / 100);
    s.row[k] = i;
    s.t[k] = t;
    s.x[k] = at.x;
    s.y[k] = at.y;
    s.speed[k] = speeds[i] as number;
    if (cols.status[i] === STATUS_DETECTED_OVERLAP) s.overlap++;
    if (role === ROLE_GOAL_KEEPER) s.keeper++;
    k++;
  }
  return s;
}
