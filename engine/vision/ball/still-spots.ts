import { PITCH_LENGTH, PITCH_WIDTH } from '../../geometry/pitch-markings.js';
import type { Nodes } from './ball-path-types.js';

/** A candidate found at the same pitch spot (within STILL_R m) in STILL_FRAMES frames of a +-STILL_WINDOW window is a fixture. */
const STILL_R = 0.3;
/** The widest stillness radius, metres (a row's span at the far side of a low wide view is 1-1.5 m). */
const STILL_R_MAX = 2;
const STILL_WINDOW = 250;
const STILL_FRAMES = 150;
/** Longest a ball lies dead for a restart, frames (a minute), and the longest pause in its sightings there (5 s). */
const DEAD_BALL_MAX = 1500;
const DEAD_BALL_GAP = 125;
/** Metres: sure still candidates in one cell or the next are one spot, for how long a spot stays still. */
const DEAD_BALL_CELL = 1;
/** Metres beyond the pitch's lines in which a candidate still counts as on it (a little less). */
export const OFF_PITCH_SOFT = 1;

/**
 * Candidates that sit at one pitch spot (within STILL_R, or a picture row's ground span where that is
 * more) in STILL_FRAMES frames of a window of +-10 s are fixtures (a painted mark, debris, a board
 * letter), not the ball: their reward goes below zero, so no path takes them, unless the ball detector
 * is sure of them (`sure`, NET_SURE), they lie on the pitch and the spot was still for under a minute: a
 * ball lying dead for a set piece keeps still for seconds, and only the network tells it from a painted
 * mark. Far from a low camera a row spans a metre or more of ground, and a board letter's ground point
 * jumps by that much with every sub-pixel flicker: held to 0.3 m it never counted as still, and on a
 * static side camera the path sat on the far boards' letters whenever the ball was out of view.
 */
export function markStill(nodes: Nodes, sure: Uint8Array): void {
  const cell = (x: number, y: number) => `${Math.floor(x / STILL_R)},${Math.floor(y / STILL_R)}`;
  const byCell = new Map<string, number[]>();
  for (let i = 0; i < nodes.n; i++) {
    const k = cell(nodes.x[i] as number, nodes.y[i] as number);
    const list = byCell.get(k);
    if (list) list.push(i);
    else byCell.set(k, [i]);
  }
  const still = new Uint8Array(nodes.n);
  for (let i = 0; i < nodes.n; i++) {
    const x = nodes.x[i] as number;
    const y = nodes.y[i] as number;
    const f = nodes.frame[i] as number;
    const r = Math.min(STILL_R_MAX, Math.max(STILL_R, nodes.rowM[i] as number));
    const reach = Math.ceil(r / STILL_R);
    const cx = Math.floor(x / STILL_R);
    const cy = Math.floor(y / STILL_R);
    const seen = new Set<number>();
    for (let a = -reach; a <= reach; a++) {
      for (let b = -reach; b <= reach; b++) {
        const list = byCell.get(`${cx + a},${cy + b}`);
        if (!list || list.length < STILL_FRAMES / 4) continue;
        // Node indices are in frame order: binary search for the window's start.
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if ((nodes.frame[list[mid] as number] as number) < f - STILL_WINDOW) lo = mid + 1;
          else hi = mid;
        }
        for (let k = lo; k < list.length; k++) {
          const j = list[k] as number;
          const fj = nodes.frame[j] as number;
          if (fj > f + STILL_WINDOW) break;
          if (Math.hypot((nodes.x[j] as number) - x, (nodes.y[j] as number) - y) <= r) seen.add(fj);
        }
      }
    }
    if (seen.size >= STILL_FRAMES) still[i] = 1;
  }
  const deadBall = mayBeDeadBall(nodes, still, sure);
  for (let i = 0; i < nodes.n; i++) if (still[i] && (deadBall[i] !== 1 || !onPitch(nodes.x[i] as number, nodes.y[i] as number))) nodes.reward[i] = -1;
}

