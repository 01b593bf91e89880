import { describe, expect, it } from 'vitest';
import { runIntervalQuery } from '../../../engine/query/query-intervals.js';
import { FILTER_TYPES, QueryError, type IntervalQuery } from '../../../engine/query/query-types.js';
import { FILTER_CATALOGUE, availableFilters } from '../../../engine/query/filter-catalogue.js';
import { compareVersions } from '../../../engine/query/version-compare.js';
import { action, context } from './query-fixture.js';

const current = context({ events: [action('pass', 1_000, 2_000, '0-10', { pass_type: 'cross' })] });

function errorOf(q: IntervalQuery, ctx = current): string {
  try {
    runIntervalQuery(q, ctx);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return (e as Error).message;
  }
  throw new Error('expected a QueryError');
}

describe('query validation', () => {
  it('names the field of an inverted range', () => {
    expect(errorOf({ filters: [{ type: 'scene' }, { type: 'ball_location', x_min: 60, x_max: 40 }] })).toBe('filters[1].x_min must be <= x_max');
    expect(errorOf({ filters: [{ type: 'ball_location', y_min: 50, y_max: 10 }] })).toBe('filters[0].y_min must be <= y_max');
    expect(errorOf({ filters: [{ type: 'ball_location', x_max: 106 }] })).toBe('filters[0].x_max must be between 0 and 105 (metres)');
  });

  it('refuses unknown types, teams, player ids and enum values', () => {
    expect(errorOf({ filters: [{ type: 'weather' } as never] })).toMatch(/^filters\[0\]\.type 'weather' is not a filter type/);
    expect(errorOf({ filters: [{ type: 'team_possession', teams: ['team_2' as never] }] })).toBe("filters[0].teams[0] 'team_2' must be team_0 or team_1");
    expect(errorOf({ filters: [{ type: 'player_possession', players: [] }] })).toBe('filters[0].players must name at least one player');
    expect(errorOf({ filters: [{ type: 'ball_action', players: ['ten'] }] })).toMatch(/^filters\[0\]\.players\[0\] 'ten' is not a player id/);
    expect(errorOf({ filters: [{ type: 'ball_action', actions: ['tackle' as never] }] })).toBe("filters[0].actions[0] 'tackle' is not one of pass, drive, shot");
    expect(errorOf({ filters: [{ type: 'match_timeline', periods: [] }] })).toBe('filters[0].periods must not be empty (omit it to match all)');
  });

  it('checks event_property conditions against the event catalogue', () => {
    const ep = (conditions: object[]) => errorOf({ filters: [{ type: 'event_property', event_type: 'pass', conditions } as never] });
    expect(ep([{ property: 'speed', op: 'gt', value: 3 }])).toMatch(/^filters\[0\]\.conditions\[0\]\.property 'speed' is not a property of pass events; one of x, y, /);
    expect(ep([{ property: 'body_part', op: 'eq', value: 'knee' }])).toBe(
      "filters[0].conditions[0].value 'knee' is not a valid body_part; one of foot, head, both_hands, other, unknown",
    );
    expect(ep([{ property: 'pass_type', op: 'gt', value: 'cross' }])).toBe("filters[0].conditions[0].op 'gt' does not apply to str property 'pass_type' (use eq, ne or in)");
    expect(ep([{ property: 'completed', op: 'eq', value: 'yes' }])).toBe('filters[0].conditions[0].value must be true or false (completed is a boolean)');
    expect(ep([{ property: 'length_m', op: 'in', value: [] }])).toBe('filters[0].conditions[0].value must be a non-empty array for op in');
    expect(ep([{ property: 'length_m', op: 'gte', value: null }])).toBe('filters[0].conditions[0].value must be a number');
    expect(errorOf({ filters: [{ type: 'event_property', event_type: 'corner' as never }] })).toMatch(/^filters\[0\]\.event_type 'corner' is not an event type/);
  });

  it('checks frame_state and proximity parameters', () => {
    expect(errorOf({ filters: [{ type: 'frame_state', players: ['0-10'] }] })).toBe('filters[0] needs speed_min_mps or speed_max_mps');
    expect(errorOf({ filters: [{ type: 'frame_state', speed_min_mps: 7, speed_max_mps: 7 }] })).toBe('filters[0].speed_min_mps must be < speed_max_mps (the maximum is exclusive)');
    expect(errorOf({ filters: [{ type: 'player_ball_proximity', max_distance_m: 0 }] })).toBe('filters[0].max_distance_m must be a number > 0');
  });

  it('checks preserve_labels, windows and numbers of the body', () => {
    expect(errorOf({ filters: [{ type: 'scene' }], preserve_labels: 'ball_action' })).toBe("preserve_labels 'ball_action' names no filter of this query");
    expect(errorOf({ preserve_labels: 'passes' })).toMatch(/^preserve_labels 'passes' is not a filter type/);
    expect(() => runIntervalQuery({ operator: 'OR', filters: [{ type: 'scene' }], preserve_labels: 'ball_action' }, current)).not.toThrow();
    expect(errorOf({ existing_filters: [{ start: 10, end: 5, name: 'w' }] })).toBe('existing_filters[0].end must be >= start');
    expect(errorOf({ existing_filters: [{ start: -1, end: 5, name: 'w' }] })).toBe('existing_filters[0].start must be a number >= 0');
    expect(errorOf({ pad_sec: 1.5 })).toBe('pad_sec must be an integer >= 0');
    expect(errorOf({ gap_fill_sec: -1 })).toBe('gap_fill_sec must be an integer >= 0');
  });
});

