import { clipItems, intersectAll, intersectItems, mergeItems, normalizeSpans, padItems, type Span } from '../metrics/intervals.js';
import { pixelSamples } from './pixel-coords.js';
import { hitKey, type Hit } from './query-hit.js';
import {
  ballActionHits, eventPropertyHits, matchTimelineHits, playerPossessionHits, sceneHits, teamPossessionHits,
} from './query-filters.js';
import type { IntervalQuery, QueryContext, QueryFilter, QueryInterval, ResolvedQuery } from './query-types.js';
import { resolveQuery } from './query-validate.js';
import { ballLocationHits, frameStateHits, proximityHits } from './tracking-filters.js';

/**
 * `POST /analyses/{id}/query-intervals` (spec 4.3, QRY-01..QRY-12) as a pure function. The pipeline:
 *  1. every filter yields labelled intervals (query-filters.ts, tracking-filters.ts); a filter's `name`
 *     replaces their label;
 *  2. combine: OR keeps every interval with its own label (QRY-05). AND keeps the time covered by all
 *     filters at once: one `filter`/`combined` interval per stretch (QRY-06), or, with preserve_labels,
 *     the intervals of the filters of that type cut to the stretches (QRY-07); with merge_results false
 *     and no preserve_labels, one `filter`/`combined` interval per overlap of one interval of each filter,
 *     so overlapping events stay apart. AND over no filters is the whole video, OR over none is nothing
 *     (the identities of intersection and union);
 *  3. existing_filters: intervals are cut to the union of the windows (QRY-10);
 *  4. padding by pad_sec on both sides, clamped to [0, duration] (QRY-08);
 *  5. merge_results: intervals that overlap or lie at most gap_fill_sec apart merge (QRY-09), but only
 *     those of the same label, type and actor, so differently labelled intervals may overlap; with
 *     merge_results false nothing merges and each event stays separate (QRY-08);
 *  6. exact duplicates go, seconds are rounded to 3 decimals, and the list is sorted by start, label, end
 *     and player; pixel samples are added last (QRY-11) over the final intervals.
 * Throws QueryError for a query that is well-formed but not answerable (query-validate.ts).
 */
export function runIntervalQuery(query: IntervalQuery, ctx: QueryContext): QueryInterval[] {
  const q = resolveQuery(query, ctx);
  const perFilter = q.filters.map((f) => named(evaluateFilter(f, ctx, q), f.name));
  let hits = combine(q, perFilter, ctx);
  if (q.existing_filters.length > 0) {
    hits = clipItems(hits, normalizeSpans(q.existing_filters.map((w) => ({ start: w.start * 1000, end: w.end * 1000 }))));
  }
  hits = padItems(hits, q.pad_sec * 1000, 0, ctx.durationMs);
  if (q.merge_results) hits = mergeItems(hits, q.gap_fill_sec * 1000, hitKey);
  return finish(hits, q, ctx);
}

export function evaluateFilter(f: QueryFilter, ctx: QueryContext, q: Pick<ResolvedQuery, 'coordinate_frame'>): Hit[] {
  switch (f.type) {
    case 'team_possession': return teamPossessionHits(f, ctx);
    case 'player_possession': return playerPossessionHits(f, ctx);
    case 'match_timeline': return matchTimelineHits(f, ctx);
    case 'scene': return sceneHits(f, ctx);
    case 'ball_action': return ballActionHits(f, ctx);
    case 'event_property': return eventPropertyHits(f, ctx, q.coordinate_frame);
    case 'ball_location': return ballLocationHits(f, ctx);
    case 'player_ball_proximity': return proximityHits(f, ctx);
    case 'frame_state': return frameStateHits(f, ctx);
  }
}

function named(hits: Hit[], name: string | null | undefined): Hit[] {
  if (name === undefined || name === null) return hits;
  for (const h of hits) h.label = name;
  return hits;
}

function combine(q: ResolvedQuery, perFilter: Hit[][], ctx: QueryContext): Hit[] {
  if (q.operator === 'OR') return perFilter.flat();
  const whole: Span[] = [{ start: 0, end: ctx.durationMs }];
  if (q.preserve_labels === null && !q.merge_results && perFilter.length > 0) {
    // Each event stays separate (QRY-08): one interval per overlap of one hit of every filter.
    const separate = perFilter.slice(1).reduce<Span[]>((acc, hits) => intersectItems(acc, hits), perFilter[0] as Span[]);
    return separate.map((s) => ({ start: s.start, end: s.end, label: 'filter', type: 'combined' }));
  }
  const common = perFilter.length === 0 ? whole : intersectAll(perFilter.map((hits) => normalizeSpans(hits)));
  if (q.preserve_labels === null) return common.map((s) => ({ start: s.start, end: s.end, label: 'filter', type: 'combined' }));
  const kept = q.filters.flatMap((f, i) => (f.type === q.preserve_labels ? (perFilter[i] as Hit[]) : []));
  return clipItems(kept, common);
}

function compareHits(a: Hit, b: Hit): number {
  return a.start - b.start || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || a.end - b.end
    || String(a.playerId).localeCompare(String(b.playerId)) || hitKey(a).localeCompare(hitKey(b));
}

function finish(hits: Hit[], q: ResolvedQuery, ctx: QueryContext): QueryInterval[] {
  const rounded = hits
    .map((h) => ({ ...h, start: Math.round(h.start), end: Math.round(h.end) }))
    .filter((h) => h.end > h.start)
    .sort(compareHits);
  const out: QueryInterval[] = [];
  let prev: Hit | null = null;
  for (const h of rounded) {
    if (prev !== null && prev.start === h.start && prev.end === h.end && hitKey(prev) === hitKey(h)) continue;
    prev = h;
    const o: QueryInterval = { start: h.start / 1000, end: h.end / 1000, label: h.label, type: h.type };
    if (h.playerId !== undefined) o.player_id = h.playerId;
    if (h.teamId !== undefined) o.team_id = h.teamId;
    if (h.type === 'ball_action') o.team_name = h.teamId == null ? null : ctx.teamNames[h.teamId];
    if (q.include_pixel_coords && h.playerId !== undefined) {
      o.pixel_coords = h.playerId === null ? [] : pixelSamples(ctx, h.playerId, h.teamId ?? null, h.start, h.end, q.coordinate_frame);
    }
    out.push(o);
  }
  return out;
}
