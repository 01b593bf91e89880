import { describe, expect, it } from 'vitest';
import { controlInputFromTrack } from '../../../engine/events/ball-control-input.js';
import type { SimTrack } from '../../../engine/match-data/sim-track.js';

function track(withBall: boolean): SimTrack {
  const objects: SimTrack['objects'] = [
    { id: '0-7', role: 'player', team: 0, jersey: 7, name: 'A' },
    { id: 'referee', role: 'referee', team: null, jersey: null, name: 'Ref' },
    { id: '1-1', role: 'goal_keeper', team: 1, jersey: 1, name: 'K' },
    ...(withBall ? [{ id: 'ball', role: 'ball' as const, team: null, jersey: null, name: 'ball' }] : []),
  ];
  const n = objects.length;
  const frames = 2;
  const x = new Float32Array(frames * n).map((_, i) => 10 * (i % n) + Math.floor(i / n));
  const y = new Float32Array(frames * n).map((_, i) => 5 + (i % n));
  return { startMs: 0, frameMs: 40, frames, objects, x, y, ballZ: Float32Array.from([0.1, 2]), inPlay: Uint8Array.from([1, 0]), possession: new Int8Array(frames), period: new Uint8Array(frames) };
}

describe('ball-control input from a simulator-layout track', () => {
  it('keeps both squads\' players and keepers (no officials), the ball, its height and the in-play flag', () => {
    const built = controlInputFromTrack(track(true))!;
    expect(built.playerIds).toEqual(['0-7', '1-1']);
    const { input } = built;
    expect(input.players).toBe(2);
    expect(Array.from(input.team)).toEqual([0, 1]);
    // Frame 1: the player at x = 0 + 1, the keeper (object 2) at 20 + 1, the ball (object 3) at 30 + 1.
    expect(Array.from(input.x)).toEqual([0, 20, 1, 21]);
    expect(Array.from(input.ballX)).toEqual([30, 31]);
    expect(Array.from(input.ballY)).toEqual([8, 8]);
    expect(Array.from(input.ballZ)).toEqual([0.10000000149011612, 2]);
    expect(Array.from(input.inPlay!)).toEqual([1, 0]);
  });

  it('gives nothing for a track without a ball', () => {
    expect(controlInputFromTrack(track(false))).toBeNull();
  });
});
