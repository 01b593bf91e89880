import { groundProjector, projector, type Camera } from '../../engine/geometry/camera.js';

/** Pitch-point errors of an engine camera against the true one over the evaluator's grid. */
export function gridErrors(truth: Camera, engine: Camera): number[] {
  const proj = projector(truth);
  // Back through the engine's camera with its lens distortion undone (a homography alone ignores k1).
  const toGround = groundProjector(engine);
  const out: number[] = [];
  for (let x = 0; x <= 105; x += 7.5) {
    for (let y = 0; y <= 68; y += 6.8) {
      const px = proj.project(x, y, 0);
      if (!px || px[0] < 0 || px[1] < 0 || px[0] >= truth.width || px[1] >= truth.height) continue;
      const g = toGround(px[0], px[1]);
      out.push(g ? Math.hypot(g[0] - x, g[1] - y) : Infinity);
    }
  }
  return out;
}
