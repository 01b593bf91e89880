import type { ResultEvent } from '../results/result-events.js';

/**
 * Events in their served order (start, then type, end and player) with ids `<type>-<n>` numbered in
 * that order: the same input always gives the same ids.
 */
export function numberEvents(all: ResultEvent[]): ResultEvent[] {
  all.sort((a, b) => a.start_ms - b.start_ms || a.type.localeCompare(b.type) || a.end_ms - b.end_ms
    || (a.player_id ?? '').localeCompare(b.player_id ?? ''));
  const counters = new Map<string, number>();
  for (const e of all) {
    const n = (counters.get(e.type) ?? 0) + 1;
    counters.set(e.type, n);
    e.event_id = `${e.type}-${n}`;
  }
  return all;
}
