/** The tracker's inputs and outputs (see pitch-tracker.ts for what it does with them). */

/** One person detection in one frame. */
export interface TrackInput {
  /** Pitch metres, x 0-105 along the length, y 0-68 across (origin bottom-left). */
  x: number;
  y: number;
  /** Picture box [x0, y0, x1, y1] in pixels (any pixel grid, used only for overlap tests). */
  box: [number, number, number, number];
  /** 0-1 detection confidence (a classical detector gives e.g. 0.9 for a clean blob, 0.5 for a split piece). */
  score: number;
  /**
   * The kit's colours as a vector (kit-colour.ts `kitVector`: shirt and shorts Lab, dark and bright
   * shares), when the shirt showed: two opponents who cross keep their own tracks by it.
   */
  kit?: readonly number[] | null;
}

/** What became of one detection, in the order the detections were given. */
export interface TrackOutput {
  /** The track it started or joined; null when it did neither (a low-score detection no track claimed). */
  trackId: number | null;
  /** The track's filtered pitch position after this frame, metres (the detection's own when trackId is null). */
  x: number;
  y: number;
  /** The track has been confirmed (enough hits soon after birth); callers may drop unconfirmed ones. */
  confirmed: boolean;
  /**
   * The trackId of another detection of this frame whose box overlaps this one (IoU above 0.1, or either
   * foot point inside the other box); null when none overlaps, or when the overlapping one has no track.
   * With several, the partner that has a track and overlaps most.
   */
  overlapWith: number | null;
}

/** A live track, seen or coasting. */
export interface TrackState {
  id: number;
  /** Filtered position at the last step, metres (the prediction when the track is coasting). */
  x: number;
  y: number;
  /** Filtered velocity, m/s. */
  vx: number;
  vy: number;
  /** Steps (frames given to the tracker) since the track was born, the birth frame counting 1 (SORT's age). */
  age: number;
  /** Frames in which a detection joined the track. */
  hits: number;
  confirmed: boolean;
  /** Timestamp of the last frame a detection joined the track, ms. */
  lastSeenMs: number;
}
