import { describe, expect, it } from 'vitest';
import { runIntervalQuery } from '../../../engine/query/query-intervals.js';
import type { IntervalQuery } from '../../../engine/query/query-types.js';
import { STATUS_PROJECTED } from '../../../engine/results/tracking-columns.js';
import { action, context, frames, possession, timeline, type TestRow } from './query-fixture.js';

const exact = { pad_sec: 0, gap_fill_sec: 0 };

/**
 * Player 0-10 passes at 12-13 s (first half) and drives at 70-72 s (second half). Rows every frame:
 * 12-13 s at (30 m, 20 m), pixel x = 100 + frame number within the pass, y = 500, with the frame at
 * 12.48 s missing and a projected row (no pixels) at 12.6 s; 70-72 s at (30 m, 20 m), pixel (640, 360).
 */
function actorRows(): TestRow[] {
  const rows: TestRow[] = [];
  for (const t of frames(12_000, 13_000)) {
    if (t === 12_480) continue;
    rows.push({ t, id: '0-10', xM: 30, yM: 20, px: [100 + (t - 12_000) / 40, 500] });
  }
  rows.push({ t: 12_600, id: '0-9', xM: 60, yM: 30, status: STATUS_PROJECTED });
  for (const t of frames(70_000, 72_000)) rows.push({ t, id: '0-10', xM: 30, yM: 20, px: [640, 360] });
  return rows;
}
const ctx = context({
  rows: actorRows(),
  events: [
    timeline('first_half', 0, 60_000), timeline('second_half', 60_000, 120_000), possession('team_0', 10_000, 30_000),
    action('pass', 12_000, 13_000, '0-10', { x: 30, y: 20 }), action('drive', 70_000, 72_000, '0-10', { x: 30, y: 20 }),
    action('pass', 20_000, 21_000, '1-4', { x: 20, y: 50 }), action('shot', 80_000, 81_000, '0-9', { x: 90, y: 30 }),
  ],
});
const run = (q: IntervalQuery) => runIntervalQuery({ ...exact, operator: 'OR', ...q }, ctx);

describe('pixel coordinates', () => {
  it('[QRY-11] samples the actor at 4 FPS from the frame on screen, skipping samples without a detection', () => {
    const [pass] = run({ include_pixel_coords: true, filters: [{ type: 'ball_action', actions: ['pass'], players: ['0-10'] }] });
    // 12.00 s -> frame 12.00 (x 100); 12.25 -> frame 12.24 (x 106); 12.50 -> last frame 12.44 is older than
    // one frame, skipped; 12.75 -> frame 12.72 (x 118); 13.00 is the (exclusive) end.
    expect(pass?.pixel_coords).toEqual([
      { t: 12, x: 100, y: 500, x_m: 30, y_m: 20 },
      { t: 12.25, x: 106, y: 500, x_m: 30, y_m: 20 },
      { t: 12.75, x: 118, y: 500, x_m: 30, y_m: 20 },
    ]);
  });

  it('[QRY-11] samples the final (padded) interval on the absolute 0.25 s grid', () => {
    const [pass] = run({ include_pixel_coords: true, pad_sec: 1, filters: [{ type: 'ball_action', actions: ['pass'], players: ['0-10'] }] });
    expect([pass?.start, pass?.end]).toEqual([11, 14]);
    // 11.00-11.75 and 13.00-13.75 have no detection on screen (the last frame, 12.96 s, ends at 13.00).
    expect(pass?.pixel_coords?.map((p) => p.t)).toEqual([12, 12.25, 12.75]);
  });

  it('[QRY-11] only actor intervals get pixel_coords; an undetected actor gets an empty list', () => {
    const out = run({ include_pixel_coords: true, filters: [{ type: 'team_possession' }, { type: 'ball_action', actions: ['shot'] }] });
    expect(out[0]).toEqual({ start: 10, end: 30, label: 'team_0', type: 'team_possession', team_id: 'team_0' });
    expect(out[1]).toMatchObject({ label: 'shot', player_id: '0-9', pixel_coords: [] });
  });

  it('[QRY-11] without include_pixel_coords there are none', () => {
    const [pass] = run({ filters: [{ type: 'ball_action', actions: ['pass'], players: ['0-10'] }] });
    expect(pass).not.toHaveProperty('pixel_coords');
  });
});

describe('coordinate_frame', () => {
  it('[QRY-12] attacking: pitch positions in samples are turned while the actor\'s team attacks towards x = 0', () => {
    const q: IntervalQuery = { include_pixel_coords: true, filters: [{ type: 'ball_action', players: ['0-10'] }] };
    const camera = run(q);
    const attacking = run({ ...q, coordinate_frame: 'attacking' });
    // First half: team_0 attacks towards 105, nothing changes; second half: (30, 20) -> (75, 48).
    expect(attacking[0]?.pixel_coords?.[0]).toEqual({ t: 12, x: 100, y: 500, x_m: 30, y_m: 20 });
    expect(camera[1]?.pixel_coords?.[0]).toEqual({ t: 70, x: 640, y: 360, x_m: 30, y_m: 20 });
    expect(attacking[1]?.pixel_coords?.[0]).toEqual({ t: 70, x: 640, y: 360, x_m: 75, y_m: 48 });
  });

  it('[QRY-12] attacking: event_property coordinate conditions use the event team\'s attacking direction', () => {
    const q = (frame: 'camera' | 'attacking') => run({
      coordinate_frame: frame,
      filters: [{ type: 'event_property', event_type: 'pass', conditions: [{ property: 'x', op: 'lte', value: 30 }] }],
    }).map((i) => i.start);
    // camera: pass 0-10 at x 30 (12 s) and pass 1-4 at x 20 (20 s). attacking: 0-10 in the first half keeps
    // x 30; 1-4 (team_1, attacking towards 0 in the first half) is at 105 - 20 = 85.
    expect(q('camera')).toEqual([12, 20]);
    expect(q('attacking')).toEqual([12]);
    const shots = (frame: 'camera' | 'attacking') => run({
      coordinate_frame: frame,
      filters: [{ type: 'event_property', event_type: 'shot', conditions: [{ property: 'x', op: 'gte', value: 80 }] }],
    }).length;
    // shot by 0-9 at x 90 in the second half: camera 90, attacking 105 - 90 = 15.
    expect(shots('camera')).toBe(1);
    expect(shots('attacking')).toBe(0);
  });

  it('[QRY-12] attacking: ball_location reads its bounds in team_side_perspective, which it then requires', () => {
    expect(() => run({ coordinate_frame: 'attacking', filters: [{ type: 'ball_location', x_min: 70 }] })).toThrow(
      'filters[0].team_side_perspective is required when coordinate_frame is attacking',
    );
    expect(() => run({ coordinate_frame: 'attacking', filters: [{ type: 'ball_location', x_min: 70, team_side_perspective: 'team_1' }] })).not.toThrow();
  });
});
