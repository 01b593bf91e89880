import { despikeRun } from '../vision/tracking/despike.js';
import { NO_PLAYER, STATUS_DETECTED, STATUS_DETECTED_OVERLAP, type TrackingColumns } from '../results/tracking-columns.js';

/** The engine's frame step (25 fps); rows a step apart are consecutive. */
const FRAME_MS = 40;

/** Person rows as the frame loop keeps them (track-store.ts PersonRows): frame order, pitch metres. */
export interface TrackPositions {
  length: number;
  frame: Int32Array;
  track: Int32Array;
  x: Float32Array;
  y: Float32Array;
}

/**
 * Every track's runs of consecutive frames through the spike filter (vision/tracking/despike.ts), plain
 * and then on the motion's residuals (measured on the rendered fixtures: each pass alone did less), in
 * place, before anything reads the positions at the end of the video (identities, rows, speeds). Rows
 * without a track are left alone. Returns how many positions were replaced.
 */
export function despikeTracks(rows: TrackPositions): number {
  const byTrack = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i++) {
    const t = rows.track[i] as number;
    if (t < 0) continue;
    const list = byTrack.get(t);
    if (list) list.push(i);
    else byTrack.set(t, [i]);
  }
  let replaced = 0;
  for (const list of byTrack.values()) {
    let start = 0;
    for (let k = 1; k <= list.length; k++) {
      if (k < list.length && (rows.frame[list[k] as number] as number) === (rows.frame[list[k - 1] as number] as number) + 1) continue;
      const run = list.slice(start, k);
      const x = Float64Array.from(run, (i) => rows.x[i] as number);
      const y = Float64Array.from(run, (i) => rows.y[i] as number);
      // Plain first (spikes in the slow phases), then on the motion's residuals (spikes in a sprint).
      const n = despikeRun(x, y, 0, run.length, { detrend: false }) + despikeRun(x, y, 0, run.length);
      if (n) {
        replaced += n;
        run.forEach((i, j) => {
          rows.x[i] = x[j] as number;
          rows.y[i] = y[j] as number;
        });
      }
      start = k;
    }
  }
  return replaced;
}

/**
 * The same filter over each identified player's detected rows (runs of consecutive frames), after the
 * rows are assembled: a player's trajectory joins tracks end to end (stitching, handovers), and a spike
 * at a junction, where neither track's run was long enough to judge it, is still a spike in his speed.
 * In place on the columns (centimetres); returns how many positions it replaced.
 */
export function despikePlayers(c: TrackingColumns): number {
  const byPlayer = new Map<number, number[]>();
  for (let i = 0; i < c.length; i++) {
    const p = c.player[i] as number;
    const s = c.status[i];
    if (p === NO_PLAYER || (s !== STATUS_DETECTED && s !== STATUS_DETECTED_OVERLAP)) continue;
    const list = byPlayer.get(p);
    if (list) list.push(i);
    else byPlayer.set(p, [i]);
  }
  let replaced = 0;
  for (const list of byPlayer.values()) {
    let start = 0;
    for (let k = 1; k <= list.length; k++) {
      const next = list[k];
      const prev = list[k - 1] as number;
      if (next !== undefined && (c.timestamp[next] as number) - (c.timestamp[prev] as number) === FRAME_MS) continue;
      const run = list.slice(start, k);
      const x = Float64Array.from(run, (i) => (c.x[i] as number) / 100);
      const y = Float64Array.from(run, (i) => (c.y[i] as number) / 100);
      const n = despikeRun(x, y, 0, run.length, { detrend: false }) + despikeRun(x, y, 0, run.length);
      if (n) {
        replaced += n;
        run.forEach((i, j) => {
          c.x[i] = Math.round((x[j] as number) * 100);
          c.y[i] = Math.round((y[j] as number) * 100);
        });
      }
      start = k;
    }
  }
  return replaced;
}
