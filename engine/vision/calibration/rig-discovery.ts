import type { Camera } from '../../geometry/camera.js';
import { CalibrationTracker } from './calibration-tracker.js';
import { fitCamera, fitScore, toParams, type FitResult, type Sigmas } from './camera-fit.js';
import { pitchModel } from './pitch-model.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../geometry/pitch-markings.js';
import type { LineImage } from './line-pixels.js';

export interface RigEstimate {
  /** Camera position, metres: the one that fits all the frames that calibrated best. */
  position: [number, number, number];
  /** Frames that calibrated from scratch, of those tried. */
  calibrated: number;
  tried: number;
  /**
   * Whole cameras found, when only the wide search found any (a static wide camera beside the pitch):
   * the tracker fits them in every search (CalibrationTracker.assumePosition).
   */
  views?: Camera[];
  /** The lens bends the pitch's lines: the tracker fits the bend (k1) on every frame. */
  distortion?: boolean;
}

/** Frames the wide search tries when the broadcast search calibrated none (the most line pixels first: callers sort). */
const WIDE_TRIES = 2;

/** Frames that must calibrate from scratch before the search stops (each search costs seconds). */
export const ENOUGH_FRAMES = 3;

const DEG = Math.PI / 180;
const model = pitchModel(0.5);

/** One frame searched from scratch (every plausible camera position), as the tracker's first frame is. */
export function searchFromScratch(lines: LineImage, distortion?: boolean): Camera | null {
  return new CalibrationTracker({ distortion }).next(lines).camera ?? null;
}

/**
 * Where the main camera stands, from a handful of frames spread over the video: each frame is searched
 * from scratch (every plausible camera position), and the positions of the frames that calibrated are
 * combined by their median, which ignores the odd frame from another camera. A single frame leaves the
 * position uncertain along the line of sight (further back and zoomed in looks nearly the same); frames
 * with different pan and zoom pin it down, and tracking refines it further. The order of the searches is
 * findRigWith's.
 */
export function discoverRig(frames: readonly LineImage[], options: { distortion?: boolean; enough?: number } = {}): Promise<RigEstimate | null> {
  return findRigWith(frames, (distortion) => searchInOrder(frames, distortion, options.enough ?? ENOUGH_FRAMES), options.distortion);
}

/** The frames searched from scratch in order, up to the one that makes `enough` calibrated. */
function searchInOrder(frames: readonly LineImage[], distortion: boolean | undefined, enough: number): (Camera | null)[] {
  const searched: (Camera | null)[] = [];
  let found = 0;
  for (const lines of frames) {
    const camera = searchFromScratch(lines, distortion);
    searched.push(camera);
    if (camera) found++;
    // Each search costs seconds: stop once enough frames agree.
    if (found >= enough) break;
  }
  return searched;
}

/**
 * The rig from the searches, in rounds: the frames searched with a straight lens (broadcast cameras;
 * `search` gives discoverRig's searches, however they are run). Where none calibrates, or the straight
 * views barely explain their frames' lines, maybe a static wide camera: the same frames searched with
 * the lens's bend fitted too, and the wide search; of these and the straight views, the view that
 * explains all the frames best (a 93-degree lens 10 m up, whose curved lines no straight lens fits: the
 * wide search's best view stood 5 m up, and a straight view 3 m up was taken at half its lines,
 * docs/benchmarks.md). A rig found with a bend asks the tracker to fit it on every frame.
 */
export async function findRigWith(
  frames: readonly LineImage[], search: (distortion: boolean | undefined) => (Camera | null)[] | Promise<(Camera | null)[]>, distortion?: boolean,
): Promise<RigEstimate | null> {
  const straight = await search(distortion);
  const rig = rigFromSearches(frames, straight);
  if (rig && (distortion || !barelyExplained(frames, straight))) return rig;
  if (distortion) return discoverWideRig(frames, distortion, straight.length);
  const bent = (await search(true)).map((c) => (c && c.k1 <= BARREL ? c : null));
  const wide = discoverWideRig(frames, distortion, straight.length + bent.length);
  const bentRig = rigFromSearches(frames, bent);
  const found = (cameras: readonly (Camera | null)[]) => cameras.filter((c): c is Camera => c !== null);
  const bentViews = found(bent);
  const options: { rig: RigEstimate; views: readonly Camera[] }[] = [];
  if (rig) options.push({ rig, views: found(straight) });
  if (wide) options.push({ rig: wide, views: wide.views ?? [] });
  if (bentRig) options.push({ rig: { ...bentRig, tried: straight.length + bentRig.tried, views: bentViews, distortion: true }, views: bentViews });
  // Ties go to the earlier: the straight lens, then the wide search's view.
  let best: { rig: RigEstimate; score: number } | null = null;
  for (const o of options) {
    const score = staticScore(frames, o.views);
    if (!best || score > best.score) best = { rig: o.rig, score };
  }
  return best?.rig ?? null;
}

/**
 * The share of its visible pitch-line points a straight view must explain, on the median frame it
 * calibrated, to stand without the bent and wide searches to compare: right broadcast views explain
 * 0.68-0.79 on the real clips (the aerial clip's one frame 0.51: the comparison keeps it), a straight
 * view of a 93-degree bent lens under half, which the search still takes (it asks for half).
 */
const STRAIGHT_SHARE = 0.55;

