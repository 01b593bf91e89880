import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { complementSpans, intersectSpans, normalizeSpans, type Span } from './intervals.js';
import { lengthPerBucket, spansLength } from './span-lengths.js';
import { roundPartsToTotal } from './round.js';

/** Summary `possession` (spec 2.6, SUM-05, SUM-06). */
export interface PossessionShare {
  seconds: number;
  pct: number;
}
export interface PossessionMinute {
  minute: number;
  team_0_pct: number;
  team_1_pct: number;
  unknown_pct: number;
}
export interface PossessionSummary {
  summary: { team_0: PossessionShare; team_1: PossessionShare; unknown: PossessionShare };
  per_minute: PossessionMinute[];
}

/** Periods in which the ball is in play; pre-match, half time and post-match are not counted. */
const PLAYING_PERIODS = new Set(['first_half', 'second_half', 'extra_time_first_half', 'extra_time_second_half']);

/**
 * The time possession is measured over: analysable footage inside playing periods (match_timeline events).
 * A result with no match_timeline events at all is taken to be all match: the whole analysable time counts.
 */
export function countedSpans(events: readonly ResultEvent[], analysable: Span[]): Span[] {
  const timeline = events.filter((e) => e.type === 'match_timeline');
  if (timeline.length === 0) return analysable;
  const playing = timeline.filter((e) => PLAYING_PERIODS.has(String(e.properties.period)));
  return intersectSpans(analysable, normalizeSpans(playing.map((e) => ({ start: e.start_ms, end: e.end_ms }))));
}

/**
 * Team shares of the counted time: a team's seconds are the overlap of its team_possession spans with it;
 * `unknown` is everything else, including moments claimed by both teams (contradictory spans) and
 * team_possession spans without a team. Percentages are of the counted time and sum to exactly 100
 * (largest remainder on the 0.01 grid); all zero when nothing is counted. per_minute: minute m is
 * [60000 m, 60000 (m + 1)) ms of the timeline; minutes without counted time are left out.
 */
export function computePossession(events: readonly ResultEvent[], counted: readonly Span[]): PossessionSummary {
  const spansOf = (team: TeamLabel): Span[] => normalizeSpans(
    events.filter((e) => e.type === 'team_possession' && e.team === team).map((e) => ({ start: e.start_ms, end: e.end_ms })),
  );
  const claim0 = spansOf('team_0');
  const claim1 = spansOf('team_1');
  // Counted time is inside [0, video end), so complements over [0, its end) cover all of it.
  const end = counted.length > 0 ? (counted[counted.length - 1] as Span).end : 0;
  const team0 = intersectSpans(intersectSpans(counted, claim0), complementSpans(claim1, 0, end));
  const team1 = intersectSpans(intersectSpans(counted, claim1), complementSpans(claim0, 0, end));

  const total = spansLength(counted);
  const t0 = spansLength(team0);
  const t1 = spansLength(team1);
  const unknown = total - t0 - t1;
  const [s0, s1, su] = roundPartsToTotal([t0 / 1000, t1 / 1000, unknown / 1000]) as [number, number, number];
  const [p0, p1, pu] = percentages(t0, t1, unknown, total);

  const perCounted = lengthPerBucket(counted, 60_000);
  const per0 = lengthPerBucket(team0, 60_000);
  const per1 = lengthPerBucket(team1, 60_000);
  const per_minute: PossessionMinute[] = [];
  perCounted.forEach((c, minute) => {
    if (c <= 0) return;
    const a = per0[minute] ?? 0;
    const b = per1[minute] ?? 0;
    const [team_0_pct, team_1_pct, unknown_pct] = percentages(a, b, c - a - b, c);
    per_minute.push({ minute, team_0_pct, team_1_pct, unknown_pct });
  });

  return {
    summary: { team_0: { seconds: s0, pct: p0 }, team_1: { seconds: s1, pct: p1 }, unknown: { seconds: su, pct: pu } },
    per_minute,
  };
}

function percentages(a: number, b: number, c: number, total: number): [number, number, number] {
  if (total <= 0) return [0, 0, 0];
  return roundPartsToTotal([(100 * a) / total, (100 * b) / total, (100 * c) / total], 100) as [number, number, number];
}
