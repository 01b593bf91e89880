/**
 * The ball path's shapes, shared by the path search (ball-track.ts) and the flights placed on it
 * (path-flights.ts): their own file, so neither imports the other for them.
 */

/** The ball in one frame: pitch metres (x, y on the ground, z its height), picture position on the working grid. */
export interface BallPoint {
  x: number;
  y: number;
  z: number;
  u: number;
  v: number;
  /**
   * `seen`: a candidate of this frame, placed on the ground under it. `flight`: a candidate of this frame
   * (or a short gap inside a flight) placed on the parabola fitted to the flight's rays. `bridged`: no
   * candidate in this frame, interpolated between two sightings of one path at most `maxGap` frames
   * apart (the ball was hidden for a moment: by a player, a painted line it crossed, its own blur).
   */
  how: 'seen' | 'flight' | 'bridged';
}

export interface BallTrackOptions {
  /** Longest run of frames without a sighting that is bridged, frames (12 at 25 FPS: under 0.5 s). */
  maxGap?: number;
  /** Frames between two sightings that the path may still link (longer: the path restarts). */
  maxLink?: number;
  /** Place flights in 3D (default true). */
  flights?: boolean;
  /** Diagnostics (benchmarks): called once per flight found. */
  onFlight?: (f: { from: number; to: number; apex: number; rms: number; groundRms: number; n: number }) => void;
}

/** The candidates of a whole video, column-wise (a match has about a million of them). */
export interface Nodes {
  n: number;
  /** Nodes of frame f: [start[f], start[f + 1]). */
  start: Int32Array;
  frame: Int32Array;
  u: Float32Array;
  v: Float32Array;
  /** Ground point under the blob (the row's position for a ball on the grass). */
  x: Float32Array;
  y: Float32Array;
  /** Where the ray through the blob's centre meets the ground: camera-independent picture motion. */
  gx: Float32Array;
  gy: Float32Array;
  /** Ball diameter there, pixels. */
  d: Float32Array;
  /** Ground metres one picture row spans there: how far sub-pixel jitter moves a blob's ground point. */
  rowM: Float32Array;
  reward: Float32Array;
  /** A blob seen clearly on the pitch: a link into it may also be scored as a stopped ball (STOP_PX). */
  mayStop: Uint8Array;
  /** A white cluster at someone's feet, not a blob of its own. */
  feet: Uint8Array;
  /** A ball detector's peak below its sure score (NET_SURE): alone, a stretch of these is no ball. */
  unsure: Uint8Array;
  /** Id (from 1) of the ballistic flight of free blobs a node belongs to (boostFlightTracklets), 0: none. */
  flight?: Int32Array;
}

export interface PathStep {
  node: number;
  /** Joined to the previous step by an edge (false: the path restarted here). */
  linked: boolean;
}
