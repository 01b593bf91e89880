import type { BallControlInput } from './ball-control.js';
import { PITCH_LENGTH, PITCH_WIDTH } from './in-play.js';

/**
 * The periods of a match from positions: kickoff formations and long breaks.
 *
 * A kickoff shows as the ball at rest on the centre spot with each squad in its own half; the period
 * starts when that ball first moves. Play stops for half-time: the pitch holds fewer than `minPlayers`
 * people (the players left; in a video, the footage shows no play) for `breakSeconds`, or for
 * `pauseSeconds` followed by a kickoff with the squads at the other ends; either ends a period. Footage edited without its half-time break still shows the teams swap ends: a
 * kickoff with the squads on the other sides starts a new period too; a kickoff with them on the same
 * sides is a restart after a goal. A stretch of play with no kickoff in view (a clip that starts in the
 * middle of a half) is a period whose start is only the first frame of play (`kickoff` false).
 */
export interface DetectedPeriod {
  /** Frames [startFrame, endFrame). */
  startFrame: number;
  endFrame: number;
  /** Squad defending the left goal (x = 0) in this period, null when it cannot be told. */
  leftTeam: 0 | 1 | null;
  /** The start is a kickoff seen in the data (rather than just the first frame of play). */
  kickoff: boolean;
}

export interface TimelineParams {
  frameMs: number;
  minPlayers: number;
  breakSeconds: number;
  /** A pitch empty this long splits the play; it ends a period when a kickoff with the ends swapped follows. */
  pauseSeconds: number;
  /** A kickoff counts as the start of a stretch of play when it comes within this long of it. */
  kickoffSearchSeconds: number;
  /** Ball within this of the centre spot (m); each squad's players within this of their own half (m). */
  spotRadius: number;
  halfTolerance: number;
}

export const TIMELINE_DEFAULTS: TimelineParams = {
  frameMs: 40, minPlayers: 10, breakSeconds: 300, pauseSeconds: 20, kickoffSearchSeconds: 120, spotRadius: 2, halfTolerance: 1.5,
};

const CX = PITCH_LENGTH / 2;
const CY = PITCH_WIDTH / 2;

export interface Kickoff {
  /** The ball's first movement from the spot. */
  frame: number;
  /** Squad in the left half. */
  leftTeam: 0 | 1;
  /** First frame of the formation (the play before it ended by then). */
  formedAt: number;
}

/** The squad on the left of the halfway line if the frame is a kickoff formation, else -1. */
function formation(input: BallControlInput, f: number, o: TimelineParams): -1 | 0 | 1 {
  const bx = input.ballX[f] as number;
  const by = input.ballY[f] as number;
  if (!(Math.hypot(bx - CX, by - CY) <= o.spotRadius)) return -1;
  const n = input.players;
  const count = [0, 0];
  const left = [0, 0];
  const right = [0, 0];
  for (let k = 0; k < n; k++) {
    const x = input.x[f * n + k] as number;
    if (Number.isNaN(x)) continue;
    const t = input.team[k] as number;
    if (t !== 0 && t !== 1) continue;
    count[t]! += 1;
    if (x <= CX + o.halfTolerance) left[t]! += 1;
    if (x >= CX - o.halfTolerance) right[t]! += 1;
  }
  if ((count[0] as number) + (count[1] as number) < o.minPlayers || !count[0] || !count[1]) return -1;
  const all = (t: number, side: number[]) => (side[t] as number) >= (count[t] as number);
  if (all(0, left) && all(1, right)) return 0;
  if (all(1, left) && all(0, right)) return 1;
  return -1;
}

function playersOn(input: BallControlInput, f: number): number {
  let c = 0;
  for (let k = 0; k < input.players; k++) if (!Number.isNaN(input.x[f * input.players + k] as number)) c++;
  return c;
}

