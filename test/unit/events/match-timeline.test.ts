import { describe, expect, it } from 'vitest';
import { detectPeriods, findKickoffs } from '../../../engine/events/match-timeline.js';
import { attacksRight } from '../../../engine/events/attack-direction.js';
import type { Path } from '../../helpers/event-scenes.js';
import { scene } from '../../helpers/event-scenes.js';

/**
 * Two halves of 1,000 frames with a 400-frame break: each half starts with the squads in their own
 * halves and the ball on the centre spot for 50 frames, then played; the squads swap ends at half-time.
 */
function match(options: { breakFrames: number }) {
  const half = 1000;
  const secondStart = half + options.breakFrames;
  const frames = secondStart + half;
  const side = (team: 0 | 1, f: number) => ((f < half) === (team === 0) ? -1 : 1);
  const players: { team: 0 | 1; at: Path }[] = [];
  for (const team of [0, 1] as const) {
    for (let k = 0; k < 10; k++) {
      players.push({
        team,
        at: (f) => {
          if (f >= half && f < secondStart) return null; // off the pitch at half-time
          const local = f < half ? f : f - secondStart;
          const depth = 5 + k * 3 + (local > 60 ? 10 * Math.sin(local / 50 + k) : 0);
          return [52.5 + side(team, f) * Math.max(1, depth), 10 + k * 5];
        },
      });
    }
  }
  const ball = (f: number): [number, number, number] | null => {
    if (f >= half && f < secondStart) return null;
    const local = f < half ? f : f - secondStart;
    return local < 50 ? [52.5, 34, 0] : [52.5 + (local - 50) * 0.05, 34 + Math.sin(local / 20) * 5, 0];
  };
  return { input: scene(frames, players, ball), secondStart };
}

describe('match timeline', () => {
  it('finds both kickoffs and the halves around a break, each squad defending its end', () => {
    const { input, secondStart } = match({ breakFrames: 400 });
    expect(findKickoffs(input).map((k) => k.frame)).toEqual([50, secondStart + 50]);
    const periods = detectPeriods(input, { pauseSeconds: 10 });
    expect(periods).toEqual([
      { startFrame: 50, endFrame: 1000, leftTeam: 0, kickoff: true },
      { startFrame: secondStart + 50, endFrame: secondStart + 1000, leftTeam: 1, kickoff: true },
    ]);
    expect(attacksRight(periods, 0, 500)).toBe(true);
    expect(attacksRight(periods, 0, secondStart + 500)).toBe(false);
    expect(attacksRight(periods, 1, 1100)).toBe(false); // early in the break: the first half's ends
  });

  it('footage edited without its break still splits where the squads swap ends', () => {
    const { input } = match({ breakFrames: 0 });
    const periods = detectPeriods(input);
    expect(periods.map((p) => [p.startFrame, p.endFrame, p.leftTeam])).toEqual([[50, 1000, 0], [1050, 2000, 1]]);
  });

  it('a clip without a kickoff in view is one period that starts with the play', () => {
    const { input } = match({ breakFrames: 400 });
    const clip = { ...input, frames: 900, x: input.x.slice(100 * 20), y: input.y.slice(100 * 20), ballX: input.ballX.slice(100), ballY: input.ballY.slice(100), ballZ: input.ballZ.slice(100) };
    const periods = detectPeriods(clip);
    expect(periods).toEqual([{ startFrame: 0, endFrame: 900, leftTeam: 0, kickoff: false }]);
  });
});
