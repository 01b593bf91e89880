import { describe, expect, it } from 'vitest';
import { runIntervalQuery } from '../../../engine/query/query-intervals.js';
import type { IntervalQuery, QueryContext } from '../../../engine/query/query-types.js';
import { ROLE_GOAL_KEEPER, STATUS_PROJECTED } from '../../../engine/results/tracking-columns.js';
import { ballRow, context, frames, spans, timeline, type TestRow } from './query-fixture.js';

const exact = { pad_sec: 0, gap_fill_sec: 0 };
const or = (ctx: QueryContext, q: IntervalQuery) => spans(runIntervalQuery({ ...exact, operator: 'OR', ...q }, ctx));

/**
 * Ball path over 20 s (first half 0-10 s, second half 10-20 s), positions in metres:
 *   0-2 s (90, 60), with no ball row at 1.00-1.16 s; 2-4 s (10, 10); 4-10 s (50, 34);
 *   10-12 s (90, 60); 12-14 s (10, 10); 14-20 s (50, 34).
 */
function ballPath(): TestRow[] {
  const at = (t: number): [number, number] => {
    const s = t % 10_000;
    return s < 2_000 ? [90, 60] : s < 4_000 ? [10, 10] : [50, 34];
  };
  return frames(0, 20_000).filter((t) => t < 1_000 || t >= 1_200).map((t) => ballRow(t, ...at(t)));
}
const halves = [timeline('first_half', 0, 10_000), timeline('second_half', 10_000, 20_000)];
const withHalves = context({ rows: ballPath(), events: halves, durationMs: 20_000 });
const noTimeline = context({ rows: ballPath(), durationMs: 20_000 });

describe('ball_location', () => {
  it('[QRY-03] camera coordinates: runs of frames inside the box; a frame without a ball ends a run', () => {
    expect(or(withHalves, { filters: [{ type: 'ball_location', x_min: 80 }] })).toEqual([
      [0, 1, 'ball_location'], [1.2, 2, 'ball_location'], [10, 12, 'ball_location'],
    ]);
    expect(or(withHalves, { filters: [{ type: 'ball_location', x_max: 10, y_max: 10 }] })).toEqual([
      [2, 4, 'ball_location'], [12, 14, 'ball_location'],
    ]);
  });

  it('[QRY-03] bounds are inclusive and omitted bounds open', () => {
    expect(or(withHalves, { filters: [{ type: 'ball_location', x_min: 50, x_max: 50, y_min: 34, y_max: 34 }] })).toEqual([
      [4, 10, 'ball_location'], [14, 20, 'ball_location'],
    ]);
    expect(or(withHalves, { filters: [{ type: 'ball_location' }] })).toEqual([[0, 1, 'ball_location'], [1.2, 20, 'ball_location']]);
  });

  it('[QRY-03] team_side_perspective team_0: its attacking end is x >= 80 before half-time, x <= 25 after', () => {
    expect(or(withHalves, { filters: [{ type: 'ball_location', x_min: 80, team_side_perspective: 'team_0' }] })).toEqual([
      [0, 1, 'ball_location'], [1.2, 2, 'ball_location'], [12, 14, 'ball_location'],
    ]);
  });

  it('[QRY-03] team_side_perspective team_1 mirrors the first half instead', () => {
    expect(or(withHalves, { filters: [{ type: 'ball_location', x_min: 80, team_side_perspective: 'team_1' }] })).toEqual([
      [2, 4, 'ball_location'], [10, 12, 'ball_location'],
    ]);
  });

  it('[QRY-03] the perspective turns y too (x\' = 105 - x, y\' = 68 - y)', () => {
    // first half: x >= 80 and y >= 40 (ball at 90,60); second half: x <= 25 and y <= 28 (ball at 10,10).
    expect(or(withHalves, { filters: [{ type: 'ball_location', x_min: 80, y_min: 40, team_side_perspective: 'team_0' }] })).toEqual([
      [0, 1, 'ball_location'], [1.2, 2, 'ball_location'], [12, 14, 'ball_location'],
    ]);
  });

  it('[QRY-03] without a match timeline the whole match counts as first half', () => {
    expect(or(noTimeline, { filters: [{ type: 'ball_location', x_min: 80, team_side_perspective: 'team_0' }] })).toEqual([
      [0, 1, 'ball_location'], [1.2, 2, 'ball_location'], [10, 12, 'ball_location'],
    ]);
  });

  it('[QRY-05] AND with the timeline: the team_0 attacking end in the second half only', () => {
    const out = runIntervalQuery({ ...exact, filters: [{ type: 'ball_location', x_min: 80, team_side_perspective: 'team_0' }, { type: 'match_timeline', periods: ['second_half'] }] }, withHalves);
    expect(out).toEqual([{ start: 12, end: 14, label: 'filter', type: 'combined' }]);
  });

  it('ignores projected ball rows', () => {
    const ctx = context({ rows: [ballRow(0, 90, 30), { ...ballRow(40, 90, 30), status: STATUS_PROJECTED }, ballRow(80, 90, 30)], durationMs: 1_000 });
    expect(or(ctx, { filters: [{ type: 'ball_location', x_min: 80 }] })).toEqual([[0, 0.04, 'ball_location'], [0.08, 0.12, 'ball_location']]);
  });
});

