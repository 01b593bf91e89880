import { describe, expect, it } from 'vitest';
import { PitchTracker } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, SwitchCounter, crowd, detect, rng } from './synthetic.js';

/** A shot change: the camera cuts, players stay where they are; the new shot's calibration may differ. */
describe('PitchTracker: cut()', () => {
  it('keeps every id across a cut with everyone in place', () => {
    const paths = crowd(300, 4);
    const tracker = new PitchTracker();
    const rand = rng(1);
    const counter = new SwitchCounter();
    paths.forEach((frame, f) => {
      if (f === 150) tracker.cut();
      const out = tracker.step(f * FRAME_MS, frame.map(([x, y]) => detect(x, y, rand)));
      if (f < 3) return;
      out.forEach((o, p) => {
        expect(o.confirmed).toBe(true);
        counter.see(String(p), o.trackId);
      });
    });
    expect(counter.switches).toBe(0);
    expect(tracker.tracks()).toHaveLength(22);
  });

  /** 11 players 10 m or more apart, standing; after frame 50 every detection reads 3 m further up the pitch. */
  function shifted(cutFirst: boolean) {
    const places = Array.from({ length: 11 }, (_, i): [number, number] => [15 + (i % 4) * 20, 10 + Math.floor(i / 4) * 20]);
    const tracker = new PitchTracker();
    const rand = rng(2);
    let before: Array<number | null> = [];
    let after: Array<number | null> = [];
    for (let f = 0; f <= 55; f++) {
      if (f === 51 && cutFirst) tracker.cut();
      const dx = f > 50 ? 3 : 0;
      const out = tracker.step(f * FRAME_MS, places.map(([x, y]) => detect(x + dx, y, rand, 0.2)));
      if (f === 50) before = out.map((o) => o.trackId);
      if (f === 51) after = out.map((o) => o.trackId);
    }
    return { before, after, tracker };
  }

  it('widens the gate for the first frame: a 3 m calibration jump after a cut keeps the ids', () => {
    const { before, after, tracker } = shifted(true);
    expect(after).toEqual(before);
    expect(tracker.tracks()).toHaveLength(11);
  });

  it('without cut() the same jump is outside the gate: new tracks start', () => {
    const { before, after } = shifted(false);
    for (let i = 0; i < before.length; i++) expect(after[i]).not.toBe(before[i]);
  });
});
