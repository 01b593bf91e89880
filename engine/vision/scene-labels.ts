import { detectCuts, histogramDistance } from './shot-cuts.js';
import { looksLikePlay, type SceneFeatures } from './scene-features.js';

export interface SceneSegment {
  /** Frames [from, to). */
  from: number;
  to: number;
  analysable: boolean;
  kind: 'live' | 'closeup' | 'replay' | 'graphics';
}

/**
 * Longest non-play shot counted as a transition, frames: broadcasters' logo wipes last 0.5-1 s; a close-up
 * (2.5 s and more) is a shot of its own, so play after it is live again, not a replay.
 */
const TRANSITION_MAX = 25;
/** Longest replay between two transitions, frames (broadcast replays run 5-20 s). */
const REPLAY_MAX = 25 * 25;

/**
 * Scenes of a run of frames from their features: shots between hard cuts, each labelled by the
 * majority of its frames (play-like or not), then replays: a play-like shot framed by two short
 * non-play transitions (the wipes a broadcaster puts around a replay) is a replay, not live play.
 */
export function labelScenes(features: readonly SceneFeatures[]): SceneSegment[] {
  const distances = features.map((f, i) => (i === 0 ? 0 : histogramDistance((features[i - 1] as SceneFeatures).hist, f.hist)));
  const cuts = detectCuts(distances);
  const segments: SceneSegment[] = cuts.map((from, k) => {
    const to = cuts[k + 1] ?? features.length;
    let play = 0;
    let grass = 0;
    for (let i = from; i < to; i++) {
      if (looksLikePlay(features[i] as SceneFeatures)) play += 1;
      grass += (features[i] as SceneFeatures).grass;
    }
    const analysable = play * 2 > to - from;
    const kind = analysable ? 'live' : grass / (to - from) > 0.25 ? 'closeup' : 'graphics';
    return { from, to, analysable, kind };
  });
  const isTransition = (s: SceneSegment | undefined) => !!s && !s.analysable && s.to - s.from <= TRANSITION_MAX;
  for (let k = 1; k < segments.length - 1; k++) {
    const s = segments[k] as SceneSegment;
    if (s.analysable && s.to - s.from <= REPLAY_MAX && isTransition(segments[k - 1]) && isTransition(segments[k + 1])) {
      s.analysable = false;
      s.kind = 'replay';
    }
  }
  return segments;
}