/** Whether the straight views explain under STRAIGHT_SHARE of their frames' visible line points (the median frame). */
function barelyExplained(frames: readonly LineImage[], searched: readonly (Camera | null)[]): boolean {
  const shares: number[] = [];
  searched.forEach((camera, k) => {
    if (!camera) return;
    const fit = heldViewFit(frames[k] as LineImage, toParams(camera));
    shares.push(fit.visible ? fit.inliers / fit.visible : 0);
  });
  shares.sort((a, b) => a - b);
  return (shares[Math.floor(shares.length / 2)] ?? 0) < STRAIGHT_SHARE;
}

/**
 * A view found with a bend counts only with a barrel's (k1 at most this): a wide lens bows straight lines
 * outward; a pincushion fit was a wrong view (a high camera behind a goal, 51 m up, with k1 +0.29).
 */
const BARREL = -0.05;

/** Fits of a whole view to a frame of a static camera: its position and lens held, its angles nearly. */
const HOLD_VIEW: Sigmas = { pan: 0.5 * DEG, tilt: 0.5 * DEG, roll: 0.2 * DEG, logFocal: 0.02, x: 0, y: 0, z: 0, k1: 0 };

/** A whole view fitted to a frame with HOLD_VIEW: how much of the frame's lines that view explains. */
function heldViewFit(lines: LineImage, view: Float64Array): FitResult {
  return fitCamera(lines, model, view, { prior: view, sigma: HOLD_VIEW, gates: [6, 3, 2.5] });
}

/** How well a static camera's best view explains all the frames: its fit scores over them, summed. */
function staticScore(frames: readonly LineImage[], views: readonly Camera[]): number {
  let best = -Infinity;
  for (const view of views) {
    const p = toParams(view);
    let total = 0;
    for (const lines of frames) total += fitScore(heldViewFit(lines, p));
    best = Math.max(best, total);
  }
  return best;
}

/**
 * The rig from the searches of the first frames, in order (searched[k] is frames[k]'s, the frames
 * tried), or null where none calibrated.
 */
function rigFromSearches(frames: readonly LineImage[], searched: readonly (Camera | null)[]): RigEstimate | null {
  const found: { p: [number, number, number]; frame: LineImage; params: Float64Array }[] = [];
  searched.forEach((camera, k) => {
    if (camera) found.push({ p: [camera.x, camera.y, camera.z], frame: frames[k] as LineImage, params: toParams(camera) });
  });
  const tried = searched.length;
  if (!found.length) return null;
  const median = (k: 0 | 1 | 2) => {
    const v = found.map((f) => f.p[k]).sort((a, b) => a - b);
    return v[Math.floor(v.length / 2)] as number;
  };
  const start: [number, number, number] = [median(0), median(1), median(2)];
  return { position: refinePosition(found.map((f) => f.frame), found.map((f) => f.params), start), calibrated: found.length, tried };
}

/**
 * A static wide camera beside the pitch (a club's camera): its views, low with the far touchline near the
 * middle, a bent lens and some roll, are out of the broadcast search's reach, and the wide search costs
 * seconds a frame, so it runs here only, on a frame or two. Its fit frees the position already, and a
 * static camera shows one view only: no refinement over frames (refinePosition) to gain.
 */
function discoverWideRig(frames: readonly LineImage[], distortion: boolean | undefined, tried: number): RigEstimate | null {
  const wide = frames.slice(0, WIDE_TRIES);
  for (let k = 0; k < wide.length; k++) {
    const r = new CalibrationTracker({ distortion }).searchWide(wide[k] as LineImage);
    if (r.camera) return { position: [r.camera.x, r.camera.y, r.camera.z], calibrated: 1, tried: tried + k + 1, views: [r.camera] };
  }
  return null;
}

/**
 * The position that explains every calibrated frame at once: on a grid of distances back and heights
 * around the first estimate (coarse, then fine), each frame's pan, tilt, roll and zoom are refitted
 * with the position held, and the position whose frames fit best in total wins. Views with different
 * pan and zoom disagree about a wrong position where a single view cannot tell.
 */
export function refinePosition(frames: readonly LineImage[], params: readonly Float64Array[], start: [number, number, number]): [number, number, number] {
  const score = (pos: [number, number, number]) => {
    let total = 0;
    frames.forEach((lines, i) => {
      const p0 = Float64Array.from(params[i] as Float64Array);
      p0[4] = pos[0];
      p0[5] = pos[1];
      p0[6] = pos[2];
      const fit = fitCamera(lines, model, p0, { prior: p0, sigma: HOLD_POSITION, gates: [12, 6, 3, 2.5] });
      total += fitScore(fit);
    });
    return total;
  };
  const cx = PITCH_LENGTH / 2;
  const cy = PITCH_WIDTH / 2;
  let best = start;
  let bestScore = score(start);
  for (const [range, steps] of [[0.5, 4], [0.12, 3]] as const) {
    const centre = best;
    for (let a = -steps; a <= steps; a++) {
      for (let b = -steps; b <= steps; b++) {
        // Distance back from the pitch centre and height, each scaled by up to +-range.
        const kd = 1 + (range * a) / steps;
        const kz = 1 + (range * b) / steps;
        const pos: [number, number, number] = [cx + kd * (centre[0] - cx), cy + kd * (centre[1] - cy), Math.max(3, kz * centre[2])];
        const s = score(pos);
        if (s > bestScore) {
          bestScore = s;
          best = pos;
        }
      }
    }
  }
  return best;
}

const HOLD_POSITION: Sigmas = { pan: Infinity, tilt: Infinity, roll: 2 * DEG, logFocal: Infinity, x: 0, y: 0, z: 0, k1: 0 };
