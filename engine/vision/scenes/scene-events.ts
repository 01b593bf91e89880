import type { ResultEvent } from '../../results/result-events.js';
import type { SceneSegment } from './scene-labels.js';

/** Scene spans as events (spec: scene_type, is_analysable), in the video's timeline. */
export function sceneEvents(scenes: readonly SceneSegment[], offsetMs: number, frameMs: number): ResultEvent[] {
  return scenes.map((s, i) => ({
    event_id: `scene-${i + 1}`, type: 'scene', start_ms: offsetMs + s.from * frameMs, end_ms: offsetMs + s.to * frameMs, team: null, player_id: null,
    properties: { scene_type: s.kind, is_analysable: s.analysable }, confidence_detection: 0.8, confidence_event: 0.8,
  }));
}
