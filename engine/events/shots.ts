import type { BallControlInput } from './ball-control.js';
import type { BallAction, ControlRun } from './control-runs.js';
import { GOAL_HALF_WIDTH, PENALTY_AREA_DEPTH, PENALTY_AREA_HALF_WIDTH, PITCH_LENGTH, PITCH_WIDTH } from './in-play.js';

export type ShotOutcome = 'goal' | 'on_target' | 'off_target' | 'blocked';

/** From the kick (the shooter's last frame on the ball) to the frame its fate was known. */
export interface DetectedShot extends BallAction {
  /** Metres from the kick to the centre of the goal attacked. */
  distanceToGoal: number;
  outcome: ShotOutcome;
  /** The opponent who stopped it: the goalkeeper for a save, a defender for a block. */
  stoppedBy: number | null;
  /** Speed off the foot (m/s) and where its line met the goal line, metres from the goal's centre. */
  speed: number;
  aimOffset: number;
}

export interface ShotParams {
  /** Farthest a shot is taken from the goal's centre (m). */
  maxDistance: number;
  /** Slowest a shot leaves the foot or head (m/s) from close in, and how much faster per metre farther out. */
  minSpeed: number;
  /** Slowest ball that counts as a shot when it goes in between the posts (m/s): a tap-in from a yard out. */
  goalMinSpeed: number;
  speedPerMetre: number;
  /** The ball's line meets the goal line within this of the goal's centre (m): posts plus a miss. */
  aimHalfWidth: number;
  /** An outfield opponent stopping the ball within this long of the kick blocked it (frames), from within `blockDistance` (m). */
  blockFrames: number;
  blockDistance: number;
  /** Narrowest the goal mouth may look from the kick (radians) for a ball that does not go in. */
  minGoalAngle: number;
  /** Longest a shot is followed (frames). */
  maxFlightFrames: number;
  frameMs: number;
}

/** Frames after the release searched for the kick, and before it. */
const KICK_SEARCH_FRAMES = 8;
const KICK_BACK_FRAMES = 4;
/** No struck ball goes faster (m/s): the hardest shots measured are about 210 km/h, 58 m/s. */
const MAX_BALL_SPEED = 60;

/** The angle the goal mouth spans seen from (x, y) on the ground, radians, for the goal on the line x = goalX. */
export function goalAngle(x: number, y: number, goalX: number): number {
  const dx = Math.abs(goalX - x);
  return Math.abs(Math.atan2(PITCH_WIDTH / 2 + GOAL_HALF_WIDTH - y, dx) - Math.atan2(PITCH_WIDTH / 2 - GOAL_HALF_WIDTH - y, dx));
}

export const SHOT_DEFAULTS: ShotParams = {
  maxDistance: 35, minSpeed: 8, goalMinSpeed: 3, speedPerMetre: 0.5, aimHalfWidth: GOAL_HALF_WIDTH + 12, blockFrames: 25, blockDistance: 25, maxFlightFrames: 100, frameMs: 40,
  // About 10.3 degrees.
  minGoalAngle: goalAngle(PENALTY_AREA_DEPTH, PITCH_WIDTH / 2 - PENALTY_AREA_HALF_WIDTH, 0),
};

/**
 * Shots from spells of control: the ball leaves an attacker fast, on a line that meets the goal line
 * near the goal he attacks, from within shooting range; and its fate is a shot's: it crosses that goal
 * line (a goal between the posts, otherwise wide), the opposing goalkeeper stops it (saved), or an
 * outfield opponent stops it at once (blocked). A ball that reaches a team-mate was a pass. The rules
 * follow the position-based shot detectors surveyed in the field notes (ball speed and direction at
 * release, outcome from the ball's next state); the thresholds are documented in docs/events.md.
 * `attacksRight(team, frame)` says which goal the team attacks.
 */
