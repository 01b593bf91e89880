import { associate } from './association.js';
import { overlapPartners } from './box-overlap.js';
import { Track } from './track.js';
import { TRACKER_DEFAULTS, type PitchTrackerOptions } from './tracker-options.js';
import type { TrackInput, TrackOutput, TrackState } from './tracking-types.js';

export type { TrackInput, TrackOutput, TrackState } from './tracking-types.js';
export type { PitchTrackerOptions } from './tracker-options.js';

/**
 * Multi-object tracker of people in pitch coordinates, one step per video frame.
 *
 *     const tracker = new PitchTracker();
 *     const out = tracker.step(tMs, detections); // out[i] is what became of detections[i]
 *     tracker.tracks();                          // live tracks, coasting ones included
 *     tracker.cut();                             // a shot change: keep tracks, widen the next frame's gate
 *     tracker.reset();                           // forget everything (track ids keep counting up)
 *
 * SORT (Bewley et al. 2016) in the ground plane: a constant-velocity Kalman filter per person (positions
 * are already in metres, the camera's motion removed by calibration, so the model is physical) and
 * Hungarian assignment per frame. On top of it:
 * - ByteTrack (Zhang et al. 2022): association in stages. High-score detections are matched first against
 *   the confirmed tracks (seen or coasting); the low-score ones (a split piece of a blob, a half-hidden
 *   player) are then matched against the confirmed tracks still unmatched, inside tighter gates, so
 *   occlusion keeps a track fed instead of starving it; last, the high-score leftovers are matched against
 *   the tentative tracks, and what is still left starts new ones. Putting tentative tracks last (ByteTrack
 *   does) matters: a new track born from one stray detection next to a player must not compete with that
 *   player's own track for his next detection. Low-score detections never start or feed tentative tracks.
 * - SORT / DeepSORT's life cycle: a new track is tentative until it has confirmHits hits within its first
 *   confirmWindow frames (frames = calls to step), else it is dropped; a track that misses coasts on its
 *   prediction and is deleted maxAgeMs after it was last seen.
 * - DeepSORT (Wojke et al. 2017): tracks seen last frame come first when two tracks want one detection,
 *   as a cost penalty on coasting tracks rather than a strict cascade (see association.ts).
 * - OC-SORT (Cao et al. 2023): a coasting track that re-matches keeps its id and its filter is re-run over
 *   the gap from the last observation to the new one (observation-centric re-update, see track.ts).
 *
 * Scores: at least highScore (0.6) is high, from lowScore (0.1) to highScore low, below lowScore ignored
 * (trackId null). Defaults and the reasons for them are in tracker-options.ts.
 *
 * Timestamps must increase; frames may be skipped (the filter predicts over the real gap).
 */
export class PitchTracker {
  private readonly o: Required<PitchTrackerOptions>;
  private live: Track[] = [];
  private nextId = 1;
  private lastMs: number | null = null;
  private cutPending = false;

  constructor(options: PitchTrackerOptions = {}) {
    // An option given as undefined keeps its default.
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
    this.o = { ...TRACKER_DEFAULTS, ...given };
  }

