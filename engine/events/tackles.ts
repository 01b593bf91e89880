import type { BallControlInput } from './ball-control.js';
import type { ControlRun } from './control-runs.js';

/** A defender taking the ball off the player who had it. */
export interface DetectedTackle {
  /** The tackler, and the player he took it from. */
  player: number;
  opponent: number;
  team: 0 | 1;
  frame: number;
  at: [number, number];
  won: boolean;
}

export interface TackleParams {
  /** Control passes to the opponent within this many frames of the holder's last touch ... */
  maxGapFrames: number;
  /** ... with the ball having moved less than this (m): a ball played farther is a pass, intercepted. */
  maxTravel: number;
}

export const TACKLE_DEFAULTS: TackleParams = { maxGapFrames: 12, maxTravel: 3 };

/**
 * Tackles from spells of control: the ball goes straight from one player to an opponent, without
 * travelling as a pass would (Metrica's TACKLE is a challenge on the ground in which the ball changes
 * hands or is fought for at the holder's feet; positions alone show the former). The tackler is the
 * player who comes away with it (`won`).
 */
export function detectTackles(input: BallControlInput, runs: readonly ControlRun[], params: Partial<TackleParams> = {}): DetectedTackle[] {
  const o = { ...TACKLE_DEFAULTS, ...params };
  const out: DetectedTackle[] = [];
  for (let i = 1; i < runs.length; i++) {
    const a = runs[i - 1] as ControlRun;
    const b = runs[i] as ControlRun;
    const team = input.team[b.player] as 0 | 1;
    if (team === input.team[a.player] || b.from - a.to > o.maxGapFrames) continue;
    const travel = Math.hypot((input.ballX[b.from] as number) - (input.ballX[a.to] as number), (input.ballY[b.from] as number) - (input.ballY[a.to] as number));
    if (!(travel < o.maxTravel)) continue;
    out.push({ player: b.player, opponent: a.player, team, frame: b.from, at: [input.ballX[b.from] as number, input.ballY[b.from] as number], won: true });
  }
  return out;
}