export function detectShots(
  input: BallControlInput, runs: readonly ControlRun[], live: Uint8Array,
  attacksRight: (team: 0 | 1, frame: number) => boolean | null, params: Partial<ShotParams> = {},
): DetectedShot[] {
  const o = { ...SHOT_DEFAULTS, ...params };
  const fps = 1000 / o.frameMs;
  const out: DetectedShot[] = [];
  runs.forEach((r, i) => {
    const team = input.team[r.player] as 0 | 1;
    const right = attacksRight(team, r.to);
    if (right === null) return;
    const gx = right ? PITCH_LENGTH : 0;
    const bx = input.ballX[r.to] as number;
    const by = input.ballY[r.to] as number;
    const distanceToGoal = Math.hypot(gx - bx, PITCH_WIDTH / 2 - by);
    if (!(distanceToGoal <= o.maxDistance)) return;
    const next = runs[i + 1];
    const stop = Math.min(input.frames - 1, r.to + o.maxFlightFrames, next ? next.from : Infinity);
    // Speed and line from the fastest few frames around the release: the kick itself may come a moment
    // after the shooter's last frame on the ball (a stride to it, a shot on the turn), or the ball may
    // still be within his reach as it crosses the line (a rebound walked in), so the frames just before
    // count too.
    let vx = 0;
    let vy = 0;
    let kx = bx;
    let ky = by;
    for (let a = Math.max(r.from, r.to - KICK_BACK_FRAMES); a <= Math.min(stop - 1, r.to + KICK_SEARCH_FRAMES); a++) {
      const b = Math.min(stop, a + 4);
      if (live[b] !== 1 && b > a + 1) continue;
      const ax = input.ballX[a] as number;
      const ay = input.ballY[a] as number;
      const dt = (b - a) / fps;
      const wx = ((input.ballX[b] as number) - ax) / dt;
      const wy = ((input.ballY[b] as number) - ay) / dt;
      const w = Math.hypot(wx, wy);
      // Faster than any ball was ever struck: the position jumped (a glitch, a ball placed for a restart).
      if (Number.isFinite(w) && w <= MAX_BALL_SPEED && w > Math.hypot(vx, vy)) {
        vx = wx;
        vy = wy;
        kx = ax;
        ky = ay;
      }
    }
    const speed = Math.hypot(vx, vy);
    if (speed < o.goalMinSpeed || (right ? vx <= 0 : vx >= 0)) return;
    // From farther out a ball stopped by the keeper or a defender must have been struck harder to be a
    // shot (a ball rolled towards goal from 30 m and gathered is a pass); one that crosses the goal line
    // near the goal was a shot at any speed.
    const hard = speed >= o.minSpeed + o.speedPerMetre * Math.max(0, distanceToGoal - 8);
    const aimY = ky + (vy * (gx - kx)) / vx;
    if (Math.abs(aimY - PITCH_WIDTH / 2) > o.aimHalfWidth) return;
    // The ball's fate: over the goal line, stopped by an opponent, or reached a team-mate.
    let outcome: ShotOutcome | null = null;
    let end = stop;
    let stoppedBy: number | null = null;
    for (let f = r.to + 1; f <= stop; f++) {
      const x = input.ballX[f] as number;
      if (Number.isNaN(x)) continue;
      if (right ? x >= PITCH_LENGTH : x <= 0) {
        const y = input.ballY[f] as number;
        const z = input.ballZ[f] as number;
        outcome = Math.abs(y - PITCH_WIDTH / 2) <= GOAL_HALF_WIDTH && !(z > 2.44) ? 'goal' : 'off_target';
        end = f;
        break;
      }
      if (live[f] !== 1) break;
    }
    if (outcome === null && hard && next && next.from === stop && input.team[next.player] !== team) {
      stoppedBy = next.player;
      end = next.from;
      if (input.keeper?.[next.player] === 1) outcome = 'on_target';
      // A block stops a ball that was heading inside the posts, at once, from a shooting distance.
      else if (next.from - r.to <= o.blockFrames && Math.abs(aimY - PITCH_WIDTH / 2) <= GOAL_HALF_WIDTH && distanceToGoal <= o.blockDistance) outcome = 'blocked';
    }
    // Below a shot's pace only a ball that went in counts: a rebound tapped over the line from a yard out.
    if (outcome === null || (speed < o.minSpeed && outcome !== 'goal')) return;
    // From where the goal mouth shows narrower than from the penalty area's corner (wide, near the goal
    // line or far out), a ball that misses or is stopped was a cross or a ball into the box: shot
    // geometry (the visible goal angle) is what expected-goals models weigh most (Pollard & Reep 1997;
    // Rathke 2017), and shots from there are rare. One that goes in was a shot from anywhere.
    if (outcome !== 'goal' && goalAngle(kx, ky, gx) < o.minGoalAngle) return;
    out.push({
      player: r.player, team, startFrame: r.to, endFrame: end, start: [bx, by],
      end: [input.ballX[end] as number, input.ballY[end] as number], distanceToGoal, outcome, stoppedBy: outcome === 'on_target' || outcome === 'blocked' ? stoppedBy : null,
      speed, aimOffset: Math.abs(aimY - PITCH_WIDTH / 2),
    });
  });
  return out;
}
