import { EVENT_TYPES, type ResultEvent } from '../results/result-events.js';
import { intersectSpans, normalizeSpans, type Span } from './intervals.js';
import { spansLength } from './span-lengths.js';
import { round2, roundPartsToTotal } from './round.js';

/** Summary `match_stats` (spec 2.6, SUM-04). */
export interface MatchStats {
  event_counts: Record<string, number>;
  total_durations_sec: Record<string, number>;
  analysable_duration_sec: number;
  non_analysable_duration_sec: number;
}

/**
 * Event counts and durations per type present, in catalogue order (then any other type by name) so the
 * JSON is byte-stable. Durations are the plain sum of (end_ms - start_ms) over the type's events, overlaps
 * included: they describe the events, not the timeline.
 */
export function computeMatchStats(events: readonly ResultEvent[], analysable: readonly Span[], durationMs: number): MatchStats {
  const count = new Map<string, number>();
  const ms = new Map<string, number>();
  for (const e of events) {
    count.set(e.type, (count.get(e.type) ?? 0) + 1);
    ms.set(e.type, (ms.get(e.type) ?? 0) + (e.end_ms - e.start_ms));
  }
  const rank = (t: string): number => {
    const i = (EVENT_TYPES as readonly string[]).indexOf(t);
    return i < 0 ? EVENT_TYPES.length : i;
  };
  const types = [...count.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const event_counts: Record<string, number> = {};
  const total_durations_sec: Record<string, number> = {};
  for (const t of types) {
    event_counts[t] = count.get(t) as number;
    total_durations_sec[t] = round2((ms.get(t) as number) / 1000);
  }
  // Analysable + non-analysable is the video length exactly, also after rounding.
  const a = spansLength(analysable);
  const [analysableSec, restSec] = roundPartsToTotal([a / 1000, Math.max(0, durationMs - a) / 1000]) as [number, number];
  return { event_counts, total_durations_sec, analysable_duration_sec: analysableSec, non_analysable_duration_sec: restSec };
}

/**
 * The analysable part of [0, durationMs): the union of `scene` spans with properties.is_analysable === true,
 * clipped to the video. A result without any scene event (an import from provider data, which is all live
 * play) counts as analysable throughout.
 */
export function analysableSpans(events: readonly ResultEvent[], durationMs: number): Span[] {
  const video: Span[] = durationMs > 0 ? [{ start: 0, end: durationMs }] : [];
  const scenes = events.filter((e) => e.type === 'scene');
  if (scenes.length === 0) return video;
  const live = normalizeSpans(scenes.filter((e) => e.properties.is_analysable === true).map((e) => ({ start: e.start_ms, end: e.end_ms })));
  return intersectSpans(live, video);
}
