import { ballControl, type BallControl, type BallControlInput } from './ball-control.js';
import { controlRuns, type ControlRun } from './control-runs.js';
import { inferInPlay } from './in-play.js';
import { ballJitter, fillBallGaps, NOISY_BALL_JITTER, smoothBallPath } from './ball-gaps.js';
import { detectPeriods, type DetectedPeriod } from './match-timeline.js';
import { attacksRight } from './attack-direction.js';
import { detectPasses, type DetectedPass } from './passes.js';
import { detectDrives, type DetectedDrive } from './drives.js';
import { detectShots, type DetectedShot } from './shots.js';
import { detectTackles, type DetectedTackle } from './tackles.js';
import { passType, restartAt, type PassType, type SetPiece } from './set-pieces.js';

export interface ClassifiedPass extends DetectedPass {
  setPiece: SetPiece;
  passType: PassType;
  /** Share of the flight's frames in which the ball was seen. */
  seen: number;
}

/** Everything the event stages found, indexed by player (the input's order) and frame. */
export interface EventDetection {
  live: Uint8Array;
  control: BallControl;
  runs: ControlRun[];
  periods: DetectedPeriod[];
  passes: ClassifiedPass[];
  drives: DetectedDrive[];
  shots: DetectedShot[];
  tackles: DetectedTackle[];
}

/** Frames a restart's first control may come after the ball came alive and still be the restart. */
const RESTART_FRAMES = 12;

/**
 * The event stages in order, over one match's positions: the ball's short gaps filled (ball-gaps.ts),
 * in-play (the input's own flag when it has
 * one, else inferred from the ball, in-play.ts), ball control, spells, periods and ends, then passes,
 * drives, shots (a ball struck at goal is a shot, not also a pass) and tackles, and the set piece and
 * kind of each pass. Pure; a whole match takes well under a second.
 */
export function detectEvents(raw: BallControlInput, frameMs = 40): EventDetection {
  const filled = fillBallGaps(raw.ballX, raw.ballY);
  // A ball measured from video is smoothed before its motion is read as touches; a clean one is not.
  const noisy = ballJitter(raw.ballX, raw.ballY) > NOISY_BALL_JITTER;
  const input = { ...raw, ...(noisy ? smoothBallPath(filled.ballX, filled.ballY) : filled) };
  const live = input.inPlay ?? inferInPlay(input, { frameMs });
  const withLive = { ...input, inPlay: live };
  const control = ballControl(withLive);
  const runs = controlRuns(control, 50, live);
  const periods = detectPeriods(withLive, { frameMs });
  const attacks = (team: 0 | 1, frame: number) => attacksRight(periods, team, frame);
  const shots = detectShots(withLive, runs, live, attacks, { frameMs });
  const shotFrames = new Set(shots.map((s) => `${s.player}:${s.startFrame}`));
  // Restarts: frames at which the ball came alive, for the set piece a pass is played from.
  const restarts: number[] = [];
  for (let f = 1; f < input.frames; f++) if (live[f] === 1 && live[f - 1] === 0) restarts.push(f);
  const runAt = new Map(runs.map((r) => [r.to, r] as const));
  let ri = 0;
  const passes: ClassifiedPass[] = [];
  for (const p of detectPasses(withLive, control)) {
    if (shotFrames.has(`${p.passer}:${p.startFrame}`)) continue;
    const run = runAt.get(p.startFrame);
    const from = run ? run.from : p.startFrame;
    while (ri < restarts.length && (restarts[ri] as number) < from - RESTART_FRAMES) ri++;
    const restart = restarts[ri];
    const right = attacks(p.team, p.startFrame);
    const restarted = restart !== undefined && restart <= p.startFrame && from - restart <= RESTART_FRAMES;
    const setPiece: SetPiece = restarted ? restartAt(input.ballX[restart] as number, input.ballY[restart] as number, right === null ? null : right) : 'open_play';
    let maxZ = Number.NaN;
    let seen = 0;
    for (let f = p.startFrame; f <= p.endFrame; f++) {
      const z = input.ballZ[f] as number;
      if (!Number.isNaN(z)) maxZ = Number.isNaN(maxZ) ? z : Math.max(maxZ, z);
      if (!Number.isNaN(input.ballX[f] as number)) seen++;
    }
    passes.push({ ...p, setPiece, passType: passType(setPiece, p.start, p.end, right, maxZ), seen: seen / (p.endFrame - p.startFrame + 1) });
  }
  return {
    live, control, runs, periods, passes,
    drives: detectDrives(withLive, runs),
    shots,
    tackles: detectTackles(withLive, runs),
  };
}