  step(tMs: number, detections: readonly TrackInput[]): TrackOutput[] {
    const o = this.o;
    if (!Number.isFinite(tMs)) throw new RangeError(`PitchTracker.step: timestamp ${tMs} is not a number`);
    if (this.lastMs !== null && tMs <= this.lastMs) {
      throw new RangeError(`PitchTracker.step: timestamps must increase (${tMs} ms after ${this.lastMs} ms)`);
    }
    const dt = this.lastMs === null ? 0 : (tMs - this.lastMs) / 1000;
    this.lastMs = tMs;
    const cut = this.cutPending;
    this.cutPending = false;

    // Forget tracks unseen for too long (checked before matching, so a long skip of frames counts too).
    this.live = this.live.filter((t) => tMs - t.lastSeenMs <= o.maxAgeMs);
    for (const t of this.live) {
      t.predict(dt);
      if (cut) t.inflate(o.cutSigma);
    }

    const high: number[] = [];
    const low: number[] = [];
    detections.forEach((d, i) => {
      if (d.score >= o.highScore) high.push(i);
      else if (d.score >= o.lowScore) low.push(i);
    });

    const trackOf = new Array<Track | null>(detections.length).fill(null);
    const matched = new Set<Track>();
    const join = (t: Track, d: number) => {
      const det = detections[d] as TrackInput;
      t.observe(tMs, det.x, det.y);
      if (det.kit) t.observeKit(det.kit);
      trackOf[d] = t;
      matched.add(t);
    };

    // Stage 1: high-score detections against the confirmed tracks, seen or coasting.
    const confirmed = this.live.filter((t) => t.confirmed);
    const kit = o.kit ?? undefined;
    const gate1 = { chi2: o.gateChi2, metres: cut ? o.cutGateMetres : o.gateMetres, coastPenalty: o.coastPenaltyMetres, kit };
    for (const [t, d] of associate(confirmed, detections, high, gate1)) join(confirmed[t] as Track, d);

    // Stage 2: low-score detections against the confirmed tracks left, inside tighter gates.
    const rest = confirmed.filter((t) => !matched.has(t));
    for (const [t, d] of associate(rest, detections, low, { chi2: o.lowGateChi2, metres: o.lowGateMetres, coastPenalty: o.coastPenaltyMetres, kit })) join(rest[t] as Track, d);

    // Stage 3: high-score detections still unclaimed against the tentative tracks.
    const tentative = this.live.filter((t) => !t.confirmed);
    const left = high.filter((d) => !trackOf[d]);
    for (const [t, d] of associate(tentative, detections, left, gate1)) join(tentative[t] as Track, d);

    // Misses, and tentative tracks that cannot be confirmed any more.
    for (const t of this.live) if (!matched.has(t)) t.missed();
    this.live = this.live.filter((t) => !t.hopeless);

    // Unclaimed high-score detections start tentative tracks.
    for (const d of high) {
      if (trackOf[d]) continue;
      const det = detections[d] as TrackInput;
      const t = new Track(this.nextId++, tMs, det.x, det.y, { confirmHits: o.confirmHits, confirmWindow: o.confirmWindow, kalman: o.kalman });
      if (det.kit) t.observeKit(det.kit);
      this.live.push(t);
      trackOf[d] = t;
    }

    const partners = overlapPartners(
      detections.map((d) => d.box),
      (i) => trackOf[i] !== null,
    );
    return detections.map((det, i) => {
      const t = trackOf[i] as Track | null;
      const p = partners[i] as number;
      const overlapWith = p >= 0 ? (trackOf[p]?.id ?? null) : null;
      if (!t) return { trackId: null, x: det.x, y: det.y, confirmed: false, overlapWith };
      const [x, y] = t.filter.position;
      return { trackId: t.id, x, y, confirmed: t.confirmed, overlapWith };
    });
  }

  /** The live tracks after the last step, seen or coasting, tentative ones included. */
  tracks(): TrackState[] {
    return this.live.map((t) => {
      const [x, y] = t.filter.position;
      const [vx, vy] = t.filter.velocity;
      return { id: t.id, x, y, vx, vy, age: t.age, hits: t.hits, confirmed: t.confirmed, lastSeenMs: t.lastSeenMs };
    });
  }

  /**
   * A shot change: players did not move, but the new shot's calibration may put them a metre or two from
   * where the last one did. Tracks stay alive; for the next frame only, every track's position uncertainty
   * is widened by cutSigma and the hard gate opened to cutGateMetres, so the first detections of the new
   * shot join the tracks they belong to instead of starting new ones.
   */
  cut(): void {
    this.cutPending = true;
  }

  /** Forget every track (a new match half, a long uncalibrated stretch). Ids keep counting up, never reused. */
  reset(): void {
    this.live = [];
    this.lastMs = null;
    this.cutPending = false;
  }
}
