import { PENALTY_AREA_DEPTH, PENALTY_AREA_HALF_WIDTH, PITCH_LENGTH, PITCH_WIDTH } from './in-play.js';

/** Metres from the attacked goal line and from a touchline within which a restart is a corner. */
const CORNER_ZONE = 8;

export type SetPiece = 'open_play' | 'kick_off' | 'free_kick' | 'corner_kick' | 'throw_in' | 'goal_kick' | 'penalty';

/**
 * The restart a dead ball is played from, by where it lies (Laws of the Game: corners from the corner
 * arc, throw-ins from the touchline, goal kicks from the goal area, kick-offs from the centre mark,
 * penalties from the penalty mark; anything else is a free kick). `defendsLeft` says whether the
 * kicker's team defends the left goal, which separates a goal kick from a free kick near the other
 * goal; null: unknown.
 */
export function restartAt(x: number, y: number, defendsLeft: boolean | null): Exclude<SetPiece, 'open_play'> {
  const nearEnd = x < 2 || x > PITCH_LENGTH - 2;
  const nearSide = y < 2 || y > PITCH_WIDTH - 2;
  if (nearEnd && nearSide) return 'corner_kick';
  // A ball placed in the corner of the end a team attacks, read a few metres off (the ball's position at a
  // restart is the least sure of all: players around it, the ball still rolling into place), is a corner
  // for that team; a throw-in that deep is rare.
  const attackedEnd = defendsLeft === null ? null : defendsLeft ? PITCH_LENGTH - x : x;
  if (attackedEnd !== null && attackedEnd < CORNER_ZONE && (y < CORNER_ZONE || y > PITCH_WIDTH - CORNER_ZONE)) return 'corner_kick';
  if (y < 1.5 || y > PITCH_WIDTH - 1.5) return 'throw_in';
  if (Math.hypot(x - PITCH_LENGTH / 2, y - PITCH_WIDTH / 2) < 2) return 'kick_off';
  const ownEndLeft = x < 7;
  const ownEndRight = x > PITCH_LENGTH - 7;
  if ((ownEndLeft || ownEndRight) && Math.abs(y - PITCH_WIDTH / 2) < 10 && (defendsLeft === null || defendsLeft === ownEndLeft)) return 'goal_kick';
  if (Math.abs(y - PITCH_WIDTH / 2) < 1 && (Math.abs(x - 11) < 1 || Math.abs(x - (PITCH_LENGTH - 11)) < 1)) return 'penalty';
  return 'free_kick';
}

export type PassType = 'ground' | 'lofted' | 'cross' | 'goal_kick' | 'throw_in' | 'unknown';

/**
 * A pass's kind from its path: a throw-in or goal kick by its restart; a cross is played from a wide
 * channel near the attacked goal into the penalty area (Opta's definition); a lofted pass rises above
 * head height; otherwise it travelled on the ground, or `unknown` when the ball's height was not measured.
 */
export function passType(
  setPiece: SetPiece, start: [number, number], end: [number, number], attacksRight: boolean | null, maxHeight: number,
): PassType {
  if (setPiece === 'throw_in') return 'throw_in';
  if (setPiece === 'goal_kick') return 'goal_kick';
  if (attacksRight !== null) {
    const goalX = attacksRight ? PITCH_LENGTH : 0;
    const wide = Math.abs(start[1] - PITCH_WIDTH / 2) > 13.84 && Math.abs(goalX - start[0]) < 35;
    const intoBox = Math.abs(goalX - end[0]) <= PENALTY_AREA_DEPTH && Math.abs(end[1] - PITCH_WIDTH / 2) <= PENALTY_AREA_HALF_WIDTH;
    if (wide && intoBox) return 'cross';
  }
  if (Number.isNaN(maxHeight)) return 'unknown';
  return maxHeight > 2.5 ? 'lofted' : 'ground';
}
