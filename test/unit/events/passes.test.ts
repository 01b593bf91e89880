import { describe, expect, it } from 'vitest';
import { ballControl } from '../../../engine/events/ball-control.js';
import { detectPasses } from '../../../engine/events/passes.js';
import { lerp, scene, still } from '../../helpers/event-scenes.js';

/** The ball from `a` to `b` between frames f0 and f1, at a's feet before and b's after. */
const travel = (a: [number, number], b: [number, number], f0: number, f1: number) => (f: number): [number, number, number] => [lerp(a[0], b[0], (f - f0) / (f1 - f0)), lerp(a[1], b[1], (f - f0) / (f1 - f0)), 0.1];

describe('passes from ball control', () => {
  it('a one-two: A to B and back to A, both completed, kick frames and places from the ball', () => {
    const A: [number, number] = [30, 30];
    const B: [number, number] = [45, 40];
    const ball = (f: number): [number, number, number] => (f < 40 ? travel([30.5, 30], [44.5, 40], 10, 30)(f) : travel([44.5, 40], [30.5, 30], 50, 70)(f));
    const input = scene(90, [{ team: 0, at: still(...A) }, { team: 0, at: still(...B) }, { team: 1, at: still(40, 10) }], ball);
    const passes = detectPasses(input, ballControl(input));
    expect(passes.map((p) => [p.passer, p.receiver, p.team, p.receiverTeam])).toEqual([[0, 1, 0, 0], [1, 0, 0, 0]]);
    // The kick is the passer's last frame with the ball within 2.2 m: the ball leaves him at 0.86 m a frame.
    expect(passes[0]!.startFrame).toBeGreaterThanOrEqual(10);
    expect(passes[0]!.startFrame).toBeLessThanOrEqual(13);
    expect(passes[0]!.end[0]).toBeGreaterThan(43);
  });

  it('an interception is a pass whose receiver is on the other team (a turnover)', () => {
    const input = scene(60, [{ team: 0, at: still(30, 30) }, { team: 0, at: still(50, 30) }, { team: 1, at: still(40, 30.8) }],
      (f) => (f < 34 ? travel([30.5, 30], [49.5, 30], 10, 35)(f) : [40, 30.4, 0.1]));
    const passes = detectPasses(input, ballControl(input));
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({ passer: 0, receiver: 2, team: 0, receiverTeam: 1 });
  });

  it('a ball played out of play is a pass to nobody; a player who gets his own ball back has not passed', () => {
    const out = scene(60, [{ team: 1, at: still(60, 60) }, { team: 0, at: still(30, 20) }],
      (f) => travel([60.5, 60], [60.5, 69], 10, 30)(f), (f) => f < 31);
    const passes = detectPasses(out, ballControl(out));
    expect(passes).toHaveLength(1);
    expect(passes[0]).toMatchObject({ passer: 0, receiver: null, team: 1, receiverTeam: null });
    // A dribble: the ball pushed 4 m ahead and caught up with by the same player.
    const dribble = scene(60, [{ team: 0, at: (f) => [lerp(30, 40, f / 60), 30] }, { team: 1, at: still(60, 50) }],
      (f) => (f < 10 ? [30.5 + f / 6, 30, 0] : f < 20 ? [32 + (f - 10) * 0.5, 30, 0] : [lerp(30, 40, f / 60) + 0.5, 30, 0]));
    expect(detectPasses(dribble, ballControl(dribble))).toEqual([]);
  });

  it('two players at one ball (a duel, the ball moving under a metre) make no pass', () => {
    const input = scene(40, [{ team: 0, at: still(30, 30) }, { team: 1, at: (f) => (f < 15 ? [34, 30] : [31.2, 30]) }],
      (f) => (f < 15 ? [30.5, 30, 0.1] : [30.9, 30, 0.1]));
    expect(detectPasses(input, ballControl(input))).toEqual([]);
  });
});
