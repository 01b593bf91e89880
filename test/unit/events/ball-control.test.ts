import { describe, expect, it } from 'vitest';
import { ballControl } from '../../../engine/events/ball-control.js';
import { lerp, scene, still } from '../../helpers/event-scenes.js';

describe('ball control from positions', () => {
  it('a pass between team-mates: the passer, the ball in flight still his team\'s, then the receiver', () => {
    // A dribbles at (30, 30) for 20 frames, passes to B at (50, 30): 20 m in 25 frames (20 m/s).
    const input = scene(80, [
      { team: 0, at: still(30, 30) }, { team: 0, at: still(50, 30) }, { team: 1, at: still(40, 45) },
    ], (f) => [lerp(30.5, 49.5, (f - 20) / 25), 30, 0.1]);
    const c = ballControl(input);
    expect(Array.from(c.player.slice(0, 20))).toEqual(Array(20).fill(0));
    // In flight (more than 2.2 m from A, more than 1.5 m from B): nobody holds it, team 0 keeps it.
    expect(c.player[32]).toBe(-1);
    expect(c.team[32]).toBe(0);
    expect(Array.from(c.player.slice(50))).toEqual(Array(30).fill(1));
    expect(Array.from(c.team)).toEqual(Array(80).fill(0));
  });

  it('an interception hands possession to the other team the frame its player reaches the ball', () => {
    const input = scene(60, [
      { team: 0, at: still(30, 30) }, { team: 0, at: still(50, 30) }, { team: 1, at: still(40, 31) },
    ], (f) => (f < 35 ? [lerp(30.5, 40, (f - 10) / 25), 30, 0.1] : [40, 30.3, 0.1]));
    const c = ballControl(input);
    const first = c.team.indexOf(1);
    expect(first).toBeGreaterThan(10);
    // The interceptor stands 1 m off the ball's line: he controls it when it comes within 1.5 m of him.
    expect(Math.abs((input.ballX[first] as number) - 40)).toBeLessThan(1.5);
    expect(Array.from(c.team.slice(first))).toEqual(Array(60 - first).fill(1));
    expect(c.player[59]).toBe(2);
  });

  it('a duel: an opponent as close as the holder makes team possession unknown, not flickering', () => {
    const input = scene(40, [
      { team: 0, at: still(30, 30) },
      { team: 1, at: (f) => (f < 10 ? [35, 30] : [31, 30.1]) },
    ], () => [30.5, 30, 0.1]);
    const c = ballControl(input);
    expect(Array.from(c.team.slice(0, 10))).toEqual(Array(10).fill(0));
    expect(Array.from(c.team.slice(10))).toEqual(Array(30).fill(-1));
    // The holder keeps the ball (the challenger never gets clearly closer).
    expect(Array.from(c.player.slice(10))).toEqual(Array(30).fill(0));
    // Even a little closer (0.1 m) the opponent only contests it; 0.5 m closer, he has won it.
    const closer = (d: number) => ballControl(scene(40, [
      { team: 0, at: still(30, 30) },
      { team: 1, at: (f) => (f < 10 ? [35, 30] : [30.5 + 0.5 - d, 30.05]) },
    ], (f) => [30.5, 30, f < 10 ? 0.1 : 0.1 + 0.02 * (f % 2)]));
    expect(Array.from(closer(0.1).player.slice(10))).toEqual(Array(30).fill(0));
    expect(closer(0.5).player[39]).toBe(1);
  });

  it('a team-mate running past the holder does not take the ball in one or two frames (hysteresis)', () => {
    const input = scene(30, [
      { team: 0, at: still(30, 30) },
      { team: 0, at: (f) => [lerp(20, 40, f / 30), 30.4] },
    ], () => [30.6, 30, 0.1]);
    const c = ballControl(input);
    // The runner (0.67 m a frame) is closer to the ball than the holder in frames 15 and 16 only.
    expect(Array.from(c.player)).toEqual(Array(30).fill(0));
  });

  it('a long ball nobody controls: after two seconds in the air the team in possession is unknown', () => {
    const input = scene(100, [
      { team: 0, at: still(20, 30) }, { team: 1, at: still(70, 30) },
    ], (f) => {
      if (f < 10) return [20.5, 30, 0.1];
      const s = (f - 10) / 80;
      return [lerp(20.5, 70, s), 30, f < 90 ? 4 * 20 * s * (1 - s) + 0.1 : 0.1];
    });
    const c = ballControl(input);
    expect(c.team[20]).toBe(0);
    // The ball is above 1.5 m from about frame 12 to 88; unknown after 50 frames up there.
    expect(c.team[45]).toBe(0);
    expect(c.team[75]).toBe(-1);
    expect(c.team[99]).toBe(1);
    expect(c.player[99]).toBe(1);
  });

  it('a dead or unseen ball belongs to nobody, and control starts afresh after it', () => {
    const input = scene(30, [{ team: 0, at: still(30, 30) }, { team: 1, at: still(31, 30) }], (f) => (f >= 10 && f < 15 ? null : [f < 10 ? 29.5 : 31.4, 30, 0.1]), (f) => f < 20 || f >= 25);
    const c = ballControl(input);
    expect(c.team[5]).toBe(0);
    expect(Array.from(c.team.slice(10, 15))).toEqual(Array(5).fill(-1));
    expect(Array.from(c.team.slice(20, 25))).toEqual(Array(5).fill(-1));
    expect(c.player[22]).toBe(-1);
    expect(c.player[27]).toBe(1);
  });

  it('a pass rolling past an opponent unchanged was not touched by him; deflected, it was (touch evidence)', () => {
    // A to B, 20 m at 20 m/s along y = 30; the opponent stands 1.2 m off the line half way.
    const players = [{ team: 0 as const, at: still(30, 30) }, { team: 0 as const, at: still(50, 30) }, { team: 1 as const, at: still(40, 31.2) }];
    const past = scene(60, players, (f) => [lerp(30.5, 49.5, (f - 10) / 19), 30, 0.1]);
    const c = ballControl(past);
    expect(Array.from(c.player).filter((p) => p === 2)).toEqual([]);
    expect(Array.from(c.team)).toEqual(Array(60).fill(0));
    // Deflected by him: at frame 20 the ball turns 90 degrees towards the touchline.
    const deflected = scene(60, players, (f) => (f <= 20 ? [lerp(30.5, 49.5, (f - 10) / 19), 30, 0.1] : [40.5, 30 + (f - 20) * 0.3, 0.1]));
    const d = ballControl(deflected);
    expect(Array.from(d.player.slice(19, 23))).toContain(2);
    expect(d.team[22]).toBe(1);
  });

  it('players off the pitch are never the closest', () => {
    const input = scene(5, [{ team: 0, at: () => null }, { team: 1, at: still(40, 30) }], () => [39.5, 30, 0]);
    expect(Array.from(ballControl(input).player)).toEqual(Array(5).fill(1));
  });
});
