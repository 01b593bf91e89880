/**
 * Interval algebra for the query-intervals engine (spec 4.3): half-open spans [start, end) in
 * milliseconds. "Coverage" lists are normalised (sorted, disjoint, non-touching, non-empty); item lists
 * are spans that carry data (labels, actors) and may overlap one another.
 */
export interface Span {
  start: number;
  end: number;
}

const byStart = (a: Span, b: Span): number => a.start - b.start || a.end - b.end;

/** Sorted, disjoint union of the spans; empty spans vanish and touching spans ([0,40) [40,80)) join. */
export function normalizeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort(byStart);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s.start <= last.end) {
      if (s.end > last.end) last.end = s.end;
    } else {
      out.push({ start: s.start, end: s.end });
    }
  }
  return out;
}

export function unionSpans(...lists: readonly (readonly Span[])[]): Span[] {
  return normalizeSpans(lists.flat());
}

/** Intersection of two normalised lists (two-pointer walk, linear). */
export function intersectSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as Span;
    const y = b[j] as Span;
    const start = Math.max(x.start, y.start);
    const end = Math.min(x.end, y.end);
    if (end > start) out.push({ start, end });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** Intersection of several normalised lists; the caller decides what zero lists mean. */
export function intersectAll(lists: readonly (readonly Span[])[]): Span[] {
  if (lists.length === 0) return [];
  let acc: Span[] = (lists[0] as Span[]).map((s) => ({ start: s.start, end: s.end }));
  for (let k = 1; k < lists.length && acc.length > 0; k++) acc = intersectSpans(acc, lists[k] as Span[]);
  return acc;
}

/** What [lo, hi) leaves uncovered by a normalised list. */
export function complementSpans(a: readonly Span[], lo: number, hi: number): Span[] {
  const out: Span[] = [];
  let cursor = lo;
  for (const s of a) {
    if (s.end <= cursor) continue;
    if (s.start >= hi) break;
    if (s.start > cursor) out.push({ start: cursor, end: s.start });
    cursor = Math.max(cursor, s.end);
  }
  if (cursor < hi) out.push({ start: cursor, end: hi });
  return out;
}

/** First index in a normalised list whose span ends after t. */
function firstEndingAfter(a: readonly Span[], t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as Span).end <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each item cut to the normalised mask: an item spanning a hole in the mask becomes several pieces, each
 * keeping the item's data; items outside the mask disappear. Output is sorted by start.
 */
export function clipItems<T extends Span>(items: readonly T[], mask: readonly Span[]): T[] {
  const out: T[] = [];
  for (const item of items) {
    for (let k = firstEndingAfter(mask, item.start); k < mask.length; k++) {
      const m = mask[k] as Span;
      if (m.start >= item.end) break;
      const start = Math.max(item.start, m.start);
      const end = Math.min(item.end, m.end);
      if (end > start) out.push({ ...item, start, end });
    }
  }
  return out.sort(byStart);
}

/** Widens each item by padMs on both sides and clamps it to [lo, hi]; items left empty are dropped. */
export function padItems<T extends Span>(items: readonly T[], padMs: number, lo: number, hi: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    const start = Math.max(lo, item.start - padMs);
    const end = Math.min(hi, item.end + padMs);
    if (end > start) out.push({ ...item, start, end });
  }
  return out;
}

/**
 * Merges items that overlap or lie at most gapMs apart. Only items with the same key merge (items with
 * different keys may overlap in the output); a merged item keeps the data of its earliest member.
 * Output is sorted by start.
 */
export function mergeItems<T extends Span>(items: readonly T[], gapMs: number, key: (item: T) => string = () => ''): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g === undefined) groups.set(k, [item]);
    else g.push(item);
  }
  const out: T[] = [];
  for (const group of groups.values()) {
    group.sort(byStart);
    let cur: T | null = null;
    for (const item of group) {
      if (cur !== null && item.start - cur.end <= gapMs) {
        if (item.end > cur.end) cur.end = item.end;
      } else {
        cur = { ...item };
        out.push(cur);
      }
    }
  }
  return out.sort(byStart);
}

/**
 * The overlap of every pair of items, one from each list, without merging anything: two passes that
 * overlap each other stay two spans. Items overlap one another within a list, so a sort by start and a
 * running maximum of ends find, for each item of `a`, just the items of `b` that reach it.
 */
export function intersectItems(a: readonly Span[], b: readonly Span[]): Span[] {
  const sorted = b.filter((s) => s.end > s.start).sort(byStart);
  const reach: number[] = [];
  for (const s of sorted) reach.push(Math.max(s.end, reach[reach.length - 1] ?? -Infinity));
  const out: Span[] = [];
  for (const x of a) {
    // Items of b starting before x ends: indexes [0, hi).
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((sorted[mid] as Span).start < x.end) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo - 1; k >= 0 && (reach[k] as number) > x.start; k--) {
      const y = sorted[k] as Span;
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  }
  return out.sort(byStart);
}
