import { describe, expect, it } from 'vitest';
import { PitchTracker, type TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, detect, rng } from './synthetic.js';

/** Ten players standing in a row, 8 m apart. */
const ROW: Array<[number, number]> = Array.from({ length: 10 }, (_, i) => [15 + i * 8, 34]);

describe('PitchTracker: track life cycle', () => {
  it('a spurious single-frame detection gets an id but is never confirmed, and its track goes', () => {
    const tracker = new PitchTracker();
    const rand = rng(1);
    let spuriousId: number | null = null;
    const seenIds = new Set<number>();
    for (let f = 0; f < 40; f++) {
      const dets: TrackInput[] = ROW.map(([x, y]) => detect(x, y, rand));
      if (f === 20) dets.push(detect(60, 10, rand));
      const out = tracker.step(f * FRAME_MS, dets);
      if (f === 20) {
        const o = out[10];
        expect(o?.trackId).not.toBeNull();
        expect(o?.confirmed).toBe(false);
        spuriousId = o?.trackId ?? null;
        expect(tracker.tracks().find((t) => t.id === spuriousId)?.confirmed).toBe(false);
      } else {
        out.forEach((o) => seenIds.add(o.trackId as number));
      }
      // 3 frames without a hit and a new track can no longer make 3 hits in its first 5 frames.
      if (f === 23) expect(tracker.tracks().some((t) => t.id === spuriousId)).toBe(false);
    }
    expect(seenIds.has(spuriousId as number)).toBe(false);
    expect(tracker.tracks().filter((t) => t.confirmed)).toHaveLength(10);
  });

  it('two frames are not enough either; a third within five frames confirms', () => {
    const rand = rng(2);
    const runFor = (hitFrames: number[]) => {
      const t = new PitchTracker();
      const confirmedAt: boolean[] = [];
      for (let f = 0; f < 12; f++) {
        const dets = hitFrames.includes(f) ? [detect(50, 50, rand)] : [];
        const out = t.step(f * FRAME_MS, dets);
        if (out[0]) confirmedAt.push(out[0].confirmed);
      }
      return { confirmedAt, live: t.tracks() };
    };
    expect(runFor([0, 1]).confirmedAt).toEqual([false, false]);
    expect(runFor([0, 1]).live).toHaveLength(0);
    expect(runFor([0, 1, 2]).confirmedAt).toEqual([false, false, true]);
    // 3 hits in 5 frames, with gaps: confirmed at the third, the same track throughout.
    expect(runFor([0, 2, 4]).confirmedAt).toEqual([false, false, true]);
    expect(runFor([0, 2, 4]).live).toHaveLength(1);
    // 3 hits spread over 6 frames: too late.
    expect(runFor([0, 3, 5]).confirmedAt).not.toContain(true);
  });

  it('an established player keeps his id through a stray detection beside him', () => {
    const tracker = new PitchTracker();
    const rand = rng(3);
    let id: number | null = null;
    for (let f = 0; f < 30; f++) {
      const dets = [detect(50, 30, rand)];
      // A confident stray blob 1.2 m away, listed first.
      if (f === 15) dets.unshift(detect(51.2, 30, rand, 0.05, 0.9));
      const out = tracker.step(f * FRAME_MS, dets);
      const mine = out[out.length - 1];
      if (f === 10) id = mine?.trackId ?? null;
      if (f >= 10) expect(mine?.trackId).toBe(id);
      if (f === 15) {
        expect(out[0]?.trackId).not.toBeNull();
        expect(out[0]?.trackId).not.toBe(id);
        expect(out[0]?.confirmed).toBe(false);
      }
    }
  });

  it('ids keep counting up after reset(), which forgets every track', () => {
    const tracker = new PitchTracker();
    const rand = rng(4);
    const first = tracker.step(0, ROW.map(([x, y]) => detect(x, y, rand)));
    expect(tracker.tracks()).toHaveLength(10);
    tracker.reset();
    expect(tracker.tracks()).toHaveLength(0);
    // A reset tracker may start again from an earlier time (a seek).
    const again = tracker.step(0, ROW.map(([x, y]) => detect(x, y, rand)));
    const before = new Set(first.map((o) => o.trackId));
    for (const o of again) expect(before.has(o.trackId)).toBe(false);
  });

  it('refuses timestamps that do not increase, and predicts across skipped frames', () => {
    const tracker = new PitchTracker();
    tracker.step(1000, [detect(50, 30, rng(5), 0)]);
    expect(() => tracker.step(1000, [])).toThrow(RangeError);
    expect(() => tracker.step(960, [])).toThrow(RangeError);
    expect(() => tracker.step(Number.NaN, [])).toThrow(RangeError);
    // A player at 5 m/s seen every other frame (80 ms apart) keeps one id and his speed is found.
    const t2 = new PitchTracker();
    const rand = rng(6);
    const ids = new Set<number | null>();
    for (let f = 0; f < 60; f += 2) ids.add(t2.step(f * FRAME_MS, [detect(20 + 5 * f * 0.04, 30, rand)])[0]?.trackId ?? null);
    expect(ids.size).toBe(1);
    const [track] = t2.tracks();
    expect(track?.vx).toBeGreaterThan(4);
    expect(track?.vx).toBeLessThan(6);
    expect(track?.age).toBe(30);
    expect(track?.hits).toBe(30);
  });
});
