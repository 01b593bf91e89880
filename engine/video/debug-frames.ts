import { groundHomography, type Mat3 } from '../geometry/camera.js';
import type { FrameRecord } from './frame-pass.js';
import type { DebugFrame } from './video-analysis-types.js';

/** Per frame, for evaluation and overlays: the camera, its homography to source pixels, the boxes with their (cut) tracks, the ball. */
export function debugFrames(
  record: FrameRecord, analysable: Uint8Array, o: { startMs: number; frameMs: number; toSourceX: number; toSourceY: number },
  trackAt: (track: number, frame: number) => number, ballAt: ReadonlyMap<number, [number, number]>,
): DebugFrame[] {
  return record.cameras.map((c, f): DebugFrame => ({
    t_ms: o.startMs + f * o.frameMs,
    analysable: analysable[f] === 1,
    camera: c,
    homography: c && analysable[f] ? scaleHomography(groundHomography(c), o.toSourceX, o.toSourceY) : null,
    boxes: analysable[f] ? (record.boxes[f] ?? []) : [],
    tracks: analysable[f] ? (record.boxTracks[f] ?? []).map((t) => (t === null ? t : trackAt(t, f))) : [],
    ball: analysable[f] ? (ballAt.get(f) ?? null) : null,
  }));
}

function scaleHomography(H: Mat3, sx: number, sy: number): Mat3 {
  return [H[0] * sx, H[1] * sx, H[2] * sx, H[3] * sy, H[4] * sy, H[5] * sy, H[6], H[7], H[8]];
}
