import { describe, expect, it } from 'vitest';
import { scoreEvents } from '../../../bench/eval/event-match.js';
import { createRng } from '../../../engine/match-data/rng.js';

describe('event scoring (start within a tolerance, same team)', () => {
  const rng = createRng(11);
  const truth = Array.from({ length: 200 }, (_, i) => ({ t: i * 5000 + Math.floor(rng.next() * 1000), team: i % 2 }));

  it('the truth scores itself perfectly', () => {
    expect(scoreEvents(truth, truth)).toEqual({ tp: 200, precision: 1, recall: 1, f1: 1 });
  });

  it('perturbed truth: shifts inside the tolerance still match, outside do not; spurious and missing events count', () => {
    // Every event shifted by up to 0.9 s matches; 20 dropped, 30 spurious ones added far from any.
    const shifted = truth.map((e) => ({ ...e, t: e.t + (rng.next() * 2 - 1) * 900 })).slice(20);
    const spurious = Array.from({ length: 30 }, (_, i) => ({ t: i * 5000 + 2500 + 1000, team: 0 }));
    const s = scoreEvents(truth, [...shifted, ...spurious]);
    expect(s.tp).toBe(180);
    expect(s.precision).toBeCloseTo(180 / 210, 10);
    expect(s.recall).toBeCloseTo(180 / 200, 10);
    // Shifted by 1.5 s: nothing within 1 s.
    expect(scoreEvents(truth, truth.map((e) => ({ ...e, t: e.t + 1500 }))).tp).toBe(0);
  });

  it('an event of the other team does not match; one without a team matches either', () => {
    expect(scoreEvents([{ t: 0, team: 0 }], [{ t: 100, team: 1 }]).tp).toBe(0);
    expect(scoreEvents([{ t: 0, team: 0 }], [{ t: 100, team: null }]).tp).toBe(1);
    expect(scoreEvents([], []).f1).toBe(0);
  });
});
