import { describe, expect, it } from 'vitest';
import {
  clipItems, complementSpans, intersectAll, intersectItems, intersectSpans, mergeItems, normalizeSpans, padItems, unionSpans,
} from '../../../engine/metrics/intervals.js';

const s = (start: number, end: number) => ({ start, end });
const pairs = (list: { start: number; end: number }[]) => list.map((x) => [x.start, x.end]);

describe('interval algebra (half-open ms spans)', () => {
  it('normalises: sorts, joins overlapping and touching spans, drops empty ones', () => {
    expect(pairs(normalizeSpans([s(50, 60), s(0, 10), s(10, 20), s(5, 8), s(30, 30), s(40, 35)]))).toEqual([[0, 20], [50, 60]]);
    expect(pairs(unionSpans([s(0, 5)], [s(3, 9), s(12, 14)]))).toEqual([[0, 9], [12, 14]]);
  });

  it('does not change its input', () => {
    const input = [s(0, 10), s(5, 20)];
    normalizeSpans(input);
    expect(input).toEqual([s(0, 10), s(5, 20)]);
  });

  it('[QRY-05] intersects two and three lists; touching spans do not intersect', () => {
    expect(pairs(intersectSpans([s(0, 10), s(20, 30)], [s(5, 25)]))).toEqual([[5, 10], [20, 25]]);
    expect(pairs(intersectSpans([s(0, 10)], [s(10, 20)]))).toEqual([]);
    expect(pairs(intersectAll([[s(0, 100)], [s(10, 30), s(50, 70)], [s(20, 60)]]))).toEqual([[20, 30], [50, 60]]);
    expect(intersectAll([])).toEqual([]);
  });

  it('complements within bounds', () => {
    expect(pairs(complementSpans([s(10, 20), s(30, 40)], 0, 50))).toEqual([[0, 10], [20, 30], [40, 50]]);
    expect(pairs(complementSpans([s(0, 20), s(30, 60)], 5, 50))).toEqual([[20, 30]]);
    expect(pairs(complementSpans([], 0, 7))).toEqual([[0, 7]]);
  });

  it('[QRY-10] clips items to a mask, splitting across holes and keeping their data', () => {
    const items = [{ start: 0, end: 100, label: 'a' }, { start: 40, end: 45, label: 'b' }, { start: 200, end: 300, label: 'c' }];
    expect(clipItems(items, [s(10, 20), s(30, 50)])).toEqual([
      { start: 10, end: 20, label: 'a' }, { start: 30, end: 50, label: 'a' }, { start: 40, end: 45, label: 'b' },
    ]);
  });

  it('[QRY-08] pads both sides and clamps to [0, duration]', () => {
    expect(padItems([{ start: 1000, end: 2000, label: 'x' }], 5000, 0, 120_000)).toEqual([{ start: 0, end: 7000, label: 'x' }]);
    expect(pairs(padItems([s(118_000, 119_000)], 5000, 0, 120_000))).toEqual([[113_000, 120_000]]);
    expect(pairs(padItems([s(50_000, 60_000)], 0, 0, 120_000))).toEqual([[50_000, 60_000]]);
    expect(pairs(padItems([s(130_000, 140_000)], 0, 0, 120_000))).toEqual([]);
  });

  it('[QRY-09] merges spans that overlap or lie at most the gap apart', () => {
    const items = [s(30, 40), s(0, 10), s(14, 20)];
    expect(pairs(mergeItems(items, 4))).toEqual([[0, 20], [30, 40]]);
    expect(pairs(mergeItems(items, 3))).toEqual([[0, 10], [14, 20], [30, 40]]);
    expect(pairs(mergeItems(items, 10))).toEqual([[0, 40]]);
    expect(pairs(mergeItems([s(0, 10), s(10, 12)], 0))).toEqual([[0, 12]]);
    expect(pairs(mergeItems([s(0, 50), s(10, 20)], 0))).toEqual([[0, 50]]);
  });

  it('[QRY-09] merges only items with the same key; the merged item keeps its earliest member\'s data', () => {
    const items = [
      { start: 0, end: 10, label: 'a', n: 1 }, { start: 5, end: 15, label: 'b', n: 2 }, { start: 12, end: 20, label: 'a', n: 3 },
    ];
    expect(mergeItems(items, 0, (i) => i.label)).toEqual([
      { start: 0, end: 10, label: 'a', n: 1 }, { start: 5, end: 15, label: 'b', n: 2 }, { start: 12, end: 20, label: 'a', n: 3 },
    ]);
    expect(mergeItems(items, 2, (i) => i.label)).toEqual([
      { start: 0, end: 20, label: 'a', n: 1 }, { start: 5, end: 15, label: 'b', n: 2 },
    ]);
  });

  it('[QRY-08] intersects items pair by pair without merging: overlapping items of one list stay apart', () => {
    const passes = [s(0, 10), s(5, 15), s(40, 50)];
    expect(pairs(intersectItems(passes, [s(0, 100)]))).toEqual([[0, 10], [5, 15], [40, 50]]);
    // Each pass against each possession spell it meets; a long early item still reaches a later one.
    expect(pairs(intersectItems(passes, [s(8, 12), s(45, 60)]))).toEqual([[8, 10], [8, 12], [45, 50]]);
    expect(pairs(intersectItems([s(90, 95)], [s(0, 100), s(10, 20), s(30, 40)]))).toEqual([[90, 95]]);
    expect(intersectItems(passes, [])).toEqual([]);
    expect(intersectItems([], passes)).toEqual([]);
  });
});
