import type { Camera, Mat3 } from '../geometry/camera.js';

/** The ground truth our renderer writes per frame (frames.ndjson), read by imports of a rendered video and by the benchmarks. */

/**
 * What the broadcast shows. Only `live` frames are analysable; the others are the footage an engine must
 * recognise and skip: close-ups, replays framed by graphic wipes, full-screen graphics, the half-time break.
 */
export type SceneKind = 'live' | 'closeup' | 'wipe' | 'replay' | 'graphics' | 'break';

export interface ObjectTruth {
  id: string;
  role: string;
  team: 0 | 1 | null;
  jersey: number | null;
  /** Pitch position, metres. */
  x: number;
  y: number;
  /** Pixel box [x0, y0, x1, y1] and foot point, null when not drawn (behind the camera). */
  box: [number, number, number, number] | null;
  foot: [number, number] | null;
  /** Share of the box inside the picture, 0-1. */
  in_frame: number;
  /** Share of the box covered by people nearer the camera, 0-1. */
  occlusion: number;
  /** Torso box, the shirt side facing the camera and the number's height in pixels (0: not drawn). */
  shirt: { box: [number, number, number, number]; side: 'back' | 'front'; number_px: number } | null;
}

export interface FrameTruth {
  frame: number;
  t_ms: number;
  scene: SceneKind;
  analysable: boolean;
  /** Camera of live frames; null for close-ups, replays and graphics (their pixels show no live play). */
  camera: Camera | null;
  /** Pitch metres -> pixels of the undistorted image (apply k1 to reach the picture), live frames only. */
  homography: Mat3 | null;
  /** 3x4 camera matrix K [R | t], row-major, world metres (z up) -> undistorted pixels; live frames only. */
  projection: number[] | null;
  objects: ObjectTruth[];
  ball: { x: number; y: number; z: number; box: [number, number, number, number] | null; in_frame: number } | null;
  /** Screen regions covered by broadcast graphics (the score bug): what lies under them is not visible. */
  overlays: [number, number, number, number][];
}
