import { pixelToGround, projector, type Camera } from '../../geometry/camera.js';
import { pitchSpots } from '../../geometry/pitch-markings.js';
import { BALL_DIAMETER, type BallCandidate } from './ball-candidates.js';
import type { BallPeak } from './ball-detector.js';

/** Peaks this close to a painted spot (metres, on the ground) are the spot: the classical candidates' rule. */
const SPOT_R = 0.6;

/**
 * The ball detector's peaks as ball candidates of a calibrated frame: each with the ground point under
 * it (as if the ball lay on the grass; the path pass lifts flights off it) and the diameter a ball has
 * there. Dropped: peaks under a broadcast graphic (`hidden`, the overlay mask: a score bug's ball icon
 * is no ball in play), peaks whose ray misses the ground, and peaks on a painted spot (a white disc the
 * size of a ball that lies still, which the path pass would keep as a ball the network is sure of; the
 * calibrated camera says where the spots are, as for the classical candidates; a ball placed there for a
 * penalty or a kick-off is lost until it moves). Pure.
 */
export function netCandidates(peaks: readonly BallPeak[], camera: Camera, hidden: Uint8Array | null = null): BallCandidate[] {
  const proj = projector(camera);
  const out: BallCandidate[] = [];
  const spots = pitchSpots();
  for (const p of peaks) {
    const px = Math.min(camera.width - 1, Math.max(0, Math.floor(p.u)));
    const py = Math.min(camera.height - 1, Math.max(0, Math.floor(p.v)));
    if (hidden && hidden[py * camera.width + px] === 1) continue;
    // The ball's size where its centre's ray meets the grass, then the ground under its lowest pixel.
    const centre = pixelToGround(camera, p.u, p.v);
    if (!centre) continue;
    const a = proj.project(centre[0], centre[1], 0);
    const b = proj.project(centre[0], centre[1], BALL_DIAMETER);
    const d = a && b ? Math.max(1, Math.hypot(a[0] - b[0], a[1] - b[1])) : 1;
    const g = pixelToGround(camera, p.u, p.v + d / 2) ?? centre;
    if (spots.some(([sx, sy]) => Math.hypot(sx - g[0], sy - g[1]) < SPOT_R)) continue;
    out.push({ u: p.u, v: p.v, x: g[0], y: g[1], score: p.score, kind: 'net', w: d, h: d, d });
  }
  return out;
}
