import { describe, expect, it } from 'vitest';
import { chunkOf, fitContain, markersAt, pickMarker, type TrackingWindow } from '../../../renderer/app/overlay-model.js';

const w: TrackingWindow = {
  from_ms: 0, to_ms: 20_000, rows: 5,
  timestamp: [0, 0, 40, 40, 40],
  role: ['player', 'ball', 'player', 'goal_keeper', 'player'],
  player_id: ['0-7', null, '0-7', '1-GK', null],
  team: ['team_0', null, 'team_0', 'team_1', 'team_1'],
  bbox_x: [100, 200, 104, 900, null],
  bbox_y: [500, 300, 500, 400, null],
  track_id: [3, null, 3, 8, 9],
};

describe('video overlay model', () => {
  it('draws the frame nearest the video time, within half a frame, and skips rows without pixels', () => {
    expect(markersAt(w, 45)).toEqual([
      { role: 'player', team: 'team_0', label: '7', x: 104, y: 500, track: 3 },
      { role: 'goal_keeper', team: 'team_1', label: 'GK', x: 900, y: 400, track: 8 },
    ]);
    // A service from before the corrections sends no track ids: markers have none.
    expect(markersAt({ ...w, track_id: undefined }, 45).map((m) => m.track)).toEqual([null, null]);
    expect(markersAt(w, 10).map((m) => m.role)).toEqual(['player', 'ball']);
    expect(markersAt(w, 61)).toEqual([]);
    expect(markersAt({ ...w, rows: 0 }, 0)).toEqual([]);
  });

  it('a click picks the person whose foot point is nearest, within reach, his body above it counting; never the ball', () => {
    const fit = { scale: 0.5, dx: 0, dy: 60 };
    const at45 = markersAt(w, 45);
    // 0-7's feet at (52, 310) on the screen; a click 20 px above them is on his body.
    expect(pickMarker(at45, fit, 52, 290)?.track).toBe(3);
    expect(pickMarker(at45, fit, 450, 262)?.track).toBe(8);
    expect(pickMarker(at45, fit, 250, 100)).toBeNull();
    expect(pickMarker(markersAt(w, 10), fit, 100, 210)).toBeNull();
  });

  it('places a contained video in its box and names fetch chunks', () => {
    expect(fitContain(1280, 720, 640, 480)).toEqual({ scale: 0.5, dx: 0, dy: 60 });
    expect(fitContain(1280, 720, 1000, 360)).toEqual({ scale: 0.5, dx: 180, dy: 0 });
    expect([chunkOf(0), chunkOf(19_999), chunkOf(20_000), chunkOf(-5)]).toEqual([0, 0, 1, 0]);
  });
});
