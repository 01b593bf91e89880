import { despikeRun } from '../vision/tracking/despike.js';
import { isDetectedStatus, NO_PLAYER, type TrackingColumns } from '../results/tracking-columns.js';

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

/** How the filter reaches some rows: who a row belongs to, whether two rows are a frame apart, positions in metres. */
interface RowAccess {
  length: number;
  owner(i: number): number | null;
  consecutive(a: number, b: number): boolean;
  read(i: number): [number, number];
  write(i: number, x: number, y: number): void;
}

/**
 * Each owner's rows, cut into runs of consecutive frames, through the spike filter twice: plainly, then
 * on the motion's residuals (vision/tracking/despike.ts; measured on the rendered fixtures, each pass
 * alone did less). Returns how many positions were replaced.
 */
function despikeOwners(rows: RowAccess): number {
  const byOwner = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i++) {
    const o = rows.owner(i);
    if (o === null) continue;
    const list = byOwner.get(o);
    if (list) list.push(i);
    else byOwner.set(o, [i]);
  }
  let replaced = 0;
  for (const list of byOwner.values()) {
    let start = 0;
    for (let k = 1; k <= list.length; k++) {
      if (k < list.length && rows.consecutive(list[k - 1] as number, list[k] as number)) continue;
      const run = list.slice(start, k);
      const x = new Float64Array(run.length);
      const y = new Float64Array(run.length);
      run.forEach((i, j) => ([x[j], y[j]] = rows.read(i)));
      const n = despikeRun(x, y, 0, run.length, { detrend: false }) + despikeRun(x, y, 0, run.length);
      if (n) {
        replaced += n;
        run.forEach((i, j) => rows.write(i, x[j] as number, y[j] as number));
      }
      start = k;
    }
  }
  return replaced;
}

/**
 * Every track's runs of consecutive frames through the spike filter, in place, before anything reads
 * the positions at the end of the video (rows, speeds). Rows without a track are left alone.
 */
export function despikeTracks(rows: TrackPositions): number {
  return despikeOwners({
    length: rows.length,
    owner: (i) => ((rows.track[i] as number) < 0 ? null : (rows.track[i] as number)),
    consecutive: (a, b) => (rows.frame[b] as number) === (rows.frame[a] as number) + 1,
    read: (i) => [rows.x[i] as number, rows.y[i] as number],
    write: (i, x, y) => {
      rows.x[i] = x;
      rows.y[i] = y;
    },
  });
}

/**
 * The same filter over each identified player's detected rows, after the rows are assembled: a player's
 * trajectory joins tracks end to end (stitching, handovers), and a spike at a junction, where neither
 * track's run was long enough to judge it, is still a spike in his speed. In place on the columns
 * (centimetres).
 */
export function despikePlayers(c: TrackingColumns): number {
  return despikeOwners({
    length: c.length,
    owner: (i) => (c.player[i] === NO_PLAYER || !isDetectedStatus(c.status[i] as number) ? null : (c.player[i] as number)),
    consecutive: (a, b) => (c.timestamp[b] as number) - (c.timestamp[a] as number) === FRAME_MS,
    read: (i) => [(c.x[i] as number) / 100, (c.y[i] as number) / 100],
    write: (i, x, y) => {
      c.x[i] = Math.round(x * 100);
      c.y[i] = Math.round(y * 100);
    },
  });
}
