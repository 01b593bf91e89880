import { describe, expect, it } from 'vitest';
import { mergeCuts, unreachableCuts } from '../../../../engine/vision/tracking/unreachable-steps.js';
import { cutTracks, lastTrackId } from '../../../../engine/vision/identity/track-cuts.js';
import { smoothPlayers, smoothTracks } from '../../../../engine/vision/tracking/despike-tracks.js';
import { PersonRows } from '../../../../engine/vision/tracking/track-store.js';
import { NumberVotes } from '../../../../engine/vision/identity/number-votes.js';
import { TrackingBuilder } from '../../../../engine/results/tracking-columns.js';
import type { FramePerson } from '../../../../engine/vision/tracking/frame-person.js';

const person = (trackId: number, x: number, y = 30): FramePerson => ({
  box: [100, 100, 110, 130], foot: [105, 130], x, y, scale: 1, split: false, trackId, confirmed: true, overlapWith: null, kit: null,
});

/**
 * Track 1 jogs along x at 4 m/s and, at frame 60, its box slides onto somebody 6 m away (a jump nobody
 * can make in 40 ms); it is lost on frames 100-119 and comes back 3 m on (reachable in 0.8 s). Track 2
 * sprints at 9.5 m/s throughout: fast, but possible.
 */
function rows(): PersonRows {
  const r = new PersonRows();
  for (let f = 0; f < 150; f++) {
    if (f < 100 || f >= 120) r.push(f, person(1, 10 + 0.16 * f + (f >= 60 ? 6 : 0)));
    r.push(f, person(2, 20 + 0.38 * f, 50));
  }
  return r;
}

describe('tracks that would need an impossible movement', () => {
  it('finds the jump, and neither a sprint nor a gap that running covers', () => {
    const cuts = unreachableCuts(rows());
    expect([...cuts.entries()]).toEqual([[1, [60]]]);
  });

  it('cuts the track there: rows, readings and the part\'s id from the jump on', () => {
    const r = rows();
    const votes = new NumberVotes();
    votes.add(1, { number: 7, confidence: 0.97, legible: 0.95 }, 30);
    votes.add(1, { number: 11, confidence: 0.97, legible: 0.95 }, 90);
    const cuts = cutTracks(r, mergeCuts(unreachableCuts(r), new Map([[2, []]])), lastTrackId(r) + 1, votes);
    expect(cuts.count).toBe(1);
    expect(cuts.at(1, 59)).toBe(1);
    expect(cuts.at(1, 60)).toBe(3);
    expect([...cuts.touched].sort()).toEqual([1, 3]);
    const tracks = new Set<number>();
    for (let n = 0; n < r.length; n++) if ((r.frame[n] as number) >= 60 && (r.y[n] as number) === 30) tracks.add(r.track[n] as number);
    expect([...tracks]).toEqual([3]);
    expect(votes.readings(1).map((x) => x.frame)).toEqual([30]);
    expect(votes.readings(3).map((x) => x.frame)).toEqual([90]);
  });

  it('merges cut frames of both kinds per track', () => {
    expect([...mergeCuts(new Map([[1, [5]]]), new Map([[1, [9]], [2, [3]]])).entries()]).toEqual([[1, [5, 9]], [2, [3]]]);
  });
});

describe('smoothing tracks and players into paths a body can run', () => {
  it('smooths each track\'s runs, never across a jump or a lost spell', () => {
    const r = rows();
    for (let n = 0; n < r.length; n++) r.x[n] = (r.x[n] as number) + (n % 2 ? 0.2 : -0.2); // foot-point jitter
    smoothTracks(r);
    const of = (track: number, y: number) => [...Array(r.length).keys()].filter((n) => r.track[n] === track && r.y[n] === y);
    const one = of(1, 30);
    const at = (f: number) => r.x[one.find((n) => r.frame[n] === f) as number] as number;
    // Both sides of the jump keep their own level: nothing was smeared across it.
    expect(at(59)).toBeCloseTo(10 + 0.16 * 59, 0);
    expect(at(60)).toBeCloseTo(16 + 0.16 * 60, 0);
    expect(at(125)).toBeCloseTo(16 + 0.16 * 125, 0);
    // The sprinter's steps are now within a body's top speed, and his speed his 9.5 m/s (the raw
    // steps alternate between 19.5 and -0.5 m/s).
    const two = of(2, 50);
    let sum = 0;
    for (let k = 10; k + 10 < two.length; k++) {
      const v = ((r.x[two[k + 1] as number] as number) - (r.x[two[k] as number] as number)) / 0.04;
      expect(v).toBeGreaterThan(7.5);
      expect(v).toBeLessThan(10.4);
      sum += v;
    }
    expect(sum / (two.length - 20)).toBeCloseTo(9.5, 0);
  });

  it('smooths an identified player\'s detected rows, and leaves projected rows alone', () => {
    const b = new TrackingBuilder();
    const seven = b.playerIndex('0-7');
    for (let f = 0; f < 60; f++) {
      b.push({ timestamp: f * 40, role: 0, player: seven, playerIdConf: 1, x: Math.round((10 + 0.2 * f + (f % 2 ? 0.3 : -0.3)) * 100), y: 3000, status: 0, track: 1 });
      b.push({ timestamp: f * 40, role: 0, player: seven, playerIdConf: 1, x: 9000 + (f % 2 ? 50 : 0), y: 3000, status: 2 });
    }
    const c = b.finish();
    smoothPlayers(c);
    for (let i = 0; i < c.length; i++) {
      const f = (c.timestamp[i] as number) / 40;
      if (c.status[i] === 2) expect(c.x[i]).toBe(9000 + (f % 2 ? 50 : 0));
      else if (f > 5 && f < 55) expect(Math.abs((c.x[i] as number) - (10 + 0.2 * f) * 100)).toBeLessThan(12);
    }
  });
});
