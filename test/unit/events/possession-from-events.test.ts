import { describe, expect, it } from 'vitest';
import { possessionFromEvents } from '../../../engine/events/possession-from-events.js';
import type { TruthEvent } from '../../../engine/match-data/truth-events.js';

let id = 0;
function ev(type: string, team: 0 | 1 | null, startMs: number, subtypes: string[] = [], endMs = startMs): TruthEvent {
  return { event_id: `e${id++}`, type, team, player_id: null, receiver_id: null, start_ms: startMs, end_ms: endMs, start: null, end: null, period: 1, provider_type: type.toUpperCase(), provider_subtypes: subtypes };
}

describe('team possession from a provider\'s event chain', () => {
  it('keeps the team through its passes, loses it at a ball lost, gives it to the recovering team', () => {
    // 25 frames of 40 ms a second.
    const p = possessionFromEvents([
      ev('set_piece', 0, 0, ['KICK OFF']), ev('pass', 0, 0), ev('pass', 0, 1000),
      ev('ball_lost', 0, 2000, ['INTERCEPTION']), ev('recovery', 1, 2400, ['INTERCEPTION']), ev('pass', 1, 2400),
    ], 100, 40);
    expect(p[0]).toBe(0);
    expect(p[49]).toBe(0);
    // From the ball lost (frame 50) until the recovery (frame 60): nobody's.
    expect(Array.from(p.slice(50, 60))).toEqual(Array(10).fill(-1));
    expect(p[60]).toBe(1);
    expect(p[99]).toBe(1);
  });

  it('a foul makes the ball dead until the free kick, and the challenge recorded after the whistle changes nothing', () => {
    const p = possessionFromEvents([
      ev('pass', 1, 0), ev('challenge', 1, 1000, ['GROUND', 'FAULT', 'WON']), ev('foul', 1, 1000),
      ev('challenge', 0, 1200, ['GROUND', 'FAULT', 'LOST']), ev('set_piece', 1, 3000, ['FREE KICK']), ev('pass', 1, 3000),
    ], 100, 40);
    expect(p[10]).toBe(1);
    expect(Array.from(p.slice(25, 75))).toEqual(Array(50).fill(-1));
    expect(p[75]).toBe(1);
  });

  it('the ball out and a goal leave it nobody\'s until the restart', () => {
    // The ball leaves the pitch 0.4 s after the last touch (the ball out event spans its travel).
    const p = possessionFromEvents([ev('pass', 0, 0, [], 800), ev('ball_out', 0, 800, [], 1200), ev('set_piece', 1, 2000, ['THROW IN'])], 75, 40);
    expect(p[10]).toBe(0);
    expect(p[29]).toBe(0);
    expect(p[30]).toBe(-1);
    expect(p[49]).toBe(-1);
    expect(p[50]).toBe(1);
  });
});
