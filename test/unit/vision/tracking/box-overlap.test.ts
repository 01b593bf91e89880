import { describe, expect, it } from 'vitest';
import { boxesOverlap, footInside, iou, overlapPartners } from '../../../../engine/vision/tracking/box-overlap.js';

describe('box overlap', () => {
  it('computes IoU', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150, 12);
    expect(iou([0, 0, 10, 10], [10, 0, 20, 10])).toBe(0);
  });

  it('sees a far player whose feet are behind a near player, though their IoU is small', () => {
    const near: [number, number, number, number] = [100, 100, 140, 200];
    const far: [number, number, number, number] = [125, 60, 145, 110];
    expect(iou(near, far)).toBeLessThan(0.1);
    expect(footInside(far, near)).toBe(true);
    expect(footInside(near, far)).toBe(false);
    expect(boxesOverlap(near, far)).toBe(true);
    expect(boxesOverlap(far, near)).toBe(true);
    expect(boxesOverlap(near, [300, 100, 340, 200])).toBe(false);
  });

  it('picks for each box its strongest partner, preferred ones first', () => {
    const boxes: Array<[number, number, number, number]> = [
      [0, 0, 10, 20],
      [2, 0, 12, 20], // overlaps 0 a lot
      [8, 0, 18, 20], // overlaps 1 a little, 0 less
      [100, 0, 110, 20],
    ];
    expect(overlapPartners(boxes)).toEqual([1, 0, 1, -1]);
    // When 1 may not be named, 0 and 2 name each other (IoU 0.11 > 0.1) rather than nothing.
    expect(overlapPartners(boxes, (i) => i !== 1)).toEqual([2, 0, 0, -1]);
  });
});
