import type { Camera, Mat3 } from '../geometry/camera.js';
import type { RigEstimate } from '../vision/calibration/rig-discovery.js';
import type { ExecutionProvider } from '../vision/detection/person-verifier.js';
import type { PitchTrackerOptions } from '../vision/tracking/pitch-tracker.js';
import type { BallFrameInput } from '../vision/ball/ball-track.js';
import type { KitColours } from '../vision/teams/preview-kits.js';
import type { TrackKit } from '../vision/teams/team-assignment.js';
import type { ShirtReadingLog } from '../vision/identity/shirt-reading.js';
import type { TrackEnds } from '../vision/identity/stitch-tracks.js';
import type { AnalysisPlayer } from '../results/analysis-facts.js';
import type { TrackingColumns } from '../results/tracking-columns.js';
import type { ResultEvent } from '../results/result-events.js';
import type { FrameCount } from '../worker-protocol.js';

/** What a video analysis takes and gives (analyse-video.ts). */

export interface VideoInput {
  path: string;
  /** Analysis frame size (sources above 1080 lines are scaled down to it). */
  width: number;
  height: number;
  /** The source's own size: pixel columns are reported in it. */
  sourceWidth: number;
  sourceHeight: number;
  startSeconds: number | null;
  endSeconds: number | null;
}

export interface VideoAnalysisResult {
  columns: TrackingColumns;
  events: ResultEvent[];
  durationMs: number;
  frames: number;
  analysableFrames: number;
  calibratedFrames: number;
  rig: RigEstimate | null;
  timingsMs: Record<string, number>;
  /** Exemplar crops (JPEG) of each squad's outfield players, team_0 first (spec 2.5). */
  exemplars: [Buffer[], Buffer[]];
  /** Exemplar crops (JPEG) of each identified player, best first (spec 2.5 individuals). */
  playerCrops: Map<string, Buffer[]>;
  /** The two squads' kits (team_0 first), null when no two squads were found. */
  teamKits: [KitColours, KitColours] | null;
  /**
   * Per frame, for evaluation and overlays: the camera (working grid) and its homography (pitch metres ->
   * source pixels), the person boxes (source pixels) with their track ids, the ball's picture position.
   */
  debug: DebugFrame[] | null;
  /** With `debug` and `ballFrames`: every frame's camera and ball candidates, the input of the ball pass (bench:ball replays it). */
  ballFrames?: BallFrameInput[];
  /** Which learned models ran, and where. */
  runtime: { execution_provider: ExecutionProvider | null; models: string[] };
  /** With `debug`: what each track showed (kit colour, position), for diagnosing squads and roles. */
  trackKits?: TrackKit[];
  /** With `debug`: every shirt the number reader read (detail-picture boxes), for contact sheets. */
  shirtReadings?: ShirtReadingLog[];
  /** With `debug`: each track as identity resolution saw it (bench:identity replays the resolution). */
  trackEnds?: TrackEnds[];
  /**
   * Shirt crops read, tracks with sure readings, tracks given an id, track cuts (where a track changed
   * hands or needed a movement nobody can make; `unreachable`: the latter alone), rows relabelled referee
   * because their shirts never showed a number (unnumbered-officials.ts).
   */
  identity: { crops: number; tracks: number; identified: number; split: number; unreachable: number; unnumbered: number };
  /** Rows written: detected (people and ball) and projected (identified players off camera). */
  rowCounts: { detected: number; projected: number };
  /** Every player id the rows carry (analysis.json `players`). */
  players: AnalysisPlayer[];
}

export interface DebugFrame {
  t_ms: number;
  analysable: boolean;
  camera: Camera | null;
  homography: Mat3 | null;
  boxes: [number, number, number, number][];
  tracks: (number | null)[];
  ball: [number, number] | null;
}

export type VideoProgress = (share: number, stage: string, frames?: FrameCount) => void;

/** How a video analysis runs (the defaults are the product's). */
export interface AnalyseOptions {
  signal?: AbortSignal;
  debug?: boolean;
  /**
   * With `debug`, also keep every frame's ball candidates (bench:ball replays the ball pass over them).
   * Off otherwise: for a long video they are hundreds of thousands of objects, and the garbage collector
   * walking them slows every later frame.
   */
  ballFrames?: boolean;
  distortion?: boolean;
  /** The learned person verifier: on when its model file is present (default), or off. */
  verifier?: 'auto' | 'off';
  /**
   * The learned person detector: on when its model file is present (default), or off (the classical
   * foreground detector with the verifier finds the people then).
   */
  detector?: 'auto' | 'off';
  /** Shirt numbers and player ids (models/jersey-number): on when its model file is present (default), or off. */
  identity?: 'auto' | 'off';
  /**
   * The learned ball detector (models/ball-detector): on when its model file is present (default), or off
   * (the classical blob, feet-cluster and speck candidates then).
   */
  ballDetector?: 'auto' | 'off';
  /** The ball verifier (models/ball-verifier), which scores the ball detector's peaks again: on when its model file is present (default), or off. */
  ballVerifier?: 'auto' | 'off';
  /** Tracklet stitching before identities (default on; off for measuring what it adds). */
  stitch?: boolean;
  /** Where ONNX models run: TOUCHLINE_EXECUTION_PROVIDER or cpu. */
  executionProvider?: ExecutionProvider;
  /** Tracker tunables other than the defaults (benchmarks compare them). */
  tracker?: PitchTrackerOptions;
}