/**
 * 0-2 s, ball at (50, 34) every frame. 0-10 at (51, 34) until 1 s, then only projected (at 50.5, 34) every
 * 200 ms; 1-4 (goalkeeper role) at (50, 35.5) from 0.8 s; 1-7 far away at (10, 10).
 */
function proximityRows(): TestRow[] {
  const rows: TestRow[] = [];
  for (const t of frames(0, 2_000)) {
    rows.push(ballRow(t, 50, 34));
    if (t < 1_000) rows.push({ t, id: '0-10', xM: 51, yM: 34 });
    else if (t % 200 === 0) rows.push({ t, id: '0-10', xM: 50.5, yM: 34, status: STATUS_PROJECTED });
    if (t >= 800) rows.push({ t, id: '1-4', role: ROLE_GOAL_KEEPER, xM: 50, yM: 35.5 });
    rows.push({ t, id: '1-7', xM: 10, yM: 10 });
  }
  return rows;
}
const near = context({ rows: proximityRows(), durationMs: 2_000 });

describe('player_ball_proximity', () => {
  it('[QRY-03] one run per player within max_distance_m (default 2 m) of the ball, labelled with the player', () => {
    const out = runIntervalQuery({ ...exact, operator: 'OR', filters: [{ type: 'player_ball_proximity' }] }, near);
    expect(out).toEqual([
      { start: 0, end: 1, label: '0-10', type: 'player_ball_proximity', player_id: '0-10', team_id: 'team_0' },
      { start: 0.8, end: 2, label: '1-4', type: 'player_ball_proximity', player_id: '1-4', team_id: 'team_1' },
    ]);
  });

  it('[QRY-03] distance is inclusive; teams and players narrow the selection', () => {
    expect(or(near, { filters: [{ type: 'player_ball_proximity', max_distance_m: 1 }] })).toEqual([[0, 1, '0-10']]);
    expect(or(near, { filters: [{ type: 'player_ball_proximity', teams: ['team_1'] }] })).toEqual([[0.8, 2, '1-4']]);
    expect(or(near, { filters: [{ type: 'player_ball_proximity', players: ['1-7'], max_distance_m: 100 }] })).toEqual([[0, 2, '1-7']]);
    expect(or(near, { filters: [{ type: 'player_ball_proximity', players: ['0-10'], teams: ['team_1'] }] })).toEqual([]);
  });
});

/** Player 0-10 every frame for 2 s: 3 m/s until 0.8 s, 6 m/s after, no speed (NaN) at 1.44 s. */
function speedRows(): TestRow[] {
  return frames(0, 2_000).map((t) => ({ t, id: '0-10', xM: 30, yM: 30, speed: t === 1_440 ? Number.NaN : t < 800 ? 3 : 6 }));
}
const running = context({ rows: speedRows(), durationMs: 2_000 });

describe('frame_state', () => {
  it('[QRY-03] runs where the smoothed speed lies in [min, max); a frame without speed ends a run', () => {
    expect(or(running, { filters: [{ type: 'frame_state', speed_min_mps: 5 }] })).toEqual([[0.8, 1.44, '0-10'], [1.48, 2, '0-10']]);
    expect(or(running, { filters: [{ type: 'frame_state', speed_max_mps: 6 }] })).toEqual([[0, 0.8, '0-10']]);
    expect(or(running, { filters: [{ type: 'frame_state', speed_min_mps: 3, speed_max_mps: 6 }] })).toEqual([[0, 0.8, '0-10']]);
  });

  it('[QRY-03] min_duration_sec drops short runs; teams select players', () => {
    expect(or(running, { filters: [{ type: 'frame_state', speed_min_mps: 5, min_duration_sec: 0.6 }] })).toEqual([[0.8, 1.44, '0-10']]);
    expect(or(running, { filters: [{ type: 'frame_state', speed_min_mps: 0, teams: ['team_1'] }] })).toEqual([]);
    const out = runIntervalQuery({ ...exact, operator: 'OR', filters: [{ type: 'frame_state', speed_min_mps: 5, min_duration_sec: 0.6 }] }, running);
    expect(out[0]).toEqual({ start: 0.8, end: 1.44, label: '0-10', type: 'frame_state', player_id: '0-10', team_id: 'team_0' });
  });
});
