import { describe, expect, it } from 'vitest';
import { runIntervalQuery } from '../../../engine/query/query-intervals.js';
import type { IntervalQuery } from '../../../engine/query/query-types.js';
import { action, context, ev, possession, spans, timeline } from './query-fixture.js';

/**
 * A two-minute match (times in seconds):
 *   team_possession team_0 10-30, team_1 30-50, team_0 60-90
 *   pass 0-10 12-13, shot 0-9 28-29, pass 1-4 40-41, drive 0-10 70-72
 *   scene live (analysable) 0-100, replay 100-120; first_half 0-60, second_half 60-120
 */
const match = context({
  events: [
    possession('team_0', 10_000, 30_000), possession('team_1', 30_000, 50_000), possession('team_0', 60_000, 90_000),
    action('pass', 12_000, 13_000, '0-10'), action('shot', 28_000, 29_000, '0-9'),
    action('pass', 40_000, 41_000, '1-4'), action('drive', 70_000, 72_000, '0-10'),
    ev('scene', 0, 100_000, { properties: { scene_type: 'live', is_analysable: true } }),
    ev('scene', 100_000, 120_000, { properties: { scene_type: 'replay', is_analysable: false } }),
    timeline('first_half', 0, 60_000), timeline('second_half', 60_000, 120_000),
  ],
});
const run = (q: IntervalQuery) => runIntervalQuery(q, match);
const exact = { pad_sec: 0, gap_fill_sec: 0 };
const threeFilters: IntervalQuery['filters'] = [
  { type: 'team_possession', teams: ['team_0'] }, { type: 'ball_action' }, { type: 'match_timeline', periods: ['first_half'] },
];

