import { describe, expect, it } from 'vitest';
import { detectEvents } from '../../../engine/events/detect-events.js';
import { toResultEvents } from '../../../engine/events/events-to-results.js';
import type { BallControlInput } from '../../../engine/events/ball-control.js';
import { ballRoute, bystanders, keepers, route, scene, still } from '../../helpers/event-scenes.js';

/** Hand-built moments of a match with known answers, through every event stage. */
const results = (input: BallControlInput) => {
  const d = detectEvents(input);
  return { d, events: toResultEvents(d, input, { startMs: 0, frameMs: 40, durationMs: input.frames * 40, playerId: (k) => `p${k}`, teamLabel: (t) => (t === 0 ? 'team_0' : 'team_1') }) };
};
// Player indices: 0 and 1 the keepers, 2-11 bystanders, then each scene's actors from 12.
const A = 12;
const B = 13;

describe('event scenarios', () => {
  it('a one-two: two completed passes, there and back', () => {
    const input = scene(200, [...keepers(), ...bystanders(),
      { team: 0, at: route([0, 50, 34], [40, 50, 34], [100, 62, 30], [200, 70, 30]) },
      { team: 0, at: still(60, 40) },
    ], ballRoute([0, 50.5, 34], [40, 50.5, 34], [60, 59.5, 40], [80, 59.5, 40], [100, 61.5, 30], [200, 69.5, 30]));
    const { d } = results(input);
    expect(d.passes.map((p) => [p.passer, p.receiver, p.receiverTeam])).toEqual([[A, B, 0], [B, A, 0]]);
    expect(d.passes[0]?.setPiece).toBe('open_play');
  });

  it('a cross from the wing into the box is a pass of type cross', () => {
    const input = scene(150, [...keepers(), ...bystanders(),
      { team: 0, at: still(93, 4) },
      { team: 0, at: still(97, 36) },
    ], ballRoute([0, 93.5, 4], [40, 93.5, 4], [80, 96.6, 36, 4], [150, 96.6, 36]));
    const { d } = results(input);
    expect(d.passes).toHaveLength(1);
    expect(d.passes[0]).toMatchObject({ passer: A, receiver: B, passType: 'cross' });
  });

  it('a shot blocked by a defender: a blocked shot and a block, no pass', () => {
    const input = scene(120, [...keepers(), ...bystanders(),
      { team: 0, at: still(85, 34) },
      { team: 1, at: still(92, 34.5) },
    ], ballRoute([0, 85.5, 34], [40, 85.5, 34], [46, 91.5, 34.3], [120, 91.5, 34.3]));
    const { d, events } = results(input);
    expect(d.shots).toHaveLength(1);
    expect(d.shots[0]).toMatchObject({ player: A, outcome: 'blocked', stoppedBy: B });
    expect(d.shots[0]?.distanceToGoal).toBeGreaterThan(18);
    expect(d.shots[0]?.distanceToGoal).toBeLessThan(20);
    expect(d.passes).toHaveLength(0);
    expect(events.filter((e) => e.type === 'block').map((e) => [e.player_id, e.team])).toEqual([[`p${B}`, 'team_1']]);
  });

  it('a tackle: a defender takes the ball off the dribbler at his feet', () => {
    const input = scene(150, [...keepers(), ...bystanders(),
      { team: 0, at: route([0, 50, 34], [60, 54, 34], [150, 54, 34]) },
      { team: 1, at: route([0, 62, 34], [60, 55.6, 34], [150, 50, 40]) },
    ], ballRoute([0, 50.6, 34], [60, 54.6, 34], [66, 55.4, 34], [150, 50.6, 40]));
    const { d, events } = results(input);
    expect(d.tackles).toHaveLength(1);
    expect(d.tackles[0]).toMatchObject({ player: B, opponent: A, team: 1, won: true });
    expect(d.passes).toHaveLength(0);
    expect(events.find((e) => e.type === 'tackle')?.properties).toMatchObject({ won: true, opponent_player_id: `p${A}` });
  });

  it('a throw-in: the ball out, placed, thrown to a team-mate: a pass from a throw-in with both hands', () => {
    const input = scene(200, [...keepers(), ...bystanders(),
      { team: 0, at: route([0, 40, 6], [60, 40, 2], [90, 40, -0.6], [200, 40, -0.6]) },
      { team: 0, at: still(44, 8) },
    ], ballRoute([0, 40, 10], [50, 40, -2], [100, 40, -0.5], [130, 40, -0.5], [150, 43.6, 8], [200, 43.6, 8]));
    const { d, events } = results(input);
    expect(d.passes).toHaveLength(1);
    expect(d.passes[0]).toMatchObject({ passer: A, receiver: B, setPiece: 'throw_in', passType: 'throw_in' });
    expect(events.find((e) => e.type === 'pass')?.properties).toMatchObject({ set_piece: 'throw_in', body_part: 'both_hands' });
  });

  it('a long ball into space: lofted, team possession unknown in its long flight, collected by the runner', () => {
    const input = scene(300, [...keepers(), ...bystanders(),
      { team: 0, at: still(30, 34) },
      { team: 0, at: route([0, 60, 50], [120, 60, 50], [165, 72, 52]) },
    ], ballRoute([0, 30.5, 34], [30, 30.5, 34], [130, 66, 50, 15], [170, 72.5, 52], [300, 72.5, 52]));
    const { d } = results(input);
    expect(d.passes).toHaveLength(1);
    expect(d.passes[0]).toMatchObject({ passer: A, receiver: B, passType: 'lofted' });
    expect(Math.hypot((d.passes[0]?.end[0] ?? 0) - 30.5, (d.passes[0]?.end[1] ?? 0) - 34)).toBeGreaterThan(35);
    expect(d.control.team[110]).toBe(-1);
  });

  it('a rebound tapped in from a yard out at a jog: a goal, though slower than a shot is struck', () => {
    // The keeper is down on the far side; the attacker walks the ball over the line at about 4 m/s.
    const input = scene(120, [{ team: 0, at: still(2, 34), keeper: true }, { team: 1, at: still(101, 27), keeper: true }, ...bystanders(), { team: 0, at: route([0, 102.5, 36], [40, 102.5, 36], [60, 104.5, 35]) }],
      ballRoute([0, 103, 36], [40, 103, 36], [55, 105.6, 35.2], [120, 105.6, 35.2]));
    const { d } = results(input);
    expect(d.shots).toHaveLength(1);
    expect(d.shots[0]).toMatchObject({ player: A, outcome: 'goal' });
    expect(d.shots[0]?.speed).toBeLessThan(8);
  });

  it('a ball rolled wide over the goal line at that pace is no shot', () => {
    const input = scene(120, [...keepers(), ...bystanders(), { team: 0, at: route([0, 100, 14], [40, 100, 14], [60, 102, 13]) }],
      ballRoute([0, 100.5, 14], [40, 100.5, 14], [60, 105.6, 12.5], [120, 105.6, 12.5]));
    const { d } = results(input);
    expect(d.shots).toHaveLength(0);
  });

  it('a ball struck hard past the post from the edge of the box is a shot off target; the same ball from wide by the goal line is a cross', () => {
    const strike = (from: [number, number]) => scene(120, [...keepers(), ...bystanders(), { team: 0, at: still(from[0] - 0.5, from[1]) }],
      ballRoute([0, from[0], from[1]], [40, from[0], from[1]], [55, 105.6, from[1] < 50 ? 40 : 46], [120, 105.6, from[1] < 50 ? 40 : 46]));
    const central = results(strike([88, 40])).d;
    expect(central.shots).toHaveLength(1);
    expect(central.shots[0]).toMatchObject({ player: A, outcome: 'off_target' });
    // From 5 m short of the goal line and 28 m off the goal's centre the goal mouth spans under 3 degrees.
    const wide = results(strike([100, 62])).d;
    expect(wide.shots).toHaveLength(0);
    expect(wide.passes).toHaveLength(1);
  });

  it("a goalkeeper's catch: a shot on target, saved, and not a pass to him", () => {
    const input = scene(120, [...keepers(), ...bystanders(), { team: 0, at: still(84, 30) }],
      ballRoute([0, 84.5, 30], [40, 84.5, 30], [60, 102.6, 33.8, 1.5], [120, 102.6, 33.8]));
    const { d } = results(input);
    expect(d.shots).toHaveLength(1);
    expect(d.shots[0]).toMatchObject({ player: A, outcome: 'on_target', stoppedBy: 1 });
    expect(d.passes).toHaveLength(0);
  });

  it('a pass rolling past an opponent, measured as video measures it (a decimetre of jitter a frame): one pass to the team-mate, not taken by the opponent', () => {
    const C = 14;
    // Deterministic jitter of about 0.12 m a frame (a sum of three uniforms, centred).
    let seed = 7;
    const uniform = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
    const jitter = () => 0.12 * 2 * (uniform() + uniform() + uniform());
    const clean = ballRoute([0, 40.5, 34], [40, 40.5, 34], [80, 59.5, 34], [150, 59.5, 34]);
    const noisy = (f: number): [number, number, number] => {
      const [x, y] = clean(f);
      return [x + jitter(), y + jitter(), 0];
    };
    const input = scene(150, [...keepers(), ...bystanders(),
      { team: 0, at: still(40, 34) },
      { team: 0, at: still(60, 34) },
      { team: 1, at: still(50, 35) },
    ], noisy);
    const { d } = results(input);
    expect(d.passes.map((p) => [p.passer, p.receiver, p.receiverTeam])).toEqual([[A, B, 0]]);
    expect(Array.from(d.control.player)).not.toContain(C);
  });
});
