import { describe, expect, it } from 'vitest';
import { restartAt } from '../../../engine/events/set-pieces.js';

describe('restartAt: the restart a dead ball is played from, by where it lies', () => {
  it('reads the marks of the Laws of the Game', () => {
    expect(restartAt(104.5, 67.5, true)).toBe('corner_kick');
    expect(restartAt(40, 0.3, true)).toBe('throw_in');
    expect(restartAt(52.5, 34, true)).toBe('kick_off');
    expect(restartAt(5.5, 30, true)).toBe('goal_kick');
    expect(restartAt(94, 34, true)).toBe('penalty');
    expect(restartAt(70, 40, true)).toBe('free_kick');
  });

  it('a ball a few metres off the corner of the end a team attacks is its corner; in its own corner it is a throw-in', () => {
    // Team defending the left goal attacks the right end.
    expect(restartAt(98, 2, true)).toBe('corner_kick');
    expect(restartAt(101, 66.5, true)).toBe('corner_kick');
    expect(restartAt(7, 0.5, true)).toBe('throw_in');
    expect(restartAt(7, 0.5, false)).toBe('corner_kick');
    // Farther up the touchline it is a throw-in whoever takes it; unknown direction: only the arc itself.
    expect(restartAt(90, 0.5, true)).toBe('throw_in');
    expect(restartAt(98, 1, null)).toBe('throw_in');
  });
});
