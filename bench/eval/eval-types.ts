import type { SimTruth } from '../../engine/io/sim-truth.js';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import type { Camera, Mat3 } from '../../engine/geometry/camera.js';

/** Ground truth: the simulator's truth and, for rendered videos, what each frame shows. */
export interface EvalTruth {
  sim: SimTruth;
  /** Per output frame (frames.ndjson), null for truth-only runs (no video). */
  frames: FrameTruth[] | null;
}

/** A tracking row as the engine writes it (spec 2.7), plus optional Touchline extensions. */
export interface EngineRow {
  timestamp: number;
  role: 'player' | 'goal_keeper' | 'ball' | 'referee';
  player_id: string | null;
  /** Centimetres, origin bottom-left. */
  x: number;
  y: number;
  bbox_x: number | null;
  bbox_y: number | null;
  status: string;
  /** Extension: team label 0/1 even when the jersey is unreadable. */
  team?: 0 | 1 | null;
  /** Extension: the tracker's own id, to score association when player_id is null. */
  track_id?: string | null;
}

export interface EngineEvent {
  event_id?: string;
  type: string;
  start_ms: number;
  end_ms?: number;
  /** `team_0`/`team_1` or 0/1. */
  team?: string | number | null;
  player_id?: string | null;
}

/** What the evaluator reads of an analysis (docs/evaluation.md). */
export interface EngineOutput {
  rows: EngineRow[];
  events: EngineEvent[];
  /** Pitch metres -> picture pixels per timestamp; null where the engine did not calibrate. */
  calibration: Map<number, Mat3 | null> | null;
  /**
   * The engine's camera per timestamp in source pixels, where it wrote one: with lens distortion a
   * homography alone cannot say where a pixel lies, so calibration is scored through the camera then.
   */
  cameras?: Map<number, Camera | null>;
  /** Optional person boxes per timestamp, for IoU matching. */
  detections: Map<number, { box: [number, number, number, number]; role?: string }[]> | null;
  timing: { frames: number; seconds: number } | null;
}

export interface Metric {
  name: string;
  value: number | null;
  unit?: string;
  note?: string;
}
