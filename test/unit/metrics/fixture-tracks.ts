import {
  ROLE_PLAYER, STATUS_DETECTED, TrackingBuilder, type TrackingColumns,
} from '../../../engine/results/tracking-columns.js';

/** One object's samples for a hand-made tracking table: frame number (40 ms each) and pitch centimetres. */
export interface Series {
  id: string | null;
  role?: number;
  status?: number;
  samples: { frame: number; x: number; y: number; status?: number }[];
}

export const FRAME_MS = 40;

/** Time-orders the samples of all series (stable: series order within a frame) and builds the columns. */
export function buildTracking(series: Series[]): TrackingColumns {
  const b = new TrackingBuilder(16);
  const rows: { t: number; order: number; push: () => void }[] = [];
  series.forEach((s, order) => {
    const player = b.playerIndex(s.id);
    for (const smp of s.samples) {
      rows.push({
        t: smp.frame * FRAME_MS,
        order,
        push: () => b.push({
          timestamp: smp.frame * FRAME_MS, role: s.role ?? ROLE_PLAYER, player, playerIdConf: 1, x: smp.x, y: smp.y,
          status: smp.status ?? s.status ?? STATUS_DETECTED,
        }),
      });
    }
  });
  rows.sort((a, c) => a.t - c.t || a.order - c.order);
  for (const r of rows) r.push();
  return b.finish();
}

/** Frames first..first+count-1 with the position a function of the frame offset k. */
export function run(first: number, count: number, at: (k: number) => [number, number], status?: number): Series['samples'] {
  return Array.from({ length: count }, (_, k) => {
    const [x, y] = at(k);
    return status === undefined ? { frame: first + k, x, y } : { frame: first + k, x, y, status };
  });
}

/** Speeds of one object's rows, in row order. */
export function speedsOf(cols: TrackingColumns, speeds: Float32Array, id: string): number[] {
  const p = cols.players.indexOf(id);
  const out: number[] = [];
  for (let i = 0; i < cols.length; i++) if (cols.player[i] === p) out.push(speeds[i] as number);
  return out;
}
