import { describe, expect, it } from 'vitest';
import { INHERITED_CLAIM, trackIdentities } from '../../../../engine/vision/identity/track-identities.js';
import { NumberVotes } from '../../../../engine/vision/identity/number-votes.js';
import type { TrackEnds } from '../../../../engine/vision/identity/stitch-tracks.js';

const t = (track: number, fromMs: number, toMs: number, first: [number, number], last: [number, number]): TrackEnds => ({
  track, team: 0, role: 'player', fromMs, toMs, first, last, number: null,
});
const read = (number: number) => ({ number, confidence: 0.97, legible: 0.95 });

describe('player ids per track', () => {
  it('names every part of a stitched chain by the number one part read, the others at a lower confidence', () => {
    const votes = new NumberVotes();
    for (let k = 0; k < 5; k++) votes.add(1, read(24), k * 5);
    const ids = trackIdentities([t(1, 0, 4000, [10, 10], [20, 10]), t(2, 4400, 9000, [20.5, 10.5], [30, 12])], votes, { startMs: 0, frameMs: 40 });
    expect(ids.get(1)?.playerId).toBe('0-24');
    expect(ids.get(2)?.playerId).toBe('0-24');
    expect(ids.get(2)?.confidence).toBeCloseTo((ids.get(1)?.confidence as number) * INHERITED_CLAIM);
  });

  it('gives a number to the track that read it over a stitched track that only inherits it, when both claim it at once', () => {
    const votes = new NumberVotes();
    for (let k = 0; k < 5; k++) {
      votes.add(1, read(24), k * 5);
      votes.add(3, read(24), 300 + k * 5);
    }
    // Track 2 was stitched to track 1 by where it began, but it is somebody else: track 3, which read 24
    // itself, is the man while track 2 runs.
    const ids = trackIdentities([
      t(1, 0, 4000, [10, 10], [20, 10]),
      t(2, 4400, 20000, [20.5, 10.5], [30, 12]),
      t(3, 10000, 20000, [60, 40], [62, 40]),
    ], votes, { startMs: 0, frameMs: 40 });
    expect(ids.get(1)?.playerId).toBe('0-24');
    expect(ids.get(3)?.playerId).toBe('0-24');
    expect(ids.has(2)).toBe(false);
  });
});
