import { COLUMN_NAMES, emptyColumns, isDetectedStatus, type TrackingColumns } from './tracking-columns.js';

/**
 * The rows an analysis older than engine 0.5.36 would have had: on-camera detections only (spec 2.7:
 * "older behaviour equals keeping rows whose status starts with detected").
 */
export function keepDetectedRows(cols: TrackingColumns): TrackingColumns {
  let n = 0;
  for (let i = 0; i < cols.length; i++) if (isDetectedStatus(cols.status[i] as number)) n += 1;
  if (n === cols.length) return cols;
  const out = emptyColumns(n, cols.players);
  let k = 0;
  for (let i = 0; i < cols.length; i++) {
    if (!isDetectedStatus(cols.status[i] as number)) continue;
    for (const name of COLUMN_NAMES) (out[name] as { [i: number]: number })[k] = (cols[name] as { [i: number]: number })[i] as number;
    k += 1;
  }
  out.length = n;
  return out;
}
