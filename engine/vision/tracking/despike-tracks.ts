import { despikeRun } from './despike.js';
import { smoothRun } from './bounded-smoother.js';
import { reachable } from '../../results/human-motion.js';
import { isDetectedStatus, NO_PLAYER, type TrackingColumns } from '../../results/tracking-columns.js';

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

/** Each owner's rows (row indices in time order), rows without an owner left out. */
function rowsByOwner(rows: RowAccess): Map<number, number[]> {
  const byOwner = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i++) {
    const o = rows.owner(i);
    if (o === null) continue;
    const list = byOwner.get(o);
    if (list) list.push(i);
    else byOwner.set(o, [i]);
  }
  return byOwner;
}

/**
 * Calls `fn` on every run of an owner's rows that are consecutive frames (and, with `reachableOnly`,
 * where each step is one a person can make), with the run's positions; writes back what `fn` changed
 * when it returns a count above zero. Returns the sum of the counts.
 */
function eachRun(rows: RowAccess, fn: (x: Float64Array, y: Float64Array) => number, reachableOnly = false): number {
  let total = 0;
  for (const list of rowsByOwner(rows).values()) {
    let start = 0;
    for (let k = 1; k <= list.length; k++) {
      if (k < list.length && rows.consecutive(list[k - 1] as number, list[k] as number)) {
        if (!reachableOnly) continue;
        const [ax, ay] = rows.read(list[k - 1] as number);
        const [bx, by] = rows.read(list[k] as number);
        if (reachable(bx - ax, by - ay, FRAME_MS / 1000)) continue;
      }
      const run = list.slice(start, k);
      const x = new Float64Array(run.length);
      const y = new Float64Array(run.length);
      run.forEach((i, j) => ([x[j], y[j]] = rows.read(i)));
      const n = fn(x, y);
      if (n) {
        total += n;
        run.forEach((i, j) => rows.write(i, x[j] as number, y[j] as number));
      }
      start = k;
    }
  }
  return total;
}

/**
 * Each owner's rows, cut into runs of consecutive frames, through the spike filter twice: plainly, then
 * on the motion's residuals (vision/tracking/despike.ts; measured on the rendered fixtures, each pass
 * alone did less). Returns how many positions were replaced.
 */
function despikeOwners(rows: RowAccess): number {
  return eachRun(rows, (x, y) => despikeRun(x, y, 0, x.length, { detrend: false }) + despikeRun(x, y, 0, x.length));
}

/**
 * Each owner's runs of consecutive frames, cut where a step is one nobody can make (a jump between two
 * people is never smoothed into a run), through the bounded smoother (vision/tracking/bounded-smoother.ts):
 * positions become a path a body can run, so speeds and distances read from them are possible ones.
 * Every run is rewritten; returns how many samples needed an impossible movement and were trusted less.
 */
function smoothOwners(rows: RowAccess): number {
  let distrusted = 0;
  eachRun(rows, (x, y) => {
    distrusted += smoothRun(x, y, 0, x.length, FRAME_MS / 1000);
    return x.length;
  }, true);
  return distrusted;
}

/**
 * Every track's runs of consecutive frames through the spike filter, in place, before anything reads
 * the positions at the end of the video (rows, speeds). Rows without a track are left alone.
 */
export function despikeTracks(rows: TrackPositions): number {
  return despikeOwners(trackAccess(rows));
}

function trackAccess(rows: TrackPositions): RowAccess {
  return {
    length: rows.length,
    owner: (i) => ((rows.track[i] as number) < 0 ? null : (rows.track[i] as number)),
    consecutive: (a, b) => (rows.frame[b] as number) === (rows.frame[a] as number) + 1,
    read: (i) => [rows.x[i] as number, rows.y[i] as number],
    write: (i, x, y) => {
      rows.x[i] = x;
      rows.y[i] = y;
    },
  };
}

/**
 * The same filter over each identified player's detected rows, after the rows are assembled: a player's
 * trajectory joins tracks end to end (stitching, handovers), and a spike at a junction, where neither
 * track's run was long enough to judge it, is still a spike in his speed. In place on the columns
 * (centimetres).
 */
export function despikePlayers(c: TrackingColumns): number {
  return despikeOwners(playerAccess(c));
}

function playerAccess(c: TrackingColumns): RowAccess {
  return {
    length: c.length,
    owner: (i) => (c.player[i] === NO_PLAYER || !isDetectedStatus(c.status[i] as number) ? null : (c.player[i] as number)),
    consecutive: (a, b) => (c.timestamp[b] as number) - (c.timestamp[a] as number) === FRAME_MS,
    read: (i) => [(c.x[i] as number) / 100, (c.y[i] as number) / 100],
    write: (i, x, y) => {
      c.x[i] = Math.round(x * 100);
      c.y[i] = Math.round(y * 100);
    },
  };
}

/** Every track's runs through the bounded smoother (smoothOwners), in place, after the spike filter. */
export function smoothTracks(rows: TrackPositions): number {
  return smoothOwners(trackAccess(rows));
}

/**
 * The same over each identified player's detected rows, after the rows are assembled: his trajectory
 * joins tracks end to end, and a junction may need smoothing too. In place on the columns (centimetres).
 */
export function smoothPlayers(c: TrackingColumns): number {
  return smoothOwners(playerAccess(c));
}
