import { describe, expect, it } from 'vitest';
import { corroboratedIds } from '../../../../engine/vision/identity/corroborated-ids.js';
import type { Identity } from '../../../../engine/vision/identity/assign-identities.js';
import type { TrackEnds } from '../../../../engine/vision/identity/stitch-tracks.js';

const t = (track: number, fromMs: number, toMs: number, first: [number, number], last: [number, number], team: 0 | 1 = 0): TrackEnds => ({
  track, team, role: 'player', fromMs, toMs, first, last, number: null,
});
const sure = (...numbers: number[]) => numbers.map((number) => ({ number, confidence: 0.97 }));

/** Player 0-7 voted on track 1 (0-10 s, ending at (20, 30)) and track 2 (40-60 s, starting at (40, 30)). */
const named = new Map<number, Identity>([[1, { playerId: '0-7', confidence: 0.9 }], [2, { playerId: '0-7', confidence: 0.9 }]]);
const seven = [t(1, 0, 10_000, [10, 30], [20, 30]), t(2, 40_000, 60_000, [40, 30], [45, 30])];

describe('tracks read once or twice, named where the rest of the match backs the reading', () => {
  it('names a track read once as 7 between two sightings of 0-7 it can be reached from and can reach', () => {
    const ids = corroboratedIds([...seven, t(3, 15_000, 30_000, [25, 30], [35, 30])], named, (k) => (k === 3 ? sure(7) : []));
    expect(ids.get(3)?.playerId).toBe('0-7');
    expect(ids.get(3)?.confidence).toBeLessThan(0.5);
    expect(ids.has(1)).toBe(false); // only new names come back
  });

  it('leaves it unnamed where 0-7 could not have got there in the time, or is elsewhere at the same time', () => {
    const far = t(3, 11_000, 30_000, [90, 60], [35, 30]); // 72 m in 1 s
    expect(corroboratedIds([...seven, far], named, (k) => (k === 3 ? sure(7) : [])).size).toBe(0);
    const meanwhile = t(3, 5_000, 30_000, [25, 30], [35, 30]); // 5 s beside track 1
    expect(corroboratedIds([...seven, meanwhile], named, (k) => (k === 3 ? sure(7) : [])).size).toBe(0);
  });

  it('needs the number voted elsewhere, one number in its readings, and the squad of the id', () => {
    const between = t(3, 15_000, 30_000, [25, 30], [35, 30]);
    expect(corroboratedIds([...seven, between], named, () => sure(8)).size).toBe(0);
    expect(corroboratedIds([...seven, between], named, (k) => (k === 3 ? sure(7, 9) : [])).size).toBe(0);
    const opponent = t(3, 15_000, 30_000, [25, 30], [35, 30], 1);
    expect(corroboratedIds([...seven, opponent], named, (k) => (k === 3 ? sure(7) : [])).size).toBe(0);
  });

  it('gives an id to one of two tracks read as it at the same time: the better read', () => {
    const once = t(3, 15_000, 30_000, [25, 30], [35, 30]);
    const twice = t(4, 16_000, 29_000, [24, 31], [34, 31]);
    const ids = corroboratedIds([...seven, once, twice], named, (k) => (k === 3 ? sure(7) : k === 4 ? sure(7, 7) : []));
    expect([...ids.keys()]).toEqual([4]);
  });
});
