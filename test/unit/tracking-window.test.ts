import { describe, expect, it } from 'vitest';
import { ROLE_BALL, ROLE_PLAYER, STATUS_PROJECTED, TrackingBuilder } from '../../engine/results/tracking-columns.js';
import { lowerBoundTime } from '../../engine/results/tracking-columns.js';
import { trackingWindow } from '../../engine/results/tracking-window.js';

describe('tracking window', () => {
  it('finds the first row at or after a time by bisection', () => {
    const ts = Int32Array.from([0, 0, 40, 40, 80, 200]);
    const cols = { length: ts.length, timestamp: ts } as unknown as Parameters<typeof lowerBoundTime>[0];
    expect([-5, 0, 1, 40, 41, 80, 81, 200, 201].map((ms) => lowerBoundTime(cols, ms))).toEqual([0, 0, 2, 2, 4, 4, 5, 5, 6]);
  });

  it('keeps the half-open window, names teams from ids or the squad label, and leaves projected rows out unless asked', () => {
    const b = new TrackingBuilder();
    const p = b.playerIndex('1-9');
    for (let f = 0; f < 10; f++) {
      b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 100 * f, y: 10, bboxX: f, bboxY: 50 });
      b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: -1, playerIdConf: 0, x: 5, y: 5, bboxX: 1, bboxY: 2, team: 0 });
      b.push({ timestamp: f * 40, role: ROLE_BALL, player: -1, playerIdConf: 0, x: 1, y: 1, bboxX: 3, bboxY: 4 });
      if (f === 5) b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: -1, playerIdConf: 0, x: 1, y: 1, status: STATUS_PROJECTED, team: 1 });
    }
    const cols = b.finish();
    const w = trackingWindow(cols, 80, 240);
    expect(w.rows).toBe(4 * 3);
    expect(new Set(w.timestamp)).toEqual(new Set([80, 120, 160, 200]));
    expect(w.team.slice(0, 3)).toEqual(['team_1', 'team_0', null]);
    expect(w.role.slice(0, 3)).toEqual(['player', 'player', 'ball']);
    const withProjected = trackingWindow(cols, 80, 240, { projected: true });
    expect(withProjected.rows).toBe(13);
    const k = withProjected.status.indexOf('projected');
    expect([withProjected.bbox_x[k], withProjected.team[k]]).toEqual([null, 'team_1']);
  });
});