/** Kickoffs: the frame the ball first leaves the spot after standing in a kickoff formation. */
export function findKickoffs(input: BallControlInput, params: Partial<TimelineParams> = {}): Kickoff[] {
  const o = { ...TIMELINE_DEFAULTS, ...params };
  const out: Kickoff[] = [];
  let standing: { x: number; y: number; leftTeam: 0 | 1; since: number } | null = null;
  // The first touch of a kickoff can leave the ball near the spot with the formation still standing: one kickoff.
  const push = (frame: number, s: { leftTeam: 0 | 1; since: number }) => {
    const last = out[out.length - 1];
    if (!last || frame - last.frame > (10_000 / o.frameMs)) out.push({ frame, leftTeam: s.leftTeam, formedAt: s.since });
  };
  for (let f = 0; f < input.frames; f++) {
    const side = formation(input, f, o);
    const bx = input.ballX[f] as number;
    const by = input.ballY[f] as number;
    if (side !== -1) {
      if (!standing) standing = { x: bx, y: by, leftTeam: side, since: f };
      // Still on the spot: the formation holds (players may drift a little before the whistle).
      else if (Math.hypot(bx - standing.x, by - standing.y) < 0.3) standing.leftTeam = side;
      else {
        push(f, standing);
        standing = null;
      }
      continue;
    }
    if (standing && !Number.isNaN(bx) && Math.hypot(bx - standing.x, by - standing.y) >= 0.3) {
      push(f, standing);
      standing = null;
    }
  }
  return out;
}

/** Which squad spends the frames [a, b) nearer the left goal, by its mean x. */
function sideByMeanX(input: BallControlInput, a: number, b: number): 0 | 1 | null {
  const sum = [0, 0];
  const count = [0, 0];
  const n = input.players;
  for (let f = a; f < b; f += 5) {
    for (let k = 0; k < n; k++) {
      const x = input.x[f * n + k] as number;
      const t = input.team[k] as number;
      if (Number.isNaN(x) || (t !== 0 && t !== 1)) continue;
      sum[t]! += x;
      count[t]! += 1;
    }
  }
  if (!count[0] || !count[1]) return null;
  return (sum[0] as number) / (count[0] as number) <= (sum[1] as number) / (count[1] as number) ? 0 : 1;
}

export function detectPeriods(input: BallControlInput, params: Partial<TimelineParams> = {}): DetectedPeriod[] {
  const o = { ...TIMELINE_DEFAULTS, ...params };
  const breakFrames = Math.round((o.breakSeconds * 1000) / o.frameMs);
  const pauseFrames = Math.round((o.pauseSeconds * 1000) / o.frameMs);
  const searchFrames = Math.round((o.kickoffSearchSeconds * 1000) / o.frameMs);
  // Stretches of play, split wherever the pitch empties for `pauseSeconds`.
  const runs: [number, number][] = [];
  let start = -1;
  let last = -1;
  for (let f = 0; f < input.frames; f++) {
    if (playersOn(input, f) < o.minPlayers) continue;
    if (start < 0) start = f;
    else if (f - last > pauseFrames) {
      runs.push([start, last + 1]);
      start = f;
    }
    last = f;
  }
  if (start >= 0) runs.push([start, last + 1]);

  const kickoffs = findKickoffs(input, o);
  const periods: DetectedPeriod[] = [];
  let current: DetectedPeriod | null = null;
  const sideOf = (p: DetectedPeriod, until: number) => p.leftTeam ?? sideByMeanX(input, p.startFrame, until);
  for (const [a, b] of runs) {
    const inRun = kickoffs.filter((k) => k.frame >= a && k.frame < b);
    const first = inRun[0] && inRun[0].frame - a <= searchFrames ? inRun[0] : null;
    // A new period after a long break, or after a pause that ends in a kickoff with the ends swapped.
    const swapped = current !== null && first !== null && sideOf(current, current.endFrame) !== first.leftTeam;
    if (current === null || a - current.endFrame >= breakFrames || swapped) {
      if (current) current.leftTeam = sideOf(current, current.endFrame);
      current = { startFrame: first ? first.frame : a, endFrame: b, leftTeam: first ? first.leftTeam : null, kickoff: first !== null };
      periods.push(current);
    } else {
      current.endFrame = b;
    }
    for (const k of inRun) {
      if (k === first || k.frame <= current.startFrame) continue;
      const side = sideOf(current, k.frame);
      // The squads changed ends without a pause in the data: a new period (footage without its break).
      if (side !== null && k.leftTeam !== side) {
        current.endFrame = k.formedAt;
        current.leftTeam = side;
        current = { startFrame: k.frame, endFrame: b, leftTeam: k.leftTeam, kickoff: true };
        periods.push(current);
      }
    }
  }
  for (const p of periods) p.leftTeam ??= sideByMeanX(input, p.startFrame, p.endFrame);
  return periods;
}