/**
 * Of the still candidates the network is sure of, 1 for those that may be a ball lying dead for a
 * restart: their spot (sure still candidates within a metre or two: DEAD_BALL_CELL cells and their
 * neighbours) was not still, with no pause over DEAD_BALL_GAP frames, for DEAD_BALL_MAX frames or more
 * around them. A ball is laid down for a free kick or a goal kick for seconds, a minute at most; a spot
 * the network likes that stays put for longer is a painted junction or a mark (on a still camera, for
 * the whole video). Each cell's sightings are sorted once, so a match-long spot costs n log n, not n².
 */
function mayBeDeadBall(nodes: Nodes, still: Uint8Array, sure: Uint8Array): Uint8Array {
  const deadBall = new Uint8Array(nodes.n);
  const cellOf = (x: number, y: number): [number, number] => [Math.floor(x / DEAD_BALL_CELL), Math.floor(y / DEAD_BALL_CELL)];
  const byCell = new Map<string, number[]>();
  for (let i = 0; i < nodes.n; i++) {
    if (!still[i] || !sure[i]) continue;
    const [cx, cy] = cellOf(nodes.x[i] as number, nodes.y[i] as number);
    const list = byCell.get(`${cx},${cy}`);
    if (list) list.push(nodes.frame[i] as number);
    else byCell.set(`${cx},${cy}`, [nodes.frame[i] as number]);
  }
  // Per cell: the sorted sightings of it and its neighbours, and for each the first and last frame of its run.
  const runs = new Map<string, { frames: number[]; first: Int32Array; last: Int32Array }>();
  const runsAround = (cx: number, cy: number) => {
    const key = `${cx},${cy}`;
    const known = runs.get(key);
    if (known) return known;
    const frames: number[] = [];
    for (let a = -1; a <= 1; a++) {
      for (let b = -1; b <= 1; b++) for (const f of byCell.get(`${cx + a},${cy + b}`) ?? []) frames.push(f);
    }
    frames.sort((p, q) => p - q);
    const first = new Int32Array(frames.length);
    const last = new Int32Array(frames.length);
    for (let k = 0; k < frames.length; k++) {
      const joined = k > 0 && (frames[k] as number) - (frames[k - 1] as number) <= DEAD_BALL_GAP;
      first[k] = joined ? (first[k - 1] as number) : (frames[k] as number);
    }
    for (let k = frames.length - 1; k >= 0; k--) {
      const joined = k + 1 < frames.length && (frames[k + 1] as number) - (frames[k] as number) <= DEAD_BALL_GAP;
      last[k] = joined ? (last[k + 1] as number) : (frames[k] as number);
    }
    const entry = { frames, first, last };
    runs.set(key, entry);
    return entry;
  };
  for (let i = 0; i < nodes.n; i++) {
    if (!still[i] || !sure[i]) continue;
    const { frames, first, last } = runsAround(...cellOf(nodes.x[i] as number, nodes.y[i] as number));
    const f = nodes.frame[i] as number;
    let lo = 0;
    let hi = frames.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((frames[mid] as number) < f) lo = mid + 1;
      else hi = mid;
    }
    deadBall[i] = (last[lo] as number) - (first[lo] as number) < DEAD_BALL_MAX ? 1 : 0;
  }
  return deadBall;
}

/**
 * A ball lying dead for a restart lies on or inside the lines (a corner in its arc, a goal kick in the
 * goal area, a free kick on the pitch; a throw-in is held, not laid down): a still ball beyond them is a
 * spare one beside the boards, however sure the network is that it is a ball.
 */
function onPitch(x: number, y: number): boolean {
  return offPitch(x, y) <= OFF_PITCH_SOFT;
}

/** Metres beyond the pitch's lines (0 on the pitch). */
export function offPitch(x: number, y: number): number {
  return Math.max(0, -x, x - PITCH_LENGTH, -y, y - PITCH_WIDTH);
}
