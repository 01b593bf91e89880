import { detectCuts, histogramDistance } from './shot-cuts.js';
import { looksLikePlay, type SceneFeatures } from './scene-features.js';
import { frozenRuns } from './frozen-picture.js';

export interface SceneSegment {
  /** Frames [from, to). */
  from: number;
  to: number;
  analysable: boolean;
  kind: 'live' | 'closeup' | 'replay' | 'graphics' | 'frozen';
}

/**
 * Longest non-play shot counted as a transition, frames: broadcasters' logo wipes last 0.5-1 s; a close-up
 * (2.5 s and more) is a shot of its own, so play after it is live again, not a replay.
 */
const TRANSITION_MAX = 25;
/** Longest replay between two transitions, frames (broadcast replays run 5-20 s). */
const REPLAY_MAX = 25 * 25;
/** A frame is busy when this share of its pixels changed: a graphic sweeping across, or a cut. */
const BUSY = 0.05;
/** A sweep (wipe) is a run of this many busy frames (broadcast wipes and logo stings: 0.2-1.6 s). */
const SWEEP_MIN = 4;
const SWEEP_MAX = 40;
/** The busiest frame of a sweep changes at least this share of the pixels... */
const SWEEP_PEAK = 0.15;
/** ...and this many times what the frames before it changed. */
const SWEEP_CONTRAST = 4;
/**
 * Over a frame with at least this grass share, a sweep must cover some of it: the grass share at its
 * lowest at most this share of what it was before (our wipes leave about 0.4 of it, a logo sting none).
 */
const SWEEP_GRASS_BEFORE = 0.25;
const SWEEP_GRASS_DIP = 0.8;
/** A cut this close before a sweep belongs to it (the graphic starts on the new shot), frames. */
const SWEEP_JOIN = 3;
/** Within a shot, play-like and not play-like stretches shorter than this do not split it, frames. */
const HOLD = 25;
/** A non-play shot this flat (uniform colour areas) is a graphic; a textured one a close-up. */
const FLAT_GRAPHICS = 0.7;

interface Span {
  from: number;
  to: number;
  /** A gradual transition (a wipe) rather than a shot. */
  sweep: boolean;
}

function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * Gradual transitions: runs of busy frames, 4-40 frames long, that change far more than the frames before
 * them and, over the pitch, hide some of its grass (a broadcaster's wipe: a graphic sweeping across; a
 * fast pan changes only edges and keeps the grass). A run that opens on a ramp (the graphic entering from
 * the border) started where its change extrapolates to zero, at most two frames before it shows; a run
 * that ends on a jump ends on a cut, so the next shot starts at its last frame. `grass` (per frame) is
 * optional: without it the grass test is skipped.
 */
export function findSweeps(change: readonly number[], cuts: readonly number[], grass?: readonly number[]): { from: number; to: number }[] {
  const n = change.length;
  const cutSet = new Set(cuts);
  const sweeps: { from: number; to: number }[] = [];
  let i = 1;
  while (i < n) {
    if ((change[i] as number) < BUSY) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < n && (change[j] as number) >= BUSY) j += 1;
    // Busy run [i, j); a cut at either end is a cut, not the sweep's own change.
    let peak = 0;
    for (let k = cutSet.has(i) ? i + 1 : i; k < (cutSet.has(j - 1) ? j - 1 : j); k++) peak = Math.max(peak, change[k] as number);
    const length = j - i;
    const before = median(change.slice(Math.max(1, i - 13), i));
    // A graphic covers the pitch as it sweeps: the grass share dips (a fast pan keeps it).
    const grassBefore = grass ? median(grass.slice(Math.max(0, i - 12), i)) : 0;
    let grassMin = grassBefore;
    if (grass) for (let k = i; k < j; k++) grassMin = Math.min(grassMin, grass[k] as number);
    const covers = !grass || grassBefore < SWEEP_GRASS_BEFORE || grassMin <= grassBefore * SWEEP_GRASS_DIP;
    if (length >= SWEEP_MIN && length <= SWEEP_MAX && peak >= SWEEP_PEAK && peak >= SWEEP_CONTRAST * Math.max(before, 0.01) && covers) {
      const c0 = change[i] as number;
      const c1 = change[i + 1] ?? 0;
      let from = i;
      if (!cutSet.has(i) && c1 > c0) from = Math.max(i - 2, Math.floor(i - c0 / (c1 - c0)));
      // A cut just before the sweep: the graphic starts over the new shot.
      for (let k = i - 1; k >= Math.max(1, from - SWEEP_JOIN); k--) {
        if (cutSet.has(k)) {
          from = k;
          break;
        }
      }
      const last = j - 1;
      const to = (change[last] as number) >= (change[last - 1] as number) && last > i ? last : j;
      const prev = sweeps[sweeps.length - 1];
      if (prev && from <= prev.to) prev.to = Math.max(prev.to, to);
      else sweeps.push({ from: Math.max(0, from), to });
    }
    i = j;
  }
  return sweeps;
}

/** Shots and sweeps covering [0, n): shots between cuts, cuts inside a sweep absorbed by it. */
function spans(n: number, cuts: readonly number[], sweeps: readonly { from: number; to: number }[]): Span[] {
  const bounds = new Set<number>([0, n]);
  for (const c of cuts) if (!sweeps.some((s) => c > s.from && c < s.to)) bounds.add(c);
  for (const s of sweeps) {
    bounds.add(s.from);
    bounds.add(s.to);
  }
  const sorted = [...bounds].filter((b) => b >= 0 && b <= n).sort((a, b) => a - b);
  const out: Span[] = [];
  for (let k = 0; k + 1 < sorted.length; k++) {
    const from = sorted[k] as number;
    const to = sorted[k + 1] as number;
    if (to > from) out.push({ from, to, sweep: sweeps.some((s) => s.from === from && s.to === to) });
  }
  return out;
}

