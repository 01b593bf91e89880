import { describe, expect, it } from 'vitest';
import { numberSwitches, type TimedReading } from '../../../../engine/vision/identity/number-switches.js';

/** Sure readings of `number` at the given frames. */
const reads = (number: number, frames: number[], confidence = 0.97): TimedReading[] => frames.map((frame) => ({ frame, number, confidence }));

describe('where a track changed hands, from its shirt readings', () => {
  it('cuts a track that read one number and then another, between the two runs', () => {
    const readings = [...reads(24, [10, 20, 30, 40]), ...reads(6, [200, 210, 220])];
    const cuts = numberSwitches(readings);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toBeGreaterThan(40);
    expect(cuts[0]).toBeLessThanOrEqual(200);
  });

  it('cuts where the caller finds a moment the track could have changed hands, and not where it finds none', () => {
    const readings = [...reads(24, [10, 20, 30]), ...reads(6, [200, 210, 220])];
    expect(numberSwitches(readings, { couldSwitch: (from, to) => (from <= 150 && to > 150 ? 150 : null) })).toEqual([150]);
    expect(numberSwitches(readings, { couldSwitch: () => null })).toEqual([]);
  });

  it("does not cut at a reader's confusions: a few 18s among the 16s of one man", () => {
    const readings = [...reads(16, [10, 20, 30]), ...reads(18, [40]), ...reads(16, [50, 60]), ...reads(18, [70]), ...reads(16, [80, 90, 100])];
    expect(numberSwitches(readings)).toEqual([]);
  });

  it('ignores unsure readings and needs a full vote on a side: two readings of a new number are not a new man', () => {
    expect(numberSwitches([...reads(24, [10, 20, 30]), ...reads(6, [200, 210])])).toEqual([]);
    expect(numberSwitches([...reads(24, [10, 20, 30]), ...reads(6, [200, 210, 220], 0.6)])).toEqual([]);
  });

  it('cuts after a clear run when the rest is an unsure mix without that number (6 and 8 confused)', () => {
    const readings = [...reads(24, [10, 20, 30, 40, 50]), ...reads(6, [300, 320]), ...reads(8, [310, 330])];
    const cuts = numberSwitches(readings);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toBeGreaterThan(50);
    expect(cuts[0]).toBeLessThanOrEqual(300);
  });

  it('cuts twice when the track passes from one man to a second and on to a third', () => {
    const readings = [...reads(24, [10, 20, 30]), ...reads(6, [100, 110, 120]), ...reads(10, [300, 310, 320])];
    const cuts = numberSwitches(readings);
    expect(cuts).toHaveLength(2);
    expect(cuts[0]).toBeGreaterThan(30);
    expect(cuts[0]).toBeLessThanOrEqual(100);
    expect(cuts[1]).toBeGreaterThan(120);
    expect(cuts[1]).toBeLessThanOrEqual(300);
  });
});
