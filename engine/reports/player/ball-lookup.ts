import { ROLE_BALL, isDetectedStatus, type TrackingColumns } from '../../results/tracking-columns.js';

/** The ball's detected position (camera frame, metres) by timestamp. */
export interface BallLookup {
  any: boolean;
  at(t: number): { x: number; y: number } | null;
}

export function ballLookup(cols: TrackingColumns): BallLookup {
  const rows = new Map<number, number>();
  for (let i = 0; i < cols.length; i++) {
    if (cols.role[i] === ROLE_BALL && isDetectedStatus(cols.status[i] as number)) rows.set(cols.timestamp[i] as number, i);
  }
  return {
    any: rows.size > 0,
    at(t) {
      const i = rows.get(t);
      return i === undefined ? null : { x: (cols.x[i] as number) / 100, y: (cols.y[i] as number) / 100 };
    },
  };
}
