import { describe, expect, it } from 'vitest';
import { PitchTracker, type TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS } from './synthetic.js';

/** Detections with hand-made boxes (the tracker uses boxes only for overlap tests). */
function det(x: number, y: number, box: [number, number, number, number], score = 0.9): TrackInput {
  return { x, y, box, score };
}

describe('PitchTracker: overlapping boxes', () => {
  it("flags each of two overlapping detections with the other's track id", () => {
    const tracker = new PitchTracker();
    for (let f = 0; f < 5; f++) {
      const out = tracker.step(f * FRAME_MS, [
        det(40, 30, [100, 100, 120, 150]), // side by side with the next: IoU 0.33
        det(40.6, 30, [110, 100, 130, 150]),
        det(60, 30, [300, 100, 320, 150]), // alone
        det(70, 40, [400, 60, 416, 100]), // far player whose feet are hidden by the next one's box
        det(70.3, 36, [398, 90, 430, 160]),
      ]);
      const [a, b, alone, far, near] = out as [(typeof out)[0], (typeof out)[0], (typeof out)[0], (typeof out)[0], (typeof out)[0]];
      expect(a.overlapWith).toBe(b.trackId);
      expect(b.overlapWith).toBe(a.trackId);
      expect(alone.overlapWith).toBeNull();
      expect(far.overlapWith).toBe(near.trackId);
      expect(near.overlapWith).toBe(far.trackId);
      for (const o of out) expect(o.trackId).not.toBeNull();
    }
  });

  it('names the partner that has a track: an overlapping low-score leftover has none', () => {
    const tracker = new PitchTracker();
    for (let f = 0; f < 5; f++) {
      const out = tracker.step(f * FRAME_MS, [
        det(40, 30, [100, 100, 120, 150]),
        det(48, 30, [105, 100, 125, 150], 0.4), // overlaps it most, but claims no track (8 m from anyone)
        det(40.5, 30, [112, 100, 132, 150]), // overlaps it less, has a track
      ]);
      expect(out[1]?.trackId).toBeNull();
      expect(out[0]?.overlapWith).toBe(out[2]?.trackId);
      expect(out[2]?.overlapWith).toBe(out[0]?.trackId);
      // The leftover's own partner is named too.
      expect(out[1]?.overlapWith).toBe(out[0]?.trackId);
    }
  });
});
