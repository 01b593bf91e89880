import type { SimTrack } from '../../match-data/sim-track.js';
import type { TruthEvent } from '../../match-data/truth-events.js';
import type { Rng } from '../../match-data/rng.js';
import type { SceneKind } from '../../match-data/frame-truth.js';

export interface SceneSpan {
  kind: SceneKind;
  /** Frames [from, to) of the output video. */
  from: number;
  to: number;
  /** Close-up subject (object id). */
  subject?: string;
  /** Replay: the first frame of the replayed footage; shown at half speed. */
  replayFrom?: number;
}

export const isAnalysable = (kind: SceneKind): boolean => kind === 'live';

const FPS = 25;
const WIPE = Math.round(0.6 * FPS);

/**
 * Cuts a director makes, from the real events: after a shot on target a replay (wipe, 5 s at half speed
 * from 3 s before the shot, wipe); after other shots, fouls and cards a close-up of the player (2.5-3.5 s);
 * now and then a full-screen graphic while the ball is dead. Deterministic for the seed.
 */
export function planScenes(track: SimTrack, events: readonly TruthEvent[], rng: Rng, options: { cuts: boolean }): SceneSpan[] {
  const frames = track.frames;
  const kind: SceneKind[] = new Array(frames).fill('live');
  const extra = new Map<number, Partial<SceneSpan>>();
  for (let f = 0; f < frames; f++) if (track.period[f] === 0) kind[f] = 'break';
  const frameOf = (ms: number) => Math.round((ms - track.startMs) / track.frameMs);
  const free = (a: number, b: number) => {
    if (a < 0 || b > frames || a >= b) return false;
    for (let f = a; f < b; f++) if (kind[f] !== 'live') return false;
    return true;
  };
  const mark = (k: SceneKind, a: number, b: number, info: Partial<SceneSpan> = {}) => {
    for (let f = a; f < b; f++) kind[f] = k;
    extra.set(a, info);
  };

  if (options.cuts) {
    for (const e of events) {
      const end = frameOf(e.end_ms) + Math.round(1.2 * FPS);
      if (e.type === 'shot' && e.provider_subtypes.some((s) => s === 'ON TARGET' || s === 'GOAL')) {
        const replay = 5 * FPS;
        if (free(end, end + 2 * WIPE + replay)) {
          mark('wipe', end, end + WIPE);
          mark('replay', end + WIPE, end + WIPE + replay, { replayFrom: Math.max(0, frameOf(e.start_ms) - 3 * FPS) });
          mark('wipe', end + WIPE + replay, end + 2 * WIPE + replay);
        }
      } else if ((e.type === 'shot' || e.type === 'foul' || e.type === 'card') && e.player_id && rng.next() < 0.7) {
        const length = Math.round(rng.range(2.5, 3.5) * FPS);
        if (free(end, end + length)) mark('closeup', end, end + length, { subject: e.player_id });
      }
    }
    // A graphic now and then while play is stopped for a while.
    let deadRun = 0;
    for (let f = 0; f < frames; f++) {
      deadRun = track.inPlay[f] ? 0 : deadRun + 1;
      if (deadRun === 4 * FPS && rng.next() < 0.35 && free(f, f + 5 * FPS)) mark('graphics', f, f + 5 * FPS);
    }
  }

  const spans: SceneSpan[] = [];
  for (let f = 0; f < frames; f++) {
    const last = spans[spans.length - 1];
    if (last && last.kind === kind[f] && !extra.has(f)) last.to = f + 1;
    else spans.push({ kind: kind[f] as SceneKind, from: f, to: f + 1, ...extra.get(f) });
  }
  return spans;
}
