import { describe, expect, it } from 'vitest';
import { BallCursor, ballisticApex, planBall, sampleSegment } from '../../../engine/sim/ball-path.js';
import { sampleMinute } from '../../helpers/synthetic-match.js';
import { scriptedMatch } from '../../../engine/sim/events/scripted-match.js';

describe('ball path from events', () => {
  const source = sampleMinute();
  const { segments, anchors } = planBall(source);
  const ball = new BallCursor(segments);

  it('passes through every event location at its frame (within 1 m)', () => {
    expect(anchors.every((a) => a.honoured)).toBe(true);
    for (const a of anchors) {
      const b = ball.at(a.t);
      expect(b, `event ${a.event} ${a.at}`).not.toBeNull();
      expect(Math.hypot((b?.x ?? NaN) - a.p.x, (b?.y ?? NaN) - a.p.y), `event ${a.event} ${a.at}`).toBeLessThanOrEqual(1);
    }
  });

  it('is continuous in time inside a period: segments join end to start', () => {
    for (let i = 1; i < segments.length; i++) {
      const prev = segments[i - 1]!;
      const cur = segments[i]!;
      if (prev.period !== cur.period) continue;
      expect(cur.t0).toBe(prev.t1);
      expect(Math.hypot(cur.p0.x - prev.p1.x, cur.p0.y - prev.p1.y)).toBeLessThan(1e-9);
    }
  });

  it('flies crosses and goal kicks on a ballistic arc, height from the flight time', () => {
    const cross = segments.find((s) => s.t0 === 14_000)!;
    expect(cross.kind).toBe('lofted');
    expect(cross.apex).toBeCloseTo(ballisticApex(1.6, 22), 6);
    expect(cross.apex).toBeCloseTo((9.81 * 1.6 * 1.6) / 8, 6);
    expect(sampleSegment(cross, 14_800).z).toBeCloseTo(cross.apex, 6);
    expect(sampleSegment(cross, 14_000).z).toBe(0);
    expect(segments.find((s) => s.t0 === 30_000)?.kind).toBe('lofted');
  });

  it('rolls ground passes with friction: fast from the foot, slower on arrival', () => {
    const pass = segments.find((s) => s.t0 === 4_000)!;
    expect(pass.kind).toBe('ground');
    const speed = (t: number) => {
      const a = sampleSegment(pass, t);
      const b = sampleSegment(pass, t + 40);
      return Math.hypot(b.x - a.x, b.y - a.y) / 0.04;
    };
    expect(speed(4_000)).toBeGreaterThan(speed(5_100));
    expect(sampleSegment(pass, 5_200).z).toBe(0);
  });

  it("carries the ball at the receiver's feet until his next action", () => {
    const carry = segments.find((s) => s.t0 === 5_200)!;
    expect(carry).toMatchObject({ kind: 'carry', holder: 'home:4', team: 'home', t1: 8_000 });
  });

  it('stops play from a ball out until the restart, and from a shot wide until the goal kick', () => {
    for (const t of [44_500, 48_000, 51_960, 17_000, 29_000]) expect(ball.at(t)?.inPlay, `t=${t}`).toBe(false);
    for (const t of [52_500, 35_500, 10_000]) expect(ball.at(t)?.inPlay, `t=${t}`).toBe(true);
  });

  it('keeps play stopped from a foul until the free kick: the challenge recorded after the whistle does not restart it', () => {
    const plan = planBall(scriptedMatch([
      { team: 'home', type: 'SET PIECE', subtypes: ['KICK OFF'], at: 1, from: 9 },
      { team: 'home', type: 'PASS', at: 1, until: 2, from: 9, to: 8, start: [52.5, 34], end: [45, 30] },
      { team: 'home', type: 'CHALLENGE', subtypes: ['GROUND', 'FAULT', 'WON'], at: 4, from: 8, start: [44, 30] },
      { team: 'home', type: 'FAULT RECEIVED', at: 4, from: 8, start: [44, 30] },
      { team: 'away', type: 'CHALLENGE', subtypes: ['GROUND', 'FAULT', 'LOST'], at: 4.5, from: 6, start: [44, 31] },
      { team: 'home', type: 'SET PIECE', subtypes: ['FREE KICK'], at: 20, from: 8 },
      { team: 'home', type: 'PASS', at: 20, until: 21, from: 8, to: 4, start: [44, 30], end: [35, 20] },
    ]));
    const cursor = new BallCursor(plan.segments);
    expect(cursor.at(3_000)?.inPlay).toBe(true);
    for (const t of [5_000, 10_000, 19_000]) expect(cursor.at(t)?.inPlay, `t=${t}`).toBe(false);
    expect(cursor.at(20_500)?.inPlay).toBe(true);
  });

  it('marks anchors the source contradicts (same frame, metres apart) and lets the starting event hold', () => {
    const contradictory = scriptedMatch([
      { team: 'home', type: 'PASS', at: 1, until: 2, from: 2, to: 3, start: [30, 30], end: [40, 30] },
      { team: 'home', type: 'BALL LOST', at: 4, until: 5, from: 3, start: [41, 30], end: [50, 30] },
      { team: 'away', type: 'RECOVERY', at: 5, from: 4, start: [50, 34] },
    ]);
    const plan = planBall(contradictory);
    const lostEnd = plan.anchors.find((a) => a.event === 1 && a.at === 'end')!;
    const recovery = plan.anchors.find((a) => a.event === 2)!;
    expect(lostEnd.honoured).toBe(false);
    expect(recovery.honoured).toBe(true);
    const b = new BallCursor(plan.segments).at(5_000)!;
    expect([b.x, b.y]).toEqual([50, 34]);
  });
});
