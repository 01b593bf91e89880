import { NO_TEAM, NO_TRACK, ROLES, STATUSES, TrackingBuilder, type TrackingColumns } from '../../engine/results/tracking-columns.js';
import type { EngineRow } from './eval-types.js';

/** An analysis directory's rows (docs/evaluation.md) back into tracking columns, for the stages that read them. */
export function columnsFromEngineRows(rows: readonly EngineRow[]): TrackingColumns {
  const builder = new TrackingBuilder(rows.length + 16);
  const tracks = new Map<string, number>();
  for (const r of rows) {
    const track = r.track_id == null ? NO_TRACK : (tracks.get(r.track_id) ?? tracks.set(r.track_id, tracks.size).size - 1);
    builder.push({
      timestamp: r.timestamp, role: ROLES.indexOf(r.role), player: builder.playerIndex(r.player_id), playerIdConf: 0,
      x: r.x, y: r.y, status: Math.max(0, STATUSES.indexOf(r.status as (typeof STATUSES)[number])),
      team: r.team === 0 || r.team === 1 ? r.team : NO_TEAM, track,
    });
  }
  return builder.finish();
}
