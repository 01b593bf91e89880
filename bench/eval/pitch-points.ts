import { groundProjector, scaleCamera, type Camera } from '../../engine/geometry/camera.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../engine/geometry/pitch-markings.js';
import { quantile } from './quantile.js';

/**
 * The real pitch-point dev set (bench/real-pitch-points.json): painted pitch points (line crossings, box
 * corners, spots) clicked by eye on real frames, with where they are on the model pitch. Measured on,
 * never tuned on. The engine's camera at a labelled frame takes each clicked pixel back to the pitch;
 * the error is the distance to the point's place. A camera cannot tell the pitch from itself turned
 * half round (the ends look alike), so each frame is scored both ways and the nearer taken.
 */
export interface PitchPointLabel {
  name: string;
  pitch: [number, number];
  /** Source pixels, whole numbers at pixel centres (pixel i spans i - 0.5 .. i + 0.5; the engine's pixel i spans i .. i + 1). */
  pixel: [number, number];
}

export interface PitchPointFrame {
  clip: string;
  width: number;
  height: number;
  frame: number;
  t_ms: number;
  points: PitchPointLabel[];
}

export interface PitchPointScore {
  frames: number;
  calibrated: number;
  /** Errors of every point of the calibrated frames, metres. */
  errors: number[];
}

/** A camera found at the working size, scaled to the clip's source pixels. */
export function atSourceSize(cam: Camera, width: number, height: number): Camera {
  return scaleCamera(cam, width / cam.width, width, height);
}

/** Errors (metres) of one frame's points through `camera` (at the labels' pixel size), the nearer of the two ends. */
export function frameErrors(camera: Camera, points: readonly PitchPointLabel[]): number[] {
  const toGround = groundProjector(camera);
  const ways = [false, true].map((turned) => points.map(({ pitch, pixel }) => {
    const g = toGround(pixel[0] + 0.5, pixel[1] + 0.5);
    if (!g) return Infinity;
    const [x, y] = turned ? [PITCH_LENGTH - pitch[0], PITCH_WIDTH - pitch[1]] : pitch;
    return Math.hypot(g[0] - x, g[1] - y);
  }));
  const total = (e: number[]) => e.reduce((s, v) => s + Math.min(v, 1e6), 0);
  return total(ways[0] as number[]) <= total(ways[1] as number[]) ? (ways[0] as number[]) : (ways[1] as number[]);
}

/** Scores one clip's labelled frames against the engine's cameras per 25 FPS frame (null: not calibrated). */
export function scorePitchPoints(frames: readonly PitchPointFrame[], cameraAt: (frame: number) => Camera | null): PitchPointScore {
  const out: PitchPointScore = { frames: frames.length, calibrated: 0, errors: [] };
  for (const f of frames) {
    const cam = cameraAt(f.frame);
    if (!cam) continue;
    out.calibrated++;
    out.errors.push(...frameErrors(atSourceSize(cam, f.width, f.height), f.points));
  }
  return out;
}

/** A table row: clip, frames calibrated of labelled, points, median / p95 error. */
export function pitchPointLine(clip: string, s: PitchPointScore): string {
  const e = s.errors;
  return `| ${clip} | ${s.calibrated} of ${s.frames} | ${e.length} | ${e.length ? `${quantile(e, 0.5).toFixed(2)} / ${quantile(e, 0.95).toFixed(2)} m` : 'n/a'} |`;
}

export function addPitchScores(a: PitchPointScore, b: PitchPointScore): PitchPointScore {
  return { frames: a.frames + b.frames, calibrated: a.calibrated + b.calibrated, errors: [...a.errors, ...b.errors] };
}
