import { dist } from '../teams/kit-clusters.js';
import { inField, type TeamModel, type TrackKit, type TrackLabel } from '../teams/team-assignment.js';
import type { ShirtSighting } from './shirt-reading.js';
import type { PersonRows } from '../tracking/track-store.js';

export const UNNUMBERED_DEFAULTS = {
  /** Frames either side of a row whose sightings count (8 s at 25 frames/s). */
  windowFrames: 200,
  /** Sightings of a person this tall or taller count: smaller shirts are often illegible on players too. */
  minHeightPx: 40,
  /** That many sightings in the window, none of them legible, and the shirt has no number. */
  minSightings: 15,
  legible: 0.5,
};
export type UnnumberedOptions = typeof UNNUMBERED_DEFAULTS;

const REFEREE: TrackLabel = { role: 'referee', team: null };

type Feature = TrackKit['feature'];

/** The sample-weighted mean kit of the tracks whose label passes `pick`, or null when none does. */
function meanKit(tracks: readonly TrackKit[], model: TeamModel, pick: (l: TrackLabel) => boolean): Feature | null {
  const sum = new Array<number>(8).fill(0);
  let weight = 0;
  for (const t of tracks) {
    const l = model.labels.get(t.id);
    if (!l || !pick(l) || t.samples <= 0) continue;
    t.feature.forEach((v, i) => (sum[i] = (sum[i] as number) + v * t.samples));
    weight += t.samples;
  }
  return weight > 0 ? (sum.map((v) => v / weight) as Feature) : null;
}

/**
 * The squad whose kit the officials' lies nearer than the two squads lie to each other (a black referee
 * and a black-and-white striped side: a sample of either can pass for the other), or null when the
 * officials' kit stands apart from both or no track was taken for an official.
 */
export function squadLikeOfficials(tracks: readonly TrackKit[], model: TeamModel): 0 | 1 | null {
  const officials = meanKit(tracks, model, (l) => l.role === 'referee');
  const squads = [0, 1].map((team) => meanKit(tracks, model, (l) => l.role === 'player' && l.team === team));
  const [s0, s1] = squads;
  if (!officials || !s0 || !s1) return null;
  const d0 = dist(officials, s0);
  const d1 = dist(officials, s1);
  return Math.min(d0, d1) < dist(s0, s1) ? (d0 <= d1 ? 0 : 1) : null;
}

/**
 * Officials wear no shirt numbers. Where kit colour cannot tell the referee from one squad's players
 * (`squad`, from squadLikeOfficials), a row of that squad whose track showed its shirt large enough
 * many times within the window, and never a legible number, is the referee: a player turns his back or
 * chest to the camera within seconds (the reader finds a number on 40-60% of players' shirts 40 px and
 * taller on the rendered fixtures, on under 1% of the referee's). Frames in which a row labelled referee
 * is seen in the field of play are left alone (one referee). Parameters chosen on the 3-minute and 1080p
 * rendered fixtures, not the 10-minute one bench:engine scores. `labels` is changed in place; returns how
 * many rows were relabelled.
 */
export function relabelUnnumberedOfficials(
  rows: PersonRows, labels: (TrackLabel | null)[], squad: 0 | 1 | null, sightings: Iterable<ShirtSighting>,
  options: Partial<UnnumberedOptions> = {},
): number {
  if (squad === null) return 0;
  const o = { ...UNNUMBERED_DEFAULTS, ...options };
  // Per track: the frames of its large-enough sightings, in order, and a running count of the legible ones.
  const seen = new Map<number, { frames: number[]; legible: number[] }>();
  for (const s of sightings) {
    if (s.heightPx < o.minHeightPx) continue;
    const t = seen.get(s.track) ?? { frames: [], legible: [] };
    t.frames.push(s.frame);
    t.legible.push(s.legible > o.legible ? 1 : 0);
    seen.set(s.track, t);
  }
  const index = new Map<number, { frames: Int32Array; legibleBefore: Int32Array }>();
  for (const [track, t] of seen) {
    const order = t.frames.map((_, k) => k).sort((a, b) => (t.frames[a] as number) - (t.frames[b] as number));
    const frames = Int32Array.from(order, (k) => t.frames[k] as number);
    const legibleBefore = new Int32Array(order.length + 1);
    order.forEach((k, i) => (legibleBefore[i + 1] = (legibleBefore[i] as number) + (t.legible[k] as number)));
    index.set(track, { frames, legibleBefore });
  }
  const firstAtOrAfter = (a: Int32Array, v: number) => {
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((a[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let relabelled = 0;
  for (const [from, to] of rows.frameRanges()) {
    const frame = rows.frame[from] as number;
    let refereeSeen = false;
    for (let n = from; n < to; n++) if (labels[n]?.role === 'referee' && inField(rows.y[n] as number)) refereeSeen = true;
    for (let n = from; !refereeSeen && n < to; n++) {
      const l = labels[n];
      const t = index.get(rows.track[n] as number);
      if (!t || l?.role !== 'player' || l.team !== squad) continue;
      const lo = firstAtOrAfter(t.frames, frame - o.windowFrames);
      const hi = firstAtOrAfter(t.frames, frame + o.windowFrames + 1);
      if (hi - lo >= o.minSightings && t.legibleBefore[hi] === t.legibleBefore[lo]) {
        labels[n] = REFEREE;
        relabelled++;
      }
    }
  }
  return relabelled;
}
