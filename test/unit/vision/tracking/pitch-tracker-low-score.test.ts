import { describe, expect, it } from 'vitest';
import { PitchTracker } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, detect, rng } from './synthetic.js';

/** ByteTrack's second stage: low-score detections continue tracks, never start them. */
describe('PitchTracker: low-score detections', () => {
  it('keep a tracked player fed while his detections score low (split or half-hidden)', () => {
    const tracker = new PitchTracker();
    const rand = rng(1);
    let id: number | null = null;
    for (let f = 0; f < 60; f++) {
      const low = f >= 20 && f < 40;
      const out = tracker.step(f * FRAME_MS, [detect(30 + 0.16 * f, 30, rand, 0.3, low ? 0.4 : 0.9)]);
      if (f === 10) id = out[0]?.trackId ?? null;
      if (f >= 10) {
        expect(out[0]?.trackId, `frame ${f}`).toBe(id);
        expect(out[0]?.confirmed).toBe(true);
      }
      // Fed, not coasting: seen this very frame.
      if (low) expect(tracker.tracks()[0]?.lastSeenMs).toBe(f * FRAME_MS);
    }
  });

  it('on their own start nothing: trackId null, the detection position passed through', () => {
    const tracker = new PitchTracker();
    const rand = rng(2);
    for (let f = 0; f < 10; f++) {
      const d = detect(70, 20, rand, 0.3, 0.5);
      const out = tracker.step(f * FRAME_MS, [d]);
      expect(out[0]).toEqual({ trackId: null, x: d.x, y: d.y, confirmed: false, overlapWith: null });
    }
    expect(tracker.tracks()).toHaveLength(0);
  });

  it('must sit close to a track: one 2 m from a player is left unclaimed, below 0.1 is ignored', () => {
    const tracker = new PitchTracker();
    const rand = rng(3);
    for (let f = 0; f < 20; f++) tracker.step(f * FRAME_MS, [detect(50, 30, rand)]);
    // The player is missed this frame; a low-score blob 2 m away does not become him.
    let out = tracker.step(20 * FRAME_MS, [detect(52, 30, rand, 0, 0.4)]);
    expect(out[0]?.trackId).toBeNull();
    // A very low score is ignored even right on top of him.
    out = tracker.step(21 * FRAME_MS, [detect(50, 30, rand, 0, 0.05)]);
    expect(out[0]?.trackId).toBeNull();
    // A high-score detection there would have been his (the wide gate is for high scores).
    out = tracker.step(22 * FRAME_MS, [detect(51.5, 30, rand, 0, 0.9)]);
    expect(out[0]?.trackId).toBe(tracker.tracks()[0]?.id);
    expect(tracker.tracks()).toHaveLength(1);
  });
});
