import type { SimTrack } from '../match-data/sim-track.js';

/** One row of the tracking format (spec 2.7). Truth rows are all `detected` with full confidence. */
export interface TrackingRow {
  timestamp: number;
  role: 'player' | 'goal_keeper' | 'ball' | 'referee';
  player_id: string | null;
  player_id_conf: number;
  x: number;
  y: number;
  bbox_x: number | null;
  bbox_y: number | null;
  status: 'detected' | 'detected_overlap' | 'projected' | 'projected_nocam';
  overlap_partner_id: string | null;
  position_conf: number | null;
  identity_conf: number | null;
}

const CM_X_MAX = 10500;
const CM_Y_MAX = 6800;
const toCm = (m: number, max: number) => Math.max(0, Math.min(max, Math.round(m * 100)));

/**
 * The simulator's exact positions as tracking rows: x and y in whole centimetres clamped to the pitch
 * (0-10500, 0-6800, origin bottom-left), referees without a player id, pixel columns null (no camera).
 */
export function* trackingRows(track: SimTrack): Generator<TrackingRow> {
  const n = track.objects.length;
  for (let f = 0; f < track.frames; f++) {
    const timestamp = track.startMs + f * track.frameMs;
    for (let o = 0; o < n; o++) {
      const x = track.x[f * n + o] as number;
      if (Number.isNaN(x)) continue;
      const obj = track.objects[o]!;
      const person = obj.role === 'player' || obj.role === 'goal_keeper';
      yield {
        timestamp,
        role: obj.role,
        player_id: person ? obj.id : null,
        player_id_conf: person ? 1 : 0,
        x: toCm(x, CM_X_MAX),
        y: toCm(track.y[f * n + o] as number, CM_Y_MAX),
        bbox_x: null,
        bbox_y: null,
        status: 'detected',
        overlap_partner_id: null,
        position_conf: null,
        identity_conf: null,
      };
    }
  }
}