describe('version gating', () => {
  const legacy = context({ dataVersion: 2, engineVersion: '0.5.9', events: [action('pass', 1_000, 2_000, '0-10')] });

  it('[QRY-02] [VER-01] event_property and frame_state need data version 3', () => {
    expect(errorOf({ filters: [{ type: 'event_property', event_type: 'pass' }] }, legacy)).toBe(
      "filters[0].type 'event_property' needs data version 3 or later; this analysis has data version 2",
    );
    expect(errorOf({ filters: [{ type: 'team_possession' }, { type: 'frame_state', speed_min_mps: 7 }] }, legacy)).toMatch(/^filters\[1\]\.type 'frame_state' needs data version 3/);
    const v3 = context({ dataVersion: 3, events: [action('pass', 1_000, 2_000, '0-10')] });
    expect(runIntervalQuery({ pad_sec: 0, filters: [{ type: 'event_property', event_type: 'pass' }] }, v3)).toHaveLength(1);
  });

  it('[QRY-02] [VER-01] ball_action needs engine 0.5.10 (dotted comparison, not text)', () => {
    expect(errorOf({ filters: [{ type: 'ball_action' }] }, legacy)).toBe(
      "filters[0].type 'ball_action' needs engine version 0.5.10 or later; this analysis was made by engine 0.5.9",
    );
    const ok = context({ dataVersion: 2, engineVersion: '0.5.10', events: [action('pass', 1_000, 2_000, '0-10')] });
    expect(runIntervalQuery({ pad_sec: 0, filters: [{ type: 'ball_action' }] }, ok)).toEqual([{ start: 1, end: 2, label: 'filter', type: 'combined' }]);
    expect(runIntervalQuery({ pad_sec: 0, filters: [{ type: 'team_possession' }] }, legacy)).toEqual([]);
  });

  it('[QRY-02] compares versions as dotted numbers', () => {
    expect(compareVersions('0.5.9', '0.5.10')).toBe(-1);
    expect(compareVersions('0.6.0', '0.5.10')).toBe(1);
    expect(compareVersions('0.5.10', '0.5.10')).toBe(0);
    expect(compareVersions('0.6', '0.6.0')).toBe(0);
    expect(compareVersions('0.6.0-dev', '0.6.0')).toBe(0);
    expect(compareVersions('unknown', '0.5.10')).toBe(-1);
  });

  it('[QRY-02] the catalogue lists all nine filter types, and what a legacy analysis offers', () => {
    expect(FILTER_CATALOGUE.map((f) => f.type).sort()).toEqual([...FILTER_TYPES].sort());
    expect(availableFilters(4, '0.6.0')).toHaveLength(9);
    expect(availableFilters(2, '0.5.9').map((f) => f.type)).toEqual([
      'ball_location', 'player_ball_proximity', 'team_possession', 'player_possession', 'match_timeline', 'scene',
    ]);
    expect(availableFilters(2, '0.5.10').map((f) => f.type)).toContain('ball_action');
    for (const f of FILTER_CATALOGUE) {
      for (const p of f.parameters) expect(p.description.length, `${f.type}.${p.name}`).toBeGreaterThan(10);
    }
  });
});
