import { describe, expect, it } from 'vitest';
import { detectDrives } from '../../../engine/events/drives.js';
import { lerp, scene, still } from '../../helpers/event-scenes.js';

describe('detectDrives', () => {
  it('a carry is the player\'s own movement with the ball: 6 m run is a drive, a pass rolled through a standing player is not', () => {
    // Player 0 runs 6 m with the ball at his feet (frames 10-40).
    const runner = scene(60, [{ team: 0, at: (f) => [lerp(50, 56, Math.min(1, Math.max(0, (f - 10) / 30))), 30] }],
      (f) => [lerp(50.5, 56.5, Math.min(1, Math.max(0, (f - 10) / 30))), 30, 0]);
    expect(detectDrives(runner, [{ player: 0, from: 10, to: 40 }])).toMatchObject([{ player: 0, team: 0, startFrame: 10, endFrame: 40 }]);
    // Player 0 stands; the ball he receives rolls on under his control for 3.7 m before he plays it on.
    const standing = scene(60, [{ team: 0, at: still(60, 40) }], (f) => [lerp(58.5, 62.2, Math.min(1, Math.max(0, (f - 10) / 20))), 40, 0]);
    expect(detectDrives(standing, [{ player: 0, from: 10, to: 30 }])).toEqual([]);
  });
});
