import { describe, expect, it } from 'vitest';
import { chunkOf, fitContain, markersAt, type TrackingWindow } from '../../../renderer/app/overlay-model.js';

const w: TrackingWindow = {
  from_ms: 0, to_ms: 20_000, rows: 5,
  timestamp: [0, 0, 40, 40, 40],
  role: ['player', 'ball', 'player', 'goal_keeper', 'player'],
  player_id: ['0-7', null, '0-7', '1-GK', null],
  team: ['team_0', null, 'team_0', 'team_1', 'team_1'],
  bbox_x: [100, 200, 104, 900, null],
  bbox_y: [500, 300, 500, 400, null],
};

describe('video overlay model', () => {
  it('draws the frame nearest the video time, within half a frame, and skips rows without pixels', () => {
    expect(markersAt(w, 45)).toEqual([
      { role: 'player', team: 'team_0', label: '7', x: 104, y: 500 },
      { role: 'goal_keeper', team: 'team_1', label: 'GK', x: 900, y: 400 },
    ]);
    expect(markersAt(w, 10).map((m) => m.role)).toEqual(['player', 'ball']);
    expect(markersAt(w, 61)).toEqual([]);
    expect(markersAt({ ...w, rows: 0 }, 0)).toEqual([]);
  });

  it('places a contained video in its box and names fetch chunks', () => {
    expect(fitContain(1280, 720, 640, 480)).toEqual({ scale: 0.5, dx: 0, dy: 60 });
    expect(fitContain(1280, 720, 1000, 360)).toEqual({ scale: 0.5, dx: 180, dy: 0 });
    expect([chunkOf(0), chunkOf(19_999), chunkOf(20_000), chunkOf(-5)]).toEqual([0, 0, 1, 0]);
  });
});
