import { describe, expect, it } from 'vitest';
import { nameFromTruth } from '../../../bench/eval/name-from-truth.js';
import { NO_PLAYER } from '../../../engine/results/tracking-columns.js';
import { smallResults } from '../corrections/corrections-fixture.js';

const idOf = (c: ReturnType<typeof nameFromTruth>['now']['tracking'], r: number) =>
  c.player[r] === NO_PLAYER ? null : (c.players[c.player[r] as number] as string);

describe('nameFromTruth (bench:naming\'s script)', () => {
  it('splits the tracks where the truth changes hands and names every matched row, none refused', () => {
    const r = smallResults();
    const c = r.tracking;
    const truthOf: (string | null)[] = new Array(c.length).fill(null);
    const matched = new Uint8Array(c.length);
    for (let i = 0; i < c.length; i++) {
      const t = c.timestamp[i] as number;
      // Tracks 1 and 2 swap people at 240 ms (an id switch the engine missed); one frame of track 2 is nobody's.
      if (c.track[i] === 1) truthOf[i] = t < 240 ? '0-10' : '0-7';
      else if (c.track[i] === 2 && t !== 120) truthOf[i] = t < 240 ? '0-7' : '0-10';
      else continue;
      matched[i] = 1;
    }
    const out = nameFromTruth(r, [1, 2], truthOf, matched);
    expect(out.refused).toBe(0);
    expect(out.splits).toBe(2);
    for (let i = 0; i < c.length; i++) if (matched[i]) expect(idOf(out.now.tracking, i)).toBe(truthOf[i]);
    // The unmatched frame keeps its stretch's name; track 3 and the ball are untouched.
    const unmatched = [...Array(c.length).keys()].find((i) => c.track[i] === 2 && c.timestamp[i] === 120)!;
    expect(idOf(out.now.tracking, unmatched)).toBe('0-7');
    expect(out.corrected.has(3)).toBe(false);
  });

  it('leaves a double detection unnamed where the truth holds the other row', () => {
    const r = smallResults();
    const c = r.tracking;
    const truthOf: (string | null)[] = new Array(c.length).fill(null);
    const matched = new Uint8Array(c.length);
    // Track 2 is a second box on 0-10 (never matched); the script is asked to name it 0-10 from the
    // one frame where the evaluator matched it, and track 1 holds 0-10 everywhere else.
    for (let i = 0; i < c.length; i++) {
      if (c.track[i] === 1 && c.timestamp[i] !== 0) [truthOf[i], matched[i]] = ['0-10', 1];
      if (c.track[i] === 2 && c.timestamp[i] === 0) [truthOf[i], matched[i]] = ['0-10', 1];
    }
    const out = nameFromTruth(r, [2], truthOf, matched);
    expect(out.refused).toBe(0);
    for (let i = 0; i < c.length; i++) {
      if (matched[i]) expect(idOf(out.now.tracking, i)).toBe('0-10');
      else if (c.track[i] === 2) expect(idOf(out.now.tracking, i)).toBeNull();
    }
  });
});
