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
/** Metres beyond the pitch's lines in which a candidate still counts as on it (a little less). */
export const OFF_PITCH_SOFT = 1;

/**
 * Candidates that sit at one pitch spot (within STILL_R, or a picture row's ground span where that is
 * more) in STILL_FRAMES frames of a window of +-10 s are fixtures (a painted mark, debris, a board
 * letter), not the ball: their reward goes below zero, so no path takes them, unless the ball detector
 * is sure of them (`sure`, NET_SURE), they lie on the pitch and the spot was still for under a minute: a
 * ball lying dead for a set piece keeps still for seconds, and only the network tells it from a painted mark. Far from a low camera a
 * row spans a metre or more of ground, and a board letter's ground point jumps by that much with every
 * sub-pixel flicker: held to 0.3 m it never counted as still, and on a static side camera the path sat on
 * the far boards' letters whenever the ball was out of view.
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
  const restart = stillTooLong(nodes, still, sure);
  for (let i = 0; i < nodes.n; i++) if (still[i] && (restart[i] !== 1 || !onPitch(nodes.x[i] as number, nodes.y[i] as number))) nodes.reward[i] = -1;
}

/**
 * Of the still candidates the network is sure of, 1 for those that may be a ball lying dead for a
 * restart: the spot was not still (sure candidates within the stillness radius, no pause over
 * DEAD_BALL_GAP frames) for DEAD_BALL_MAX frames or more around them. A ball is laid down for a free kick
 * or a goal kick for seconds, a minute at most; a spot the network likes that stays put for longer is a
 * painted junction or a mark (on a still camera, for the whole video).
 */
function stillTooLong(nodes: Nodes, still: Uint8Array, sure: Uint8Array): Uint8Array {
  const restart = new Uint8Array(nodes.n);
  const cellOf = (x: number, y: number) => `${Math.floor(x / STILL_R_MAX)},${Math.floor(y / STILL_R_MAX)}`;
  const byCell = new Map<string, number[]>();
  for (let i = 0; i < nodes.n; i++) {
    if (!still[i] || !sure[i]) continue;
    const k = cellOf(nodes.x[i] as number, nodes.y[i] as number);
    const list = byCell.get(k);
    if (list) list.push(i);
    else byCell.set(k, [i]);
  }
  for (const list of byCell.values()) {
    for (const i of list) {
      const x = nodes.x[i] as number;
      const y = nodes.y[i] as number;
      const r = Math.min(STILL_R_MAX, Math.max(STILL_R, nodes.rowM[i] as number));
      const frames: number[] = [];
      const cx = Math.floor(x / STILL_R_MAX);
      const cy = Math.floor(y / STILL_R_MAX);
      for (let a = -1; a <= 1; a++) {
        for (let b = -1; b <= 1; b++) {
          for (const j of byCell.get(`${cx + a},${cy + b}`) ?? []) {
            if (Math.hypot((nodes.x[j] as number) - x, (nodes.y[j] as number) - y) <= r) frames.push(nodes.frame[j] as number);
          }
        }
      }
      frames.sort((p, q) => p - q);
      const f = nodes.frame[i] as number;
      let k = frames.indexOf(f);
      let lo = k;
      while (lo > 0 && (frames[lo] as number) - (frames[lo - 1] as number) <= DEAD_BALL_GAP) lo--;
      while (k + 1 < frames.length && (frames[k + 1] as number) - (frames[k] as number) <= DEAD_BALL_GAP) k++;
      restart[i] = (frames[k] as number) - (frames[lo] as number) < DEAD_BALL_MAX ? 1 : 0;
    }
  }
  return restart;
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
