import { describe, expect, it } from 'vitest';
import { sceneEvents } from '../../../../engine/vision/scenes/scene-events.js';

describe('sceneEvents', () => {
  it('turns scene spans (frames) into the spec scene events on the video timeline, numbered from 1', () => {
    const events = sceneEvents([
      { from: 0, to: 250, kind: 'live', analysable: true },
      { from: 250, to: 300, kind: 'closeup', analysable: false },
    ], 60_000, 40);
    expect(events).toEqual([
      expect.objectContaining({ event_id: 'scene-1', type: 'scene', start_ms: 60_000, end_ms: 70_000, team: null, player_id: null, properties: { scene_type: 'live', is_analysable: true } }),
      expect.objectContaining({ event_id: 'scene-2', start_ms: 70_000, end_ms: 72_000, properties: { scene_type: 'closeup', is_analysable: false } }),
    ]);
  });

  it('no scenes, no events', () => {
    expect(sceneEvents([], 0, 40)).toEqual([]);
  });
});
