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
   * Shirt colour: a detection whose colour differs from a settled track's (at least `colourSettled`
   * samples) by more than `colourFree` (CIE76 delta E) costs `colourMetres` metres per unit beyond it,
   * and beyond `colourGate` it cannot match at all. Absent: position alone decides.
   */
  colour?: { readonly free: number; readonly metres: number; readonly gate: number; readonly settled: number };
}

/** CIE76 colour difference. */
const deltaE = (a: readonly number[], b: readonly number[]) => Math.hypot((a[0] as number) - (b[0] as number), (a[1] as number) - (b[1] as number), (a[2] as number) - (b[2] as number));

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
      let colourCost = 0;
      const c = gate.colour;
      if (c && det.colour && t.colour && t.colourSamples >= c.settled) {
        const de = deltaE(det.colour, t.colour);
        if (de > c.gate) return 0;
        colourCost = Math.max(0, de - c.free) * c.metres;
      }
      const w = gate.metres + gate.coastPenalty - dist - (t.misses > 0 ? gate.coastPenalty : 0) - colourCost;
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
