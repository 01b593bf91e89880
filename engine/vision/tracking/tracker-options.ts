import type { Kalman2DOptions } from './kalman-2d.js';
import type { KitCost } from './association.js';

/** Tunables of PitchTracker; every one has a default below, with the reason for its value. */
export interface PitchTrackerOptions {
  /** Detections scoring at least this are matched first and may start tracks (ByteTrack's high threshold). */
  highScore?: number;
  /** Detections scoring below this are ignored altogether; between the two they only continue tracks. */
  lowScore?: number;
  /** Mahalanobis gate for high-score detections, chi-square with 2 degrees of freedom. */
  gateChi2?: number;
  /** Hard gate for high-score detections: farther than this from a track's prediction never matches, m. */
  gateMetres?: number;
  /** Tighter gates for low-score detections (split pieces, partial blobs): they must sit close to a track. */
  lowGateChi2?: number;
  lowGateMetres?: number;
  /** Added to the matching cost of a track that missed the previous frame, metres (see association.ts). */
  coastPenaltyMetres?: number;
  /** A new track is confirmed after confirmHits hits within its first confirmWindow frames, or dropped. */
  confirmHits?: number;
  confirmWindow?: number;
  /** A track not seen for longer than this is deleted, ms. */
  maxAgeMs?: number;
  /** After cut(): position uncertainty added to every track (the new shot's calibration error), metres. */
  cutSigma?: number;
  /** After cut(): the hard gate of the first frame, metres. */
  cutGateMetres?: number;
  /** Kit colours in the association cost (see association.ts); null: position alone. */
  kit?: KitCost | null;
  kalman?: Kalman2DOptions;
}

/**
 * Kit colours in the association (see association.ts), once a track has 5 samples, on the squads'
 * feature (kit-colour.ts `kitVector`: shirt and shorts Lab, dark and bright shares x 120): free up to a
 * distance of 25 (one kit's samples under changing light and compression scatter about 20 from their
 * mean), then 0.03 m of cost per unit (two squads' kits lie 50-100 apart: 0.75-2.25 m, more than the
 * distance between two players who cross), and never beyond 150.
 */
export const TRACKER_KIT: KitCost = { free: 25, metres: 0.03, gate: 150, settled: 5 };

export const TRACKER_DEFAULTS: Required<PitchTrackerOptions> = {
  highScore: 0.6,
  // ByteTrack's lower bound: below it a detection is more often clutter than a hidden player.
  lowScore: 0.1,
  // 99.99% of true matches fall inside: a detection left outside its own track's gate becomes a new
  // tentative track and a flicker of ids, so the gate is generous (about 2 m around a settled track, whose
  // innovation sd is about 0.5 m); the cost, not the gate, picks between neighbours (see association.ts).
  // On simulated play (0.3 m noise) a 99.9% gate left 3 detections in 500 000 out (4-5 sigma); this one none.
  gateChi2: 18.42,
  // The Mahalanobis gate of a long-coasting track grows past any useful size (metres per second of coast);
  // a few metres keeps a lost track from claiming a stranger across the pitch.
  gateMetres: 4,
  // 99% and 1.5 m: a low-score detection is believed only close to where a track already expects someone;
  // one left out costs little (it starts no track, its player's track coasts for a frame).
  lowGateChi2: 9.21,
  lowGateMetres: 1.5,
  // About half the distance at which two players' blobs merge (1-1.5 m): while two tracks share one
  // detection it stays with the one that had it. On simulated crossings at 90° (5 m/s, 10 merged frames,
  // the detection on the front player) 0.7 m cut the runs where it changed hands from 9 in 10 to 1 in 20;
  // the price is a few more momentary id borrowings where neighbours both miss detections.
  coastPenaltyMetres: 0.7,
  // SORT's min_hits and DeepSORT's n_init, 3: a one- or two-frame blob (a shadow, a line judge's flag) never becomes a player.
  confirmHits: 3,
  confirmWindow: 5,
  // 1.5 s: long enough to bridge an occlusion by a passing player, short enough that the prediction
  // (about 2 m of position uncertainty by then, see kalman-2d.ts) still means something.
  maxAgeMs: 1500,
  // A cut changes the camera and so the calibration: 1-2 m of disagreement between shots is common.
  cutSigma: 2,
  cutGateMetres: 6,
  // Most identity switches are two opponents crossing: the whole kit vector in the association keeps
  // them apart where position alone cannot (docs/benchmarks.md, "Measured reasons moved from code comments").
  kit: TRACKER_KIT,
  kalman: {},
};
