import { describe, expect, it } from 'vitest';
import { inferInPlay } from '../../../engine/events/in-play.js';
import { ballRoute, route, scene, still } from '../../helpers/event-scenes.js';

describe('inferInPlay', () => {
  it('is dead from the ball leaving the pitch until it has lain still and is played again', () => {
    const input = scene(200, [{ team: 0, at: route([0, 40, 6], [60, 40, 2], [90, 40, -0.6], [200, 40, -0.6]) }],
      ballRoute([0, 40, 10], [50, 40, -2], [100, 40, -0.5], [130, 40, -0.5], [150, 43.6, 8], [200, 43.6, 8]));
    const live = inferInPlay(input);
    expect(live[30]).toBe(1);
    const out = live.indexOf(0);
    expect(out).toBeGreaterThan(40);
    expect(out).toBeLessThan(46); // crossing y = -0.3
    expect(live[120]).toBe(0);
    expect(live[140]).toBe(1); // thrown in
  });

  it('a goal is the ball reaching the goal line between the posts', () => {
    const input = scene(100, [{ team: 0, at: still(80, 30) }], ballRoute([0, 90, 34], [20, 105, 34.5], [100, 105.2, 34.5]));
    const live = inferInPlay(input);
    expect(live[10]).toBe(1);
    expect(live[25]).toBe(0);
  });

  it('a ball left alone and still for seconds is a stoppage; one at a player\'s feet is not', () => {
    const alone = scene(250, [{ team: 0, at: still(30, 30) }], ballRoute([0, 50, 34], [20, 52, 34], [250, 52, 34]));
    const lone = inferInPlay(alone);
    expect(lone[5]).toBe(1);
    expect(lone[30]).toBe(0); // dead from the start of the rest
    expect(lone[200]).toBe(0);
    const held = scene(250, [{ team: 0, at: still(52.5, 34) }], ballRoute([0, 50, 34], [20, 52, 34], [250, 52, 34]));
    expect(inferInPlay(held).every((v) => v === 1)).toBe(true);
  });
});
