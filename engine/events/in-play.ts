import type { BallControlInput } from './ball-control.js';

/**
 * Whether the ball is in play, from its positions alone: video tracking knows no referee's whistle.
 *
 * The ball is dead from the frame it leaves the pitch (beyond a touchline or goal line by more than
 * `outMargin`) until it is back inside, has lain still for `restSeconds` (placed for the restart) and
 * moves again: the restart's kick or throw is the first live frame. A goal is the ball reaching the
 * goal line between the posts (beyond it: a ball on the line is still in play). A ball that lies (nearly) still for `stoppageSeconds` is dead too, from
 * the start of its rest: play stopped on the pitch for a foul or an injury, the ball placed or carried
 * to the restart (in play the ball is never left alone that long). A ball that is unseen stays in
 * whatever state it was. What this cannot see: a whistle followed by a quick restart (docs/events.md).
 */
export interface InPlayParams {
  outMargin: number;
  restSeconds: number;
  /** Slower than this, the ball lies still (m/s). */
  restSpeed: number;
  /** Still (slower than `stoppageSpeed`, m/s) this long: play has stopped on the pitch. */
  stoppageSeconds: number;
  stoppageSpeed: number;
  /** A rest with a player within `holdRadius` (m) of the ball for more than `heldShare` of it is a held ball. */
  holdRadius: number;
  heldShare: number;
  frameMs: number;
}

export const IN_PLAY_DEFAULTS: InPlayParams = { outMargin: 0.3, restSeconds: 0.4, restSpeed: 0.5, stoppageSeconds: 3, stoppageSpeed: 1.5, holdRadius: 2, heldShare: 0.5, frameMs: 40 };

export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;
export const GOAL_HALF_WIDTH = 3.66;
/** The penalty area (Laws of the Game): 16.5 m deep, 40.32 m wide. */
export const PENALTY_AREA_DEPTH = 16.5;
export const PENALTY_AREA_HALF_WIDTH = 20.16;

/** Long rests of the ball (speed below `stoppageSpeed` for `stoppageSeconds`) become dead, from their start. */
function markStoppages(input: InPlayInput, live: Uint8Array, o: InPlayParams): void {
  const { ballX, ballY } = input;
  const need = Math.round((o.stoppageSeconds * 1000) / o.frameMs);
  // Speed over a half-second window: a dribble's touches do not read as rest, a carried ball does not either.
  const w = Math.max(1, Math.round(500 / o.frameMs));
  const limit = (o.stoppageSpeed * w * o.frameMs) / 1000;
  let start = -1;
  let held = 0;
  const close = (end: number) => {
    // A ball at a player's feet most of the time is held, not dead: a defender waiting on it, a carry.
    if (start >= 0 && end - start >= need && held <= (end - start) * o.heldShare) live.fill(0, start, end);
    start = -1;
    held = 0;
  };
  for (let f = 0; f + w < ballX.length; f++) {
    const d = Math.hypot((ballX[f + w] as number) - (ballX[f] as number), (ballY[f + w] as number) - (ballY[f] as number));
    if (d <= limit) {
      if (start < 0) start = f;
      if (nearestPlayer(input, f) <= o.holdRadius) held++;
    } else if (!Number.isNaN(d)) close(f + 1);
  }
  close(ballX.length);
}

/** Ball and players, as ball control reads them (ball-control.ts). */
export type InPlayInput = Pick<BallControlInput, 'frames' | 'players' | 'x' | 'y' | 'ballX' | 'ballY'>;

function nearestPlayer(input: InPlayInput, f: number): number {
  const n = input.players;
  const bx = input.ballX[f] as number;
  const by = input.ballY[f] as number;
  let d = Infinity;
  for (let k = 0; k < n; k++) {
    const x = input.x[f * n + k] as number;
    if (!Number.isNaN(x)) d = Math.min(d, Math.hypot(x - bx, (input.y[f * n + k] as number) - by));
  }
  return d;
}

export function inferInPlay(input: InPlayInput, params: Partial<InPlayParams> = {}): Uint8Array {
  const o = { ...IN_PLAY_DEFAULTS, ...params };
  const { ballX, ballY } = input;
  const frames = ballX.length;
  const out = new Uint8Array(frames);
  const restFrames = Math.max(1, Math.round((o.restSeconds * 1000) / o.frameMs));
  const stepLimit = (o.restSpeed * o.frameMs) / 1000;
  let live = true;
  let still = 0;
  let armed = false;
  let held = 0;
  let kick = -1;
  let px = NaN;
  let py = NaN;
  for (let f = 0; f < frames; f++) {
    const x = ballX[f] as number;
    const y = ballY[f] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) {
      out[f] = live ? 1 : 0;
      px = NaN;
      continue;
    }
    const inGoal = (x < 0 || x > PITCH_LENGTH) && Math.abs(y - PITCH_WIDTH / 2) <= GOAL_HALF_WIDTH;
    const outside = inGoal || x < -o.outMargin || x > PITCH_LENGTH + o.outMargin || y < -o.outMargin || y > PITCH_WIDTH + o.outMargin;
    const moved = Number.isNaN(px) ? Infinity : Math.hypot(x - px, y - (py as number));
    px = x;
    py = y;
    if (live && outside) {
      live = false;
      armed = false;
      still = 0;
      held = 0;
      kick = -1;
    } else if (!live) {
      // A player with the ball on the pitch for a moment: play is on again (a goalkeeper with the ball after a goal kick's call).
      held = !outside && nearestPlayer(input, f) <= 1.5 ? held + 1 : 0;
      if (held >= restFrames * 2) live = true;
      // Placed for the restart (a throw-in may be taken from just beyond the line), then played: live
      // from the kick or throw, once the ball is on the pitch.
      else if (moved <= stepLimit) {
        still++;
        kick = -1;
        if (still >= restFrames) armed = true;
      } else {
        still = 0;
        if (armed && kick < 0) kick = f;
        if (kick >= 0 && !outside) {
          live = true;
          out.fill(1, kick, f);
        }
      }
    }
    out[f] = live ? 1 : 0;
  }
  markStoppages(input, out, o);
  return out;
}