/**
 * A shot's play-like and not play-like stretches, with hysteresis: each frame takes the majority label of
 * the `HOLD` frames around it, and stretches still shorter than `HOLD` join the stretch before them, so
 * one shot splits only where the view changes for good (a cut the detector missed, a camera zooming in on
 * a player). Linear in the shot's length.
 */
function holdRuns(play: readonly boolean[]): { from: number; to: number; play: boolean }[] {
  const n = play.length;
  const prefix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (play[i] ? 1 : 0);
  const half = Math.floor(HOLD / 2);
  const runs: { from: number; to: number; play: boolean }[] = [];
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - half);
    const b = Math.min(n, i + half + 1);
    const yes = (prefix[b] as number) - (prefix[a] as number);
    const label = yes * 2 === b - a ? (play[i] as boolean) : yes * 2 > b - a;
    const last = runs[runs.length - 1];
    if (last && last.play === label) last.to = i + 1;
    else runs.push({ from: i, to: i + 1, play: label });
  }
  const held: typeof runs = [];
  for (const r of runs) {
    const last = held[held.length - 1];
    if (last && (r.to - r.from < HOLD || last.play === r.play)) last.to = r.to;
    else held.push({ ...r });
  }
  const first = held[0];
  const second = held[1];
  if (first && second && first.to - first.from < HOLD) {
    second.from = 0;
    held.shift();
  }
  return held;
}

/**
 * Scenes of a run of frames from their features: shots between hard cuts and gradual transitions
 * (wipes), each shot labelled by its frames (play-like or not, with hysteresis), then replays: a play-like
 * shot framed by two transitions (wipes, or short non-play shots: the graphics a broadcaster puts around
 * a replay) is a replay, not live play. Features need `change` (from `sceneFeatures(t, previous)`) for
 * transitions; without it shots are cut by histogram distance alone.
 */
export function labelScenes(features: readonly SceneFeatures[]): SceneSegment[] {
  const n = features.length;
  if (!n) return [];
  const withChange = features.every((f, i) => i === 0 || (f.change !== undefined && f.histChange !== undefined));
  let shots: Span[];
  if (withChange) {
    const cuts = detectCuts(features.map((f, i) => (i === 0 ? 0 : { change: f.change, histChange: f.histChange })));
    const sweeps = findSweeps(features.map((f, i) => (i === 0 ? 0 : (f.change as number))), cuts, features.map((f) => f.grass));
    shots = spans(n, cuts, sweeps);
  } else {
    const distances = features.map((f, i) => (i === 0 ? 0 : histogramDistance((features[i - 1] as SceneFeatures).hist, f.hist)));
    shots = spans(n, detectCuts(distances), []);
  }

  const segments: (SceneSegment & { transition: boolean })[] = [];
  const nonPlayKind = (from: number, to: number): SceneSegment['kind'] => {
    let flat = 0;
    for (let i = from; i < to; i++) flat += (features[i] as SceneFeatures).flat;
    return flat / (to - from) >= FLAT_GRAPHICS ? 'graphics' : 'closeup';
  };
  for (const s of shots) {
    if (s.sweep) {
      segments.push({ from: s.from, to: s.to, analysable: false, kind: 'graphics', transition: true });
      continue;
    }
    const play: boolean[] = [];
    for (let i = s.from; i < s.to; i++) play.push(looksLikePlay(features[i] as SceneFeatures));
    for (const r of holdRuns(play)) {
      const from = s.from + r.from;
      const to = s.from + r.to;
      const short = s.to - s.from <= TRANSITION_MAX;
      segments.push({ from, to, analysable: r.play, kind: r.play ? 'live' : nonPlayKind(from, to), transition: !r.play && short });
    }
  }
  for (let k = 1; k < segments.length - 1; k++) {
    const s = segments[k] as (typeof segments)[number];
    if (s.analysable && s.to - s.from <= REPLAY_MAX && segments[k - 1]?.transition && segments[k + 1]?.transition) {
      s.analysable = false;
      s.kind = 'replay';
    }
  }
  const labelled = segments.map(({ from, to, analysable, kind }): SceneSegment => ({ from, to, analysable, kind }));
  return withFrozen(labelled, frozenRuns(features.map((f) => f.pictureChange)));
}

/**
 * Live segments with each frozen stretch in them cut out as a `frozen` segment, not analysable. Segments
 * that are not analysable keep their kind: a full-screen graphic held still is a graphic.
 */
function withFrozen(segments: readonly SceneSegment[], frozen: readonly { from: number; to: number }[]): SceneSegment[] {
  const out: SceneSegment[] = [];
  for (const s of segments) {
    let from = s.from;
    if (s.analysable) {
      for (const f of frozen) {
        if (f.to <= from || f.from >= s.to) continue;
        if (f.from > from) out.push({ ...s, from, to: f.from });
        from = Math.min(s.to, f.to);
        out.push({ from: Math.max(s.from, f.from), to: from, analysable: false, kind: 'frozen' });
      }
    }
    if (from < s.to) out.push({ ...s, from });
  }
  return out;
}
