import type { Span } from './intervals.js';

/** Total length of a normalised span list (intervals.ts), ms. */
export function spansLength(a: readonly Span[]): number {
  let t = 0;
  for (const s of a) t += s.end - s.start;
  return t;
}

/**
 * Length of a normalised list inside each bucket [k * bucketMs, (k + 1) * bucketMs), indexed by k; spans
 * must not start before 0. Buckets the list never reaches are absent or 0.
 */
export function lengthPerBucket(a: readonly Span[], bucketMs: number): number[] {
  const out: number[] = [];
  for (const { start, end } of a) {
    let t = start;
    while (t < end) {
      const k = Math.floor(t / bucketMs);
      const stop = Math.min(end, (k + 1) * bucketMs);
      while (out.length <= k) out.push(0);
      out[k] = (out[k] as number) + (stop - t);
      t = stop;
    }
  }
  return out;
}
