import { isDetectedStatus, lowerBoundTime, NO_PLAYER, NO_TEAM, NO_TRACK, NULL_I16, ROLES, STATUSES, type TrackingColumns } from './tracking-columns.js';

/**
 * A few seconds of tracking rows, column-wise, for drawing over the video (the app's overlay and any
 * script that wants "who was where around 12:34" without the whole-match download). Only rows seen in
 * the picture are kept by default: projected rows have no pixel position to draw.
 */
export interface TrackingWindow {
  from_ms: number;
  to_ms: number;
  /** Row count; every array below has this length. */
  rows: number;
  timestamp: number[];
  role: string[];
  player_id: (string | null)[];
  /** `team_0` / `team_1`: from the player id, else the engine's squad label; null for the ball and officials. */
  team: (string | null)[];
  /** Pitch centimetres. */
  x: number[];
  y: number[];
  /** Source pixels (box centre x, box bottom y); null on projected rows. */
  bbox_x: (number | null)[];
  bbox_y: (number | null)[];
  status: string[];
  /** The row's track (the corrections' and downloads' `track_id`); null for the ball and unnamed rows without one. */
  track_id: (number | null)[];
}

/** Most rows a window may hold (60 s of a busy broadcast is about 40,000). */
export const MAX_WINDOW_MS = 60_000;

/** `cols` with every row's track resolved (results/row-identity.ts: derive reads them so). */
export function trackingWindow(cols: TrackingColumns, fromMs: number, toMs: number, options: { projected?: boolean } = {}): TrackingWindow {
  const out: TrackingWindow = {
    from_ms: fromMs, to_ms: toMs, rows: 0, timestamp: [], role: [], player_id: [], team: [], x: [], y: [], bbox_x: [], bbox_y: [], status: [], track_id: [],
  };
  const end = lowerBoundTime(cols, toMs);
  for (let i = lowerBoundTime(cols, fromMs); i < end; i++) {
    const status = cols.status[i] as number;
    if (!options.projected && !isDetectedStatus(status)) continue;
    const player = cols.player[i] as number;
    const id = player === NO_PLAYER ? null : cols.players[player] ?? null;
    const squad = cols.team[i] as number;
    const team = id ? `team_${id.slice(0, 1)}` : squad === NO_TEAM ? null : `team_${squad}`;
    const bx = cols.bboxX[i] as number;
    const by = cols.bboxY[i] as number;
    out.timestamp.push(cols.timestamp[i] as number);
    out.role.push(ROLES[cols.role[i] as number] ?? 'player');
    out.player_id.push(id);
    out.team.push(team);
    out.x.push(cols.x[i] as number);
    out.y.push(cols.y[i] as number);
    out.bbox_x.push(bx === NULL_I16 ? null : bx);
    out.bbox_y.push(by === NULL_I16 ? null : by);
    out.status.push(STATUSES[status] ?? 'detected');
    const track = cols.track[i] as number;
    out.track_id.push(track === NO_TRACK ? null : track);
  }
  out.rows = out.timestamp.length;
  return out;
}
