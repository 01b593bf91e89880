import type { BallControl, BallControlInput } from './ball-control.js';

/** A pass found from ball control: the ball left one player and reached another (or went dead). */
export interface DetectedPass {
  /** Frame the passer last controlled the ball (the kick), and the frame it was controlled again or went dead. */
  startFrame: number;
  endFrame: number;
  passer: number;
  /** The player who next controlled the ball; null when it went dead first (out of play). */
  receiver: number | null;
  team: 0 | 1;
  /** The receiver's team: the passer's for a completed pass, the other for a turnover; null when it went dead. */
  receiverTeam: 0 | 1 | null;
  start: [number, number];
  end: [number, number];
}

export interface PassParams {
  /** Shortest ball travel that is a pass rather than a touch between two close players (metres). */
  minLength: number;
  /** Longest time between the kick and the next control that is still one pass (frames). */
  maxFlightFrames: number;
}

export const PASS_DEFAULTS: PassParams = { minLength: 3, maxFlightFrames: 150 };

/**
 * Passes from the per-frame ball control (ball-control.ts), in the spirit of Metrica's definition (a
 * pass is the ball going from one player to the next) and the touch rules of Vidal-Codina et al. 2022:
 * each time control starts with a player other than the last holder, the ball's trip from the last
 * holder's release is a pass if it covered at least `minLength` (shorter: two players at one ball, a
 * duel, not a pass). A ball that goes dead after leaving its holder is a pass to nobody when it
 * travelled that far. A player who gets his own ball back has dribbled, not passed.
 */
export function detectPasses(input: BallControlInput, control: BallControl, params: Partial<PassParams> = {}): DetectedPass[] {
  const o = { ...PASS_DEFAULTS, ...params };
  const out: DetectedPass[] = [];
  let last = -1;
  let release = -1;
  const ballAt = (f: number): [number, number] => [input.ballX[f] as number, input.ballY[f] as number];
  const travelled = (a: number, b: number) => Math.hypot((input.ballX[b] as number) - (input.ballX[a] as number), (input.ballY[b] as number) - (input.ballY[a] as number));
  const teamOf = (p: number) => input.team[p] as 0 | 1;
  for (let f = 0; f < input.frames; f++) {
    const live = input.inPlay ? input.inPlay[f] === 1 : true;
    const seen = !Number.isNaN(input.ballX[f] as number);
    if (!live || !seen) {
      // The ball went dead (or out of sight) after leaving its holder: a pass to nobody if it went far.
      if (last >= 0 && release >= 0 && f - 1 > release && travelled(release, f - 1) >= o.minLength && f - release <= o.maxFlightFrames) {
        out.push({ startFrame: release, endFrame: f - 1, passer: last, receiver: null, team: teamOf(last), receiverTeam: null, start: ballAt(release), end: ballAt(f - 1) });
      }
      last = -1;
      release = -1;
      continue;
    }
    const p = control.player[f] as number;
    if (p >= 0) {
      if (p !== last && last >= 0 && release >= 0 && f - release <= o.maxFlightFrames && travelled(release, f) >= o.minLength) {
        out.push({ startFrame: release, endFrame: f, passer: last, receiver: p, team: teamOf(last), receiverTeam: teamOf(p), start: ballAt(release), end: ballAt(f) });
      }
      last = p;
      release = f;
    }
  }
  return out;
}
