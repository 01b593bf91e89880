import { describe, expect, it } from 'vitest';
import { switchCuts } from '../../../../engine/vision/identity/split-switched-tracks.js';
import { cutTracks } from '../../../../engine/vision/identity/track-cuts.js';
import { PersonRows, TrackKits } from '../../../../engine/vision/tracking/track-store.js';
import { NumberVotes } from '../../../../engine/vision/identity/number-votes.js';
import type { FramePerson } from '../../../../engine/vision/tracking/frame-person.js';

const person = (trackId: number, x: number, overlapWith: number | null = null): FramePerson => ({
  box: [100, 100, 110, 130], foot: [105, 130], x, y: 30, scale: 1, split: false, trackId, confirmed: true, overlapWith, kit: null,
});
const read = (number: number) => ({ number, confidence: 0.97, legible: 0.95 });

/**
 * 200 frames: track 1 runs throughout and meets track 2 on frames 95-105 (their boxes overlap), where the
 * tracker swapped the men: track 1's shirt reads 24 before and 6 after. Track 3 reads 9 throughout.
 */
function match(meet = true) {
  const rows = new PersonRows();
  const votes = new NumberVotes();
  for (let f = 0; f < 200; f++) {
    const meeting = meet && f >= 95 && f <= 105;
    rows.push(f, person(1, 10 + f * 0.05, meeting ? 2 : null));
    rows.push(f, person(2, 12, meeting ? 1 : null));
    rows.push(f, person(3, 50));
    // Shirts are not read while two people overlap.
    if (f % 20 === 0 && !meeting) votes.add(1, read(f < 100 ? 24 : 6), f);
    if (f % 20 === 0) {
      votes.add(3, read(9), f);
    }
  }
  return { rows, votes };
}

describe('tracks that changed hands, cut where they did', () => {
  it('cuts a track at the end of its meeting with another and gives the rows, readings and partners from there a new id', () => {
    const { rows, votes } = match();
    const cuts = cutTracks(rows, switchCuts(rows, votes), 10, votes);
    expect(cuts.count).toBe(1);
    expect(cuts.at(1, 50)).toBe(1);
    expect(cuts.at(1, 150)).toBe(10);
    expect(cuts.at(3, 150)).toBe(3);
    expect([...cuts.touched].sort()).toEqual([1, 10]);
    const trackAt = (frame: number, k: number) => rows.track[frame * 3 + k];
    expect(trackAt(105, 0)).toBe(1);
    expect(trackAt(106, 0)).toBe(10);
    expect(trackAt(199, 0)).toBe(10);
    expect(trackAt(150, 2)).toBe(3);
    // Track 2's overlap partner on the meeting's frames is track 1, before the cut.
    expect(rows.overlap[100 * 3 + 1]).toBe(1);
    expect(votes.decide(1)?.number).toBe(24);
    expect(votes.decide(10)?.number).toBe(6);
    expect(votes.decide(3)?.number).toBe(9);
    // The per-track sums of the two parts, counted again from the rows.
    const kits = new TrackKits();
    for (let n = 0; n < rows.length; n++) if ((rows.track[n] as number) === 3) kits.add(person(3, 50), (rows.frame[n] as number) * 40);
    kits.recount(cuts.touched, rows, (frame) => frame * 40);
    expect(kits.hits(1)).toBe(106);
    expect(kits.hits(10)).toBe(94);
    const parts = new Map(kits.kits().map((k) => [k.id, k]));
    expect(parts.get(10)?.firstMs).toBe(106 * 40);
    expect(parts.get(1)?.lastMs).toBe(105 * 40);
    expect(kits.ends(10)?.first[0]).toBeCloseTo(10 + 106 * 0.05);
  });

  it('does not cut where the track never met anybody nor was lost: the readings alone are not enough', () => {
    const { rows, votes } = match(false);
    const cuts = cutTracks(rows, switchCuts(rows, votes), 10, votes);
    expect(cuts.count).toBe(0);
    expect(rows.track[150 * 3]).toBe(1);
    expect(votes.decide(1)).toBeNull();
  });
});
