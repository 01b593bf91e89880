import type { ResultEvent } from '../../results/result-events.js';
import { normalizeSpans, type Span } from '../../metrics/intervals.js';
import { round2 } from '../../metrics/round.js';
import type { ReportParams } from '../report-params.js';
import type { CoordinateFrame, Orientation } from '../orientation.js';
import { grid, thirdOf, type Grid } from './grid.js';
import type { PlayerSamples } from './player-samples.js';
import type { BallLookup } from './ball-lookup.js';

export interface Position {
  heatmap: Grid;
  heatmap_with_ball: Grid | null;
  avg_position: { period: number; position: { x: number; y: number }; n_frames: number }[];
  zone_hull: { x: number; y: number }[];
  third_timeline: { minute: number; third: string }[];
  ball_relative_heatmap: Grid | null;
}

/** Team possession spans of a team (normalised), empty when the results have none. */
export function teamSpans(events: readonly ResultEvent[], team: string): Span[] {
  return normalizeSpans(events.filter((e) => e.type === 'team_possession' && e.team === team).map((e) => ({ start: e.start_ms, end: e.end_ms })));
}

/** Whether t lies in one of the sorted spans, walking a cursor forward (calls in time order). */
export function spanWalker(spans: readonly Span[]) {
  let i = 0;
  return (t: number): boolean => {
    while (i < spans.length && (spans[i] as Span).end <= t) i++;
    const s = spans[i];
    return s !== undefined && s.start <= t;
  };
}

/** Andrew's monotone chain: the convex hull, counter-clockwise, no repeated first point. */
export function convexHull(points: readonly { x: number; y: number }[]): { x: number; y: number }[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const cross = (o: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: typeof p = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: typeof p = [];
  for (let k = p.length - 1; k >= 0; k--) {
    const q = p[k]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The period (1 or 2) of time t from the match timeline: second half and its extra time are 2. */
function periodAt(events: readonly ResultEvent[]): (t: number) => number {
  const second = events.filter((e) => e.type === 'match_timeline' && ['second_half', 'extra_time_second_half'].includes(String(e.properties.period)))
    .map((e) => e.start_ms).sort((a, b) => a - b)[0];
  return (t) => (second !== undefined && t >= second ? 2 : 1);
}

/**
 * Spec 2.9 `position` (PLR-12 to PLR-16) over the detected samples, in the report's frame. The hull
 * keeps the `hull_central_fraction` of positions nearest the player's median position (robust to the
 * odd run forward), so it outlines where he usually is. The ball-relative grid has 5 m bins, like the
 * standard heatmap.
 */
export function positionOf(s: PlayerSamples, events: readonly ResultEvent[], ball: BallLookup, orientation: Orientation, params: ReportParams, frame: CoordinateFrame): Position {
  const heat = grid(21, 14);
  const ownSpans = teamSpans(events, s.team);
  const withBall = ownSpans.length ? grid(21, 14) : null;
  const inPossession = spanWalker(ownSpans);
  const rel = ball.any ? grid(42, 28, [[-105, 105], [-68, 68]]) : null;
  let overlapWithBall = 0;
  const period = periodAt(events);
  const sums = new Map<number, [number, number, number]>();
  const minutes = new Map<number, [number, number, number]>();
  for (let k = 0; k < s.n; k++) {
    const t = s.t[k] as number;
    const x = s.x[k] as number;
    const y = s.y[k] as number;
    heat.add(x, y);
    if (withBall && inPossession(t)) {
      withBall.add(x, y);
      overlapWithBall++;
    }
    const b = ball.at(t);
    if (rel && b) {
      const bt = orientation.toFrame(s.team, t, b.x, b.y);
      rel.add(x - bt.x, y - bt.y);
    }
    const per = frame === 'attacking_first_half' ? 1 : period(t);
    const acc = sums.get(per) ?? [0, 0, 0];
    acc[0] += x;
    acc[1] += y;
    acc[2] += 1;
    sums.set(per, acc);
    const m = Math.floor(t / 60_000);
    const third = minutes.get(m) ?? [0, 0, 0];
    third[['defensive', 'middle', 'attacking'].indexOf(thirdOf(x))]! += 1;
    minutes.set(m, third);
  }
  return {
    heatmap: heat.value(),
    heatmap_with_ball: withBall && overlapWithBall > 0 ? withBall.value() : null,
    avg_position: [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([per, [sx, sy, n]]) => ({ period: per, position: { x: round2(sx / n), y: round2(sy / n) }, n_frames: n })),
    zone_hull: hullOf(s, params.hull_central_fraction),
    third_timeline: [...minutes.entries()].sort((a, b) => a[0] - b[0]).map(([minute, c]) => ({ minute, third: ['defensive', 'middle', 'attacking'][c.indexOf(Math.max(...c))] as string })),
    ball_relative_heatmap: rel ? rel.value() : null,
  };
}

function hullOf(s: PlayerSamples, fraction: number): { x: number; y: number }[] {
  if (s.n < 3) return [];
  const median = (a: Float32Array) => Float32Array.from(a).sort()[Math.floor(a.length / 2)] as number;
  const mx = median(s.x);
  const my = median(s.y);
  const d = Array.from({ length: s.n }, (_, k) => ({ k, d: Math.hypot((s.x[k] as number) - mx, (s.y[k] as number) - my) })).sort((a, b) => a.d - b.d);
  const kept = d.slice(0, Math.max(3, Math.round(fraction * s.n))).map(({ k }) => ({ x: s.x[k] as number, y: s.y[k] as number }));
  const hull = convexHull(kept).map((p) => ({ x: round2(p.x), y: round2(p.y) }));
  return hull.length >= 3 ? hull : [];
}
