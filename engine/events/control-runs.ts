import type { BallControl } from './ball-control.js';

/** A player's action on the ball, from one frame and point to another (a drive, a shot). */
export interface BallAction {
  player: number;
  team: 0 | 1;
  startFrame: number;
  endFrame: number;
  start: [number, number];
  end: [number, number];
}

/** One player's spell on the ball: frames [from, to] (inclusive) in which ball control names him. */
export interface ControlRun {
  player: number;
  from: number;
  to: number;
}

/**
 * Spells of control from the per-frame reading (ball-control.ts). A player who touches the ball ahead
 * of himself and reaches it again with nobody else on it in between (a dribble) keeps one spell when
 * the ball was away from him for at most `maxGapFrames`.
 */
export function controlRuns(control: BallControl, maxGapFrames = 25, live?: Uint8Array): ControlRun[] {
  const out: ControlRun[] = [];
  const frames = control.player.length;
  let cur: ControlRun | null = null;
  for (let f = 0; f < frames; f++) {
    if (live && live[f] !== 1) {
      cur = null; // a dead ball ends every spell
      continue;
    }
    const p = control.player[f] as number;
    if (p < 0) continue;
    if (cur && cur.player === p && f - cur.to <= maxGapFrames + 1) {
      cur.to = f;
      continue;
    }
    cur = { player: p, from: f, to: f };
    out.push(cur);
  }
  return out;
}
