import type { BallControlInput } from './ball-control.js';
import type { BallAction, ControlRun } from './control-runs.js';

/** A carry: one player moving the ball with his feet between gaining it and letting it go; frames [startFrame, endFrame] of the spell. */
export type DetectedDrive = BallAction;

/**
 * Drives from spells of control (control-runs.ts): a spell in which the ball moved at least `minLength`
 * metres from where it settled with the player (`settle` frames after he gained it: a received pass
 * still rolls into his stride) to where he released it (StatsBomb's carry: a player
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
    if (Math.hypot(ex - sx, ey - sy) < minLength) continue;
    out.push({ player: r.player, team: input.team[r.player] as 0 | 1, startFrame: r.from, endFrame: r.to, start: [sx, sy], end: [ex, ey] });
  }
  return out;
}
