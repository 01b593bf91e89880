import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { playerPossessionFromEvents, type Span } from '../events/possession-spans.js';
import { numberEvents } from '../events/number-events.js';

const PERIOD_NAMES = ['first_half', 'second_half', 'extra_time_first_half', 'extra_time_second_half'];

export interface TimelineInput {
  /** Periods of play in ms of the analysis timeline, in order. */
  periods: { period: number; start_ms: number; end_ms: number }[];
  /** The whole timeline: [0, duration_ms). */
  duration_ms: number;
  /** Where the data has frames at all (tracking-only imports have no footage outside it). */
  data_start_ms: number;
  data_end_ms: number;
}

/**
 * match_timeline spans (pre_match, halves, half_time, post_match) and scene spans for data without
 * footage: play inside a period is `live` and analysable; breaks between periods are `break`.
 */
export function timelineAndScenes(t: TimelineInput): ResultEvent[] {
  const out: ResultEvent[] = [];
  const push = (type: 'match_timeline' | 'scene', start: number, end: number, properties: ResultEvent['properties']) => {
    if (end <= start) return;
    out.push({
      event_id: '', type, start_ms: start, end_ms: end, team: null, player_id: null, properties,
      confidence_detection: 1, confidence_event: 1,
    });
  };
  const periods = [...t.periods].sort((a, b) => a.start_ms - b.start_ms);
  let cursor = 0;
  periods.forEach((p, i) => {
    const gapName = i === 0 ? 'pre_match' : i === 2 ? 'half_time' : 'half_time';
    push('match_timeline', cursor, p.start_ms, { period: gapName });
    if (i > 0) push('scene', Math.max(cursor, t.data_start_ms), Math.min(p.start_ms, t.data_end_ms), { scene_type: 'break', is_analysable: false });
    push('match_timeline', p.start_ms, p.end_ms, { period: PERIOD_NAMES[p.period - 1] ?? `period_${p.period}` });
    push('scene', Math.max(p.start_ms, t.data_start_ms), Math.min(p.end_ms, t.data_end_ms), { scene_type: 'live', is_analysable: true });
    cursor = p.end_ms;
  });
  push('match_timeline', cursor, t.duration_ms, { period: periods.length ? 'post_match' : 'pre_match' });
  return out;
}

/**
 * The full event list of an import: ball events from the provider, team possession spans, player
 * possession derived from the event chain, timeline and scenes; sorted by start then type, with ids
 * `<type>-<n>` numbered in that order (stable for the same input).
 */
export function assembleEvents(
  ballEvents: ResultEvent[],
  teamPossession: { team: TeamLabel; span: Span }[],
  timeline: TimelineInput,
  frameMs: number,
): ResultEvent[] {
  const all: ResultEvent[] = [...ballEvents.map((e) => ({ ...e }))];
  for (const p of teamPossession) {
    all.push({
      event_id: '', type: 'team_possession', start_ms: p.span.start_ms, end_ms: p.span.end_ms, team: p.team, player_id: null,
      properties: {}, confidence_detection: 1, confidence_event: 1,
    });
  }
  for (const p of playerPossessionFromEvents(ballEvents, frameMs)) {
    all.push({
      event_id: '', type: 'player_possession', start_ms: p.span.start_ms, end_ms: p.span.end_ms, team: p.team, player_id: p.player_id,
      properties: { x: p.x, y: p.y }, confidence_detection: 1, confidence_event: 1,
    });
  }
  all.push(...timelineAndScenes(timeline));
  return numberEvents(all);
}
