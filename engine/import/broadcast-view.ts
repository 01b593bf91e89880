import type { SimTrack } from '../match-data/sim-track.js';
import { CameraOperator } from '../match-data/camera-operator.js';
import { projector, type Camera } from '../geometry/camera.js';
import { createRng } from '../match-data/rng.js';
import { PROJECTED_STEP_MS } from '../results/tracking-columns.js';

/** Every how many frames an off-camera player gets a projected row (spec 2.7: 5 Hz at 25 fps). */
export const PROJECTED_EVERY = PROJECTED_STEP_MS / 40;

export interface ViewFrame {
  /** Foot pixel per object (NaN when not in the picture). */
  u: Float32Array;
  v: Float32Array;
}

/**
 * What a broadcast camera would have seen of a simulated match: the same camera operator as the
 * renderer follows the ball, and each object is "in the picture" when its foot projects inside the
 * frame. Used to import simulator truth the way the video engine reports it (detected rows on
 * camera with pixel positions, projected rows off camera) without rendering a single pixel.
 */
export function broadcastView(track: SimTrack, size = { width: 1280, height: 720 }, seed = 1): ViewFrame[] {
  const n = track.objects.length;
  const ball = track.objects.findIndex((o) => o.role === 'ball');
  const operator = new CameraOperator('broadcast', size, createRng(seed));
  const dt = track.frameMs / 1000;
  const cameras: Camera[] = [];
  let bx = 52.5;
  let by = 34;
  for (let f = 0; f < track.frames; f++) {
    const x = ball >= 0 ? (track.x[f * n + ball] as number) : Number.NaN;
    const y = ball >= 0 ? (track.y[f * n + ball] as number) : Number.NaN;
    const nx = Number.isNaN(x) ? bx : x;
    const ny = Number.isNaN(y) ? by : y;
    cameras.push(operator.next({ x: nx, y: ny, vx: (nx - bx) / dt, vy: (ny - by) / dt }, dt));
    bx = nx;
    by = ny;
  }
  return viewFromCameras(track, cameras);
}

/**
 * What the given camera of each frame saw (null: a frame showing no live play, such as a replay or a
 * close-up: nobody is in the picture). The cameras of a rendered video (its frames.ndjson) make the
 * imported pixels those of the video itself, so overlays and crops cut from it land on the players.
 */
export function viewFromCameras(track: SimTrack, cameras: readonly (Camera | null | undefined)[]): ViewFrame[] {
  const n = track.objects.length;
  const out: ViewFrame[] = [];
  for (let f = 0; f < track.frames; f++) {
    const u = new Float32Array(n).fill(Number.NaN);
    const v = new Float32Array(n).fill(Number.NaN);
    const cam = cameras[f];
    if (cam) {
      const p = projector(cam);
      for (let o = 0; o < n; o++) {
        const ox = track.x[f * n + o] as number;
        if (Number.isNaN(ox)) continue;
        const px = p.project(ox, track.y[f * n + o] as number, 0);
        if (px && px[0] >= 0 && px[0] < cam.width && px[1] >= 0 && px[1] < cam.height) {
          u[o] = px[0];
          v[o] = px[1];
        }
      }
    }
    out.push({ u, v });
  }
  return out;
}