describe('query-intervals: combining filters', () => {
  it('[QRY-05] [QRY-06] AND of three filters is their intersection, labelled filter/combined', () => {
    expect(run({ ...exact, filters: threeFilters })).toEqual([
      { start: 12, end: 13, label: 'filter', type: 'combined' },
      { start: 28, end: 29, label: 'filter', type: 'combined' },
    ]);
  });

  it('[QRY-01] AND is the default operator, with 5 s padding and gap filling', () => {
    // 12-13 and 28-29 padded by 5 s: 7-18 and 23-34, 5 s apart, so the default gap fill joins them.
    expect(runIntervalQuery({ filters: threeFilters }, match)).toEqual([{ start: 7, end: 34, label: 'filter', type: 'combined' }]);
  });

  it('[QRY-05] OR of the same three filters is their union, each interval keeping its own label', () => {
    expect(spans(run({ ...exact, operator: 'OR', filters: threeFilters }))).toEqual([
      [0, 60, 'first_half'], [10, 30, 'team_0'], [12, 13, 'pass'], [28, 29, 'shot'],
      [40, 41, 'pass'], [60, 90, 'team_0'], [70, 72, 'drive'],
    ]);
  });

  it('[QRY-04] OR results carry the filter type and actor fields; team_name only for ball_action', () => {
    const out = run({ ...exact, operator: 'OR', filters: [{ type: 'team_possession', teams: ['team_1'] }, { type: 'ball_action', teams: ['team_1'] }] });
    expect(out).toEqual([
      { start: 30, end: 50, label: 'team_1', type: 'team_possession', team_id: 'team_1' },
      { start: 40, end: 41, label: 'pass', type: 'ball_action', player_id: '1-4', team_id: 'team_1', team_name: 'Blues' },
    ]);
  });

  it('[QRY-07] AND with preserve_labels keeps the ball_action intervals and their metadata, cut to the other filters', () => {
    const out = run({ ...exact, filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_action' }], preserve_labels: 'ball_action' });
    expect(out).toEqual([
      { start: 12, end: 13, label: 'pass', type: 'ball_action', player_id: '0-10', team_id: 'team_0', team_name: 'Reds' },
      { start: 28, end: 29, label: 'shot', type: 'ball_action', player_id: '0-9', team_id: 'team_0', team_name: 'Reds' },
      { start: 70, end: 72, label: 'drive', type: 'ball_action', player_id: '0-10', team_id: 'team_0', team_name: 'Reds' },
    ]);
  });

  it('[QRY-07] preserving the other filter\'s labels clips its intervals to the intersection', () => {
    const out = run({ ...exact, filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_action' }], preserve_labels: 'team_possession' });
    expect(out).toEqual([
      { start: 12, end: 13, label: 'team_0', type: 'team_possession', team_id: 'team_0' },
      { start: 28, end: 29, label: 'team_0', type: 'team_possession', team_id: 'team_0' },
      { start: 70, end: 72, label: 'team_0', type: 'team_possession', team_id: 'team_0' },
    ]);
  });

  it('[QRY-07] preserve_labels has no effect with OR', () => {
    const q: IntervalQuery = { ...exact, operator: 'OR', filters: threeFilters };
    expect(run({ ...q, preserve_labels: 'ball_action' })).toEqual(run(q));
  });

  it('[QRY-07] preserved labels merge only with their own kind after padding', () => {
    // pass 12-13 and shot 28-29 by team_0, padded 8 s: 4-21 and 20-37 overlap but differ in label and player.
    const out = run({ pad_sec: 8, gap_fill_sec: 0, filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_action', actions: ['pass', 'shot'] }], preserve_labels: 'ball_action' });
    expect(spans(out)).toEqual([[4, 21, 'pass'], [20, 37, 'shot']]);
  });

  it('[QRY-05] AND of no filters is the whole video; OR of none is empty', () => {
    expect(run(exact)).toEqual([{ start: 0, end: 120, label: 'filter', type: 'combined' }]);
    expect(run({ ...exact, operator: 'OR' })).toEqual([]);
  });

  it('a filter name replaces the label of its intervals', () => {
    expect(spans(run({ ...exact, operator: 'OR', filters: [{ type: 'ball_action', actions: ['shot'], name: 'shots' }] }))).toEqual([[28, 29, 'shots']]);
  });
});

describe('query-intervals: windows, padding and merging', () => {
  it('[QRY-10] existing_filters restrict results to the union of their windows', () => {
    const out = run({ ...exact, operator: 'OR', filters: [{ type: 'ball_action' }], existing_filters: [{ start: 11, end: 12.5, name: 'a' }, { start: 39, end: 45, name: 'b' }] });
    expect(spans(out)).toEqual([[12, 12.5, 'pass'], [40, 41, 'pass']]);
  });

  it('[QRY-10] windows apply before padding, and with no filters AND returns the windows themselves', () => {
    const q: IntervalQuery = { pad_sec: 1, gap_fill_sec: 0, existing_filters: [{ start: 20.25, end: 30, name: 'w1' }, { start: 25, end: 40.1234, name: 'w2' }] };
    expect(run(q)).toEqual([{ start: 19.25, end: 41.123, label: 'filter', type: 'combined' }]);
  });

  it('[QRY-08] padding is clamped at 0 and at the end of the video', () => {
    const edge = context({ durationMs: 120_000, events: [action('pass', 1_000, 2_000, '0-7'), action('shot', 118_000, 119_000, '0-7')] });
    expect(spans(runIntervalQuery({ operator: 'OR', filters: [{ type: 'ball_action' }] }, edge))).toEqual([[0, 7, 'pass'], [113, 120, 'shot']]);
  });

  it('[QRY-08] [QRY-09] padded intervals merge when within gap_fill_sec, not beyond', () => {
    // 12-13 and 28-29 padded by 5 s: 7-18 and 23-34, exactly 5 s apart.
    const q: IntervalQuery = { pad_sec: 5, filters: threeFilters };
    expect(spans(run({ ...q, gap_fill_sec: 5 }))).toEqual([[7, 34, 'filter']]);
    expect(spans(run({ ...q, gap_fill_sec: 4 }))).toEqual([[7, 18, 'filter'], [23, 34, 'filter']]);
    expect(spans(run({ ...q, pad_sec: 8, gap_fill_sec: 0 }))).toEqual([[4, 37, 'filter']]);
  });

  it('[QRY-08] merge_results false keeps each event separate, even when padding makes them overlap', () => {
    const touching = context({ events: [action('pass', 12_000, 13_000, '0-10'), action('pass', 13_000, 14_000, '0-10')] });
    const q: IntervalQuery = { operator: 'OR', pad_sec: 0, gap_fill_sec: 0, filters: [{ type: 'ball_action' }] };
    expect(spans(runIntervalQuery(q, touching))).toEqual([[12, 14, 'pass']]);
    expect(spans(runIntervalQuery({ ...q, merge_results: false }, touching))).toEqual([[12, 13, 'pass'], [13, 14, 'pass']]);
    expect(spans(runIntervalQuery({ ...q, pad_sec: 2, merge_results: false }, touching))).toEqual([[10, 15, 'pass'], [11, 16, 'pass']]);
  });

  it('[QRY-09] OR merges same-label intervals only; different labels may overlap', () => {
    const out = run({ operator: 'OR', pad_sec: 0, gap_fill_sec: 20, filters: [{ type: 'ball_action' }, { type: 'team_possession', teams: ['team_0'] }] });
    expect(spans(out)).toEqual([[10, 30, 'team_0'], [12, 13, 'pass'], [28, 29, 'shot'], [40, 41, 'pass'], [60, 90, 'team_0'], [70, 72, 'drive']]);
    const wider = run({ operator: 'OR', pad_sec: 0, gap_fill_sec: 30, filters: [{ type: 'ball_action', actions: ['pass'] }, { type: 'team_possession', teams: ['team_0'] }] });
    // passes 12-13 (0-10) and 40-41 (1-4) differ in player, so stay apart; team_0 10-30 and 60-90 are 30 s apart.
    expect(spans(wider)).toEqual([[10, 90, 'team_0'], [12, 13, 'pass'], [40, 41, 'pass']]);
  });

  it('drops exact duplicates produced by overlapping filters', () => {
    const out = run({ ...exact, operator: 'OR', merge_results: false, filters: [{ type: 'team_possession', teams: ['team_1'] }, { type: 'team_possession' }] });
    expect(spans(out)).toEqual([[10, 30, 'team_0'], [30, 50, 'team_1'], [60, 90, 'team_0']]);
  });
});

describe('query-intervals: event filters', () => {
  it('[QRY-03] scene is_analysable selects live play by default, the rest when false', () => {
    expect(spans(run({ ...exact, filters: [{ type: 'scene' }], preserve_labels: 'scene' }))).toEqual([[0, 100, 'live']]);
    expect(spans(run({ ...exact, filters: [{ type: 'scene', is_analysable: false }], preserve_labels: 'scene' }))).toEqual([[100, 120, 'replay']]);
    expect(spans(run({ ...exact, filters: [{ type: 'scene', is_analysable: false, scene_types: ['closeup'] }] }))).toEqual([]);
  });

  it('[QRY-03] player_possession selects the named players and carries player_id/team_id', () => {
    const ctx = context({ events: [ev('player_possession', 5_000, 6_000, { player_id: '0-10', team: 'team_0' }), ev('player_possession', 7_000, 8_000, { player_id: '1-4', team: 'team_1' })] });
    expect(runIntervalQuery({ ...exact, operator: 'OR', filters: [{ type: 'player_possession', players: ['1-4'] }] }, ctx)).toEqual([
      { start: 7, end: 8, label: '1-4', type: 'player_possession', player_id: '1-4', team_id: 'team_1' },
    ]);
  });

  it('[QRY-03] ball_action filters by actions, teams and players together', () => {
    expect(spans(run({ ...exact, operator: 'OR', filters: [{ type: 'ball_action', actions: ['pass', 'drive'], players: ['0-10'] }] }))).toEqual([[12, 13, 'pass'], [70, 72, 'drive']]);
    expect(spans(run({ ...exact, operator: 'OR', filters: [{ type: 'ball_action', actions: ['pass'], teams: ['team_1'], players: ['0-10'] }] }))).toEqual([]);
  });

  it('match_timeline labels each period', () => {
    expect(spans(run({ ...exact, operator: 'OR', filters: [{ type: 'match_timeline' }] }))).toEqual([[0, 60, 'first_half'], [60, 120, 'second_half']]);
  });

  it('event_property matches property conditions, including null and in', () => {
    const ctx = context({
      events: [
        action('pass', 1_000, 2_000, '0-10', { pass_type: 'cross', completed: true, receiver_player_id: '0-9', length_m: 30 }),
        action('pass', 3_000, 4_000, '0-10', { pass_type: 'ground', completed: false, receiver_player_id: null, length_m: 12 }),
        action('pass', 5_000, 6_000, '1-4', { pass_type: 'lofted', completed: true, receiver_player_id: '1-8', length_m: 45.5 }),
      ],
    });
    const q = (conditions: object[], more: object = {}) =>
      spans(runIntervalQuery({ ...exact, operator: 'OR', filters: [{ type: 'event_property', event_type: 'pass', conditions, ...more } as never] }, ctx)).map((x) => x[0]);
    expect(q([{ property: 'pass_type', op: 'in', value: ['cross', 'lofted'] }])).toEqual([1, 5]);
    expect(q([{ property: 'completed', op: 'eq', value: true }, { property: 'length_m', op: 'gte', value: 30 }])).toEqual([1, 5]);
    expect(q([{ property: 'length_m', op: 'gt', value: 30 }])).toEqual([5]);
    expect(q([{ property: 'receiver_player_id', op: 'eq', value: null }])).toEqual([3]);
    expect(q([{ property: 'pass_type', op: 'ne', value: 'ground' }], { teams: ['team_0'] })).toEqual([1]);
    expect(q([{ property: 'confidence_event', op: 'lt', value: 0.5 }])).toEqual([]);
    expect(q([], { players: ['1-4'] })).toEqual([5]);
    const one = runIntervalQuery({ ...exact, filters: [{ type: 'event_property', event_type: 'pass', players: ['1-4'] }], preserve_labels: 'event_property' }, ctx);
    expect(one).toEqual([{ start: 5, end: 6, label: 'pass', type: 'event_property', player_id: '1-4', team_id: 'team_1' }]);
  });
});
