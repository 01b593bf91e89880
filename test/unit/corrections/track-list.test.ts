import { describe, expect, it } from 'vitest';
import { NO_PLAYER, ROLE_PLAYER, TrackingBuilder } from '../../../engine/results/tracking-columns.js';
import { trackList } from '../../../engine/corrections/track-list.js';

/** Track 1 is 0-10, seen 0-2 s running to x = 30 m; track 2, unnamed, appears 1 s later 4 m on (the same man after an occlusion); track 3, unnamed, across the pitch. */
function columns() {
  const b = new TrackingBuilder();
  const p = b.playerIndex('0-10');
  for (let t = 0; t <= 6000; t += 40) {
    if (t <= 2000) b.push({ timestamp: t, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 1000 + t, y: 3000, bboxX: 100, bboxY: 200, team: 0, track: 1 });
    if (t >= 3000) b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 3400 + (t - 3000) / 2, y: 3000, bboxX: 300, bboxY: 200, team: 0, track: 2 });
    if (t >= 2500) b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 9000, y: 1000, team: 0, track: 3 });
  }
  return b.finish();
}

describe('trackList', () => {
  it('lists every track seen longest first, with squad, role, id, span and a sample box', () => {
    const list = trackList(columns(), 40);
    expect(list.map((k) => [k.track_id, k.detected_rows])).toEqual([[3, 88], [2, 76], [1, 51]]);
    expect(list[2]).toMatchObject({ track_id: 1, team: 'team_0', role: 'player', player_id: '0-10', first_ms: 0, last_ms: 2000, seconds_on_screen: 2.04 });
    expect(list[2]?.sample).toEqual({ t_ms: 1000, x: 100, y: 200 });
  });

  it('offers a named track\'s id to the unnamed track stitching joins it to, and to no other', () => {
    const byId = new Map(trackList(columns(), 40).map((k) => [k.track_id, k]));
    expect(byId.get(2)?.suggested_player_id).toBe('0-10');
    expect(byId.get(3)?.suggested_player_id).toBeNull();
    expect(byId.get(1)?.suggested_player_id).toBeNull();
  });

  it('offers across gaps up to 10 s (twice what the engine joins on its own), not longer', () => {
    const lost = (gapMs: number) => {
      const b = new TrackingBuilder();
      const p = b.playerIndex('0-10');
      for (let t = 0; t <= 2000; t += 40) b.push({ timestamp: t, role: ROLE_PLAYER, player: p, playerIdConf: 1, x: 3000, y: 3000, team: 0, track: 1 });
      for (let t = 2000 + gapMs; t <= 4000 + gapMs; t += 40) b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 3500, y: 3000, team: 0, track: 2 });
      return trackList(b.finish(), 40).find((k) => k.track_id === 2)?.suggested_player_id;
    };
    expect(lost(8000)).toBe('0-10');
    expect(lost(12_000)).toBeNull();
  });
});
