import { maxWeightMatching } from './assignment.js';
import type { Track } from './track.js';
import type { TrackInput } from './tracking-types.js';

export interface Gate {
  /** Squared Mahalanobis distance above which a pair cannot match (chi-square, 2 dof). */
  chi2: number;
  /** Euclidean distance from the prediction above which a pair cannot match, metres. */
  metres: number;
  /** Added to the cost of a track that missed the previous frame, metres. */
  coastPenalty: number;
  /**
   * Kit colours: a detection whose kit vector lies farther than `free` from a settled track's (at least
   * `settled` samples) costs `metres` metres per unit beyond it, and beyond `gate` it cannot match at
   * all. Absent: position alone decides.
   */
  kit?: KitCost;
}

export interface KitCost {
  readonly free: number;
  readonly metres: number;
  readonly gate: number;
  readonly settled: number;
  /** Compare only the vector's first `dims` components (3: the shirt's colour alone); absent: all. */
  readonly dims?: number;
}

function distance(a: readonly number[], b: readonly number[], dims = a.length): number {
  let s = 0;
  for (let k = 0; k < dims; k++) s += ((a[k] as number) - (b[k] as number)) ** 2;
  return Math.sqrt(s);
}

/**
 * One association stage: the given detections against the given tracks, optimal over the whole frame
 * (Hungarian, as SORT and ByteTrack do) rather than greedy nearest-first, which swaps neighbours.
 *
 * A pair is allowed only inside both gates: the Mahalanobis gate scales with what the filter knows (tight
 * for a settled track, wide for a new or coasting one), the hard gate caps it. Among allowed pairs the cost
 * is the plain distance in metres from the prediction, not the Mahalanobis distance: that would favour the
 * least certain track (a coasting one) over a settled neighbour for the same detection, which is how a
 * coasting track steals a player who was never lost (DeepSORT's reason for its matching cascade).
 *
 * A track that missed the previous frame pays a small penalty on top (DeepSORT's matching cascade,
 * softened): where two tracks meet one detection (two players seen as one blob) the detection should stay
 * with the track that has been taking it rather than flip to whichever prediction the noise puts nearer.
 * A cost, not DeepSORT's strict priority, so that the solver can still give a coasting track its own
 * detection when the track seen last frame has a better one.
 *
 * The weight handed to the solver is (gate + penalty) - cost, positive for every allowed pair, so leaving
 * a pair unmatched costs what a match at the gate would (see assignment.ts).
 *
 * Returns [track index, detection index] pairs, indices into `tracks` and `detections`.
 */
export function associate(tracks: readonly Track[], detections: readonly TrackInput[], candidates: readonly number[], gate: Gate): Array<[number, number]> {
  if (tracks.length === 0 || candidates.length === 0) return [];
  const weights = tracks.map((t) => {
    const [px, py] = t.filter.position;
    return candidates.map((d) => {
      const det = detections[d] as TrackInput;
      const dist = Math.hypot(det.x - px, det.y - py);
      if (dist >= gate.metres || t.filter.mahalanobis2(det.x, det.y) > gate.chi2) return 0;
      let kitCost = 0;
      const c = gate.kit;
      if (c && det.kit && t.kit && t.kitSamples >= c.settled) {
        const d = distance(det.kit, t.kit, c.dims);
        if (d > c.gate) return 0;
        kitCost = Math.max(0, d - c.free) * c.metres;
      }
      const w = gate.metres + gate.coastPenalty - dist - (t.misses > 0 ? gate.coastPenalty : 0) - kitCost;
      return w > 0 ? w : 0;
    });
  });
  const assigned = maxWeightMatching(weights);
  const pairs: Array<[number, number]> = [];
  assigned.forEach((c, t) => {
    if (c >= 0) pairs.push([t, candidates[c] as number]);
  });
  return pairs;
}
