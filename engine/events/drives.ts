import type { BallControlInput } from './ball-control.js';
import type { BallAction, ControlRun } from './control-runs.js';

/** A carry: one player moving the ball with his feet between gaining it and letting it go; frames [startFrame, endFrame] of the spell. */
export type DetectedDrive = BallAction;

/**
 * Drives from spells of control (control-runs.ts): a spell in which the player carried the ball at least
 * `minLength` metres, his own feet from where it settled with him (`settle` frames after he gained it) to
 * where he released it (StatsBomb's carry: a player
 * controls the ball at his feet while moving or standing; only the moving ones are drives here). A
 * player who receives and passes on the spot, or shields the ball, has not driven.
 */
export function detectDrives(input: BallControlInput, runs: readonly ControlRun[], minLength = 3, settle = 3): DetectedDrive[] {
  const out: DetectedDrive[] = [];
  for (const r of runs) {
    const s0 = Math.min(r.to, r.from + settle);
    const sx = input.ballX[s0] as number;
    const sy = input.ballY[s0] as number;
    const ex = input.ballX[r.to] as number;
    const ey = input.ballY[r.to] as number;
    // How far the player carried it: his own feet from settling to release. The ball's path is longer by
    // the roll of the pass he received and the first of his own kick away, both inside his control radius.
    const P = input.players;
    const px0 = input.x[s0 * P + r.player] as number;
    const py0 = input.y[s0 * P + r.player] as number;
    const px1 = input.x[r.to * P + r.player] as number;
    const py1 = input.y[r.to * P + r.player] as number;
    const carried = Number.isNaN(px0) || Number.isNaN(px1) ? Math.hypot(ex - sx, ey - sy) : Math.hypot(px1 - px0, py1 - py0);
    if (carried < minLength) continue;
    out.push({ player: r.player, team: input.team[r.player] as 0 | 1, startFrame: r.from, endFrame: r.to, start: [sx, sy], end: [ex, ey] });
  }
  return out;
}
