import { groundProjector, projector, type Camera } from '../../geometry/camera.js';
import { centredFit, estimateCentre } from './principal-point.js';
import { distanceTransform } from './distance-transform.js';
import { fitCamera, fitScore, fromParams, toParams, type FitResult, type Sigmas } from './camera-fit.js';
import { candidatePositions, searchCamera, type Hypothesis } from './camera-search.js';
import { searchWideCamera } from './wide-search.js';
import { carryCamera, type GrayPicture } from './camera-carry.js';
import type { LineImage } from './line-pixels.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../geometry/pitch-markings.js';
import { pitchModel, type PitchModel } from './pitch-model.js';

export interface CalibrationResult {
  /** The camera at the calibration grid's size, or null: this frame is not calibrated (never guessed). */
  camera: Camera | null;
  /**
   * How it was found: tracked from the previous frame on the lines, searched afresh, carried from the
   * previous frame by the pictures alone (too few lines to fit), or not at all.
   */
  how: 'tracked' | 'searched' | 'carried' | 'failed';
  inliers: number;
  visible: number;
  rms: number;
  /**
   * A camera that held still has just had its principal point found (withCentre): it stands for this
   * many frames before this one too, the still run's, which were fitted with a centred one.
   */
  before?: number;
}

export interface TrackerOptions {
  /** Fit the radial distortion k1 too (wide lenses, fisheye-like static cameras). */
  distortion?: boolean;
  /** Fewest inlier points for a fit to be believed (tracked / searched). */
  minInliers?: [number, number];
  /** Lowest share of the visible model points that must be inliers (tracked / searched). */
  minRatio?: [number, number];
}

const DEG = Math.PI / 180;

/**
 * Hypotheses per position the search also keeps by the length-weighted score: a view zoomed in on a
 * penalty area (a World Cup broadcast's main camera, 13 degrees across) scored under wide false views
 * by point count on every position, and no search found it. Not in the open search run while a known
 * position is unconfirmed: there they only add chances to believe a false camera (on the Premier League
 * clip, a view from another camera after a close-up was calibrated 40 m off).
 */
const KEEP_BY_LENGTH = 2;

/**
 * Frames a camera must hold still (the pitch points it showed at its picture's quarter points stay
 * within STILL_SHARE of the picture's width) before its principal point is estimated (withCentre): 2 s.
 * Judged on the picture, not the parameters: a fit that cannot explain the lines may slide back and
 * zoom in while showing the same. A static camera's feed (a tactical camera) may be cut out of a larger
 * picture; an operated broadcast camera's is not, and there a turn and an offset look alike (a turn
 * that mimics an offset at the centre misses it at the edge by the offset times tan² of half the view:
 * a twentieth of it at 25 degrees across).
 */
const STILL_FRAMES = 50;
const STILL_SHARE = 0.01;
/** How much more of the lines' evidence (fit score) an offset must explain to be adopted. */
const CENTRE_MIN_GAIN = 1.1;

/**
 * Most frames in a row carried by the pictures alone before lines must confirm the camera again: on real
 * broadcast (Serie A, Bundesliga) a carry of 1 s ends a median 0.2-0.3 m from the camera the lines give,
 * of 3 s 0.7 m (bench:real's carry figures; drift grows with every step).
 */
const MAX_CARRIED = 75;

/**
 * Whether a frame has line evidence to calibrate on: painted lines cover a few percent of the grass at
 * most; ridges everywhere are texture or noise, against which any camera finds "lines" near its model.
 */
function usable(lines: LineImage): boolean {
  return lines.count >= 30 && lines.count <= 0.08 * lines.area;
}

/** A camera position and the same moved along the line from the pitch centre: 0.75x, 1.35x and 1.8x as far. */
export function depthVariants(p: [number, number, number]): [number, number, number][] {
  const c = [PITCH_LENGTH / 2, PITCH_WIDTH / 2, 0];
  return [1, 0.75, 1.35, 1.8].map((k) => p.map((v, i) => (c[i] as number) + k * (v - (c[i] as number))) as [number, number, number]);
}

/** The weight (frames; the rig's discovery counts 10) at which the known position is the mean of as many as it keeps. */
export const SETTLED_WEIGHT = 250;

/**
 * Where a search with a known position looks: the position and its depth variants while it rests on a
 * few views (a rig found from three frames can be metres off along the line of sight), the position
 * alone once hundreds of frames have agreed on it. A narrow view with few lines fits a camera 0.75x as
 * far and zoomed out about as well as the true one: on the fresh rendered fixture a search after a cut
 * took that variant, 18 m nearer, and tracked it for 10 s (players' positions off by up to 18 m).
 */
export function searchPositions(p: [number, number, number], weight: number): [number, number, number][] {
  return weight >= SETTLED_WEIGHT ? [p] : depthVariants(p);
}

/**
 * Camera calibration over a shot: a fresh search when nothing is known (or tracking is lost), then
 * frame-to-frame tracking from a constant-velocity prediction with a prior that lets pan, tilt and zoom
 * move as a camera operator moves them and the camera's position settle slowly. A frame whose fit does
 * not rest on enough spread-out line evidence is reported uncalibrated.
 */
export class CalibrationTracker {
  private readonly fine: PitchModel = pitchModel(0.5);
  private readonly coarse: PitchModel = pitchModel(2);
  private prev: Float64Array | null = null;
  private velocity: Float64Array | null = null;
  /** Where the camera stands, once a fit has been believed; reused after every cut. */
  private position: [number, number, number] | null = null;
  private positionWeight = 0;
  /** Whether a search from the known position has been believed (the position explains the video). */
  private positionConfirmed = false;
  /**
   * Whole cameras known to explain the video (a static camera's view found once by the wide search):
   * every search fits them too, as its grid (made for broadcast cameras) may not reach them.
   */
  private views: Hypothesis[] = [];
  private readonly minInliers: [number, number];
  /** Frames to wait before the next search after a failed one (searches are costly; a close-up lasts seconds). */
  private backoff = 0;
  private wait = 0;
  private readonly minRatio: [number, number];
  /** The principal point's offset once estimated (a still camera's, see withCentre), else null; tried once. */
  private centre: [number, number] | null = null;
  private centreTried = false;
  /** The pitch points a run of still frames showed at the picture's quarter points (and those pixels), and the run's length. */
  private stillAt: { ground: [number, number][]; pixels: [number, number][] } | null = null;
  private stillFrames = 0;
  /** Frames seen (next and skip), the one that began the still run, the first after the last cut, and the earlier frames the next accepted camera stands for. */
  private calls = 0;
  private stillSince = 0;
  private cutAt = 0;
  private standsFor = 0;
  /** The previous frame's picture (for carrying), and how many frames in a row were carried. */
  private picture: GrayPicture | null = null;
  private carried = 0;

  constructor(private readonly options: TrackerOptions = {}) {
    this.minInliers = options.minInliers ?? [40, 60];
    this.minRatio = options.minRatio ?? [0.35, 0.5];
  }

  /**
   * Start from a known camera position (a fixed rig measured once, or a diagnosis), and optionally
   * whole views of it (angles, zoom and lens too) that every search fits too.
   */
  assumePosition(position: [number, number, number], views: readonly Camera[] = []): void {
    this.position = position;
    this.positionWeight = 10;
    this.positionConfirmed = false;
    // Fitted in every search beside the grid's hypotheses; a finite score, or fitAll would skip them as unjudged.
    this.views = views.map((c) => ({ params: toParams(c), score: Number.MAX_VALUE }));
  }

  /**
   * The wide search (searchWideCamera) on this frame, judged as a search is: for a static wide camera
   * beside the pitch, which the per-frame search misses. Seconds: rig discovery calls it, not next().
   */
  searchWide(lines: LineImage): CalibrationResult {
    if (!usable(lines)) return this.fail();
    const fit = searchWideCamera(lines);
    if (fit && this.believe(fit, 1)) {
      this.positionConfirmed = true;
      return this.accept(fit, 'searched');
    }
    return this.fail();
  }

  /** Forget the previous frame (a cut): the next frame is searched, knowing the camera position. */
  cut(): void {
    this.cutAt = this.calls;
    this.prev = null;
    this.velocity = null;
    this.wait = 0;
    this.backoff = 0;
    this.picture = null;
  }

  /** A frame went by without being calibrated (not a game view): nothing is carried across it. */
  skip(): void {
    this.calls++;
    this.picture = null;
    this.fail();
  }

  /**
   * The next frame's camera from its line pixels; with `picture` (the frame's grey picture, half the
   * calibration grid) and `movers` (the previous frame's people boxes), a frame whose lines do not hold
   * the camera is carried from the previous one by the pictures (camera-carry.ts), for up to
   * MAX_CARRIED frames in a row.
   */
  next(lines: LineImage, picture?: GrayPicture, movers?: readonly (readonly [number, number, number, number])[]): CalibrationResult {
    this.calls++;
    const before = this.picture;
    this.picture = picture ?? null;
    if (!usable(lines)) return this.carry(lines, before, picture, movers) ?? this.fail();
    if (this.prev) {
      const predicted = Float64Array.from(this.prev, (v, i) => v + (this.velocity ? (this.velocity[i] as number) * 0.8 : 0));
      // The position may settle slowly from frame to frame (a rig found from a few views is a few metres
      // off along the line of sight; frames with other pan and zoom pin it down).
      const prior = predicted;
      const sigma: Sigmas = { pan: 3 * DEG, tilt: 1.5 * DEG, roll: 0.3 * DEG, logFocal: 0.06, x: 0.05, y: 0.05, z: 0.05, k1: this.options.distortion ? 0.002 : 0 };
      const fit = fitCamera(lines, this.fine, predicted, { prior, sigma, gates: [12, 7, 4, 3, 2.5, 2.5] });
      // Once per video, and never for a bent lens: no still run is counted after that.
      const centreDue = !this.centreTried && fit.camera.k1 === 0;
      if (this.believe(fit, 0)) return this.accept(centreDue && this.still(fit.camera) ? this.withCentre(lines, fit) : fit, 'tracked');
      const carried = this.carry(lines, before, picture, movers);
      if (carried) return carried;
    }
    if (this.wait > 0) {
      this.wait--;
      return this.fail();
    }
    const found = this.search(lines);
    // A searched frame may begin a still run (the video's first frame does): it is counted, never adopts.
    if (found.camera && !this.centreTried && found.camera.k1 === 0) this.still(found.camera);
    if (found.camera) this.backoff = 0;
    else {
      // Known camera: retry soon; unknown camera (a full search of every position): much later.
      this.backoff = Math.min(this.position ? 12 : 50, Math.max(this.position ? 2 : 10, this.backoff * 2));
      this.wait = this.backoff;
    }
    return found;
  }

  private search(lines: LineImage): CalibrationResult {
    const dt = distanceTransform(lines.line, lines.width, lines.height);
    // A known position may be off along the line of sight (one view hardly tells further-back-and-
    // zoomed-in from nearer): until it is settled, nearer and further along the line to the centre too.
    const positions = this.position ? searchPositions(this.position, this.positionWeight) : candidatePositions();
    const centre = this.centre ?? undefined;
    const hyps = [...this.views, ...searchCamera(lines, dt, this.coarse, { positions, keep: this.position ? 10 : 4, keepByLength: KEEP_BY_LENGTH, centre })];
    const fitAll = (list: typeof hyps, positionSigma: number) => {
      let best: FitResult | null = null;
      let bestScore = -Infinity;
      for (const h of list) {
        if (!Number.isFinite(h.score)) continue;
        const sigma: Sigmas = {
          pan: Infinity, tilt: Infinity, roll: 2 * DEG, logFocal: Infinity,
          x: positionSigma, y: positionSigma, z: positionSigma, k1: this.options.distortion ? 0.05 : 0,
        };
        const fit = fitCamera(lines, this.fine, h.params, { prior: h.params, sigma, gates: [30, 20, 12, 8, 5, 3, 2.5, 2.5, 2.5] });
        const score = fitScore(fit);
        if (score > bestScore && fit.spread >= 4) {
          bestScore = score;
          best = fit;
        }
      }
      return best;
    };
    const best = fitAll(hyps, this.position ? 0.2 : 15);
    if (best && this.believe(best, 1)) {
      // A position from an open search (none was known) or one a search from it explained is settled.
      this.positionConfirmed = true;
      return this.accept(best, 'searched');
    }
    // A known position that explains no frame may itself be wrong: a static camera shows the rig
    // discovery one view only, which hardly tells a camera further back and zoomed in from a nearer one,
    // and a fit started a few metres off can settle in a false minimum. Then the search is the one made
    // without a known position (searches back off after failures, so this costs little over a match).
    // Only while the known position has explained no frame at all: once it has, a failed search is a
    // frame without enough lines (a close-up, a replay), where an open search would only find false
    // cameras (and drag the position to them).
    if (this.position && !this.positionConfirmed) {
      const open = fitAll(searchCamera(lines, dt, this.coarse, { positions: candidatePositions(), keep: 4, centre }), 15);
      if (open && this.believe(open, 1)) {
        this.positionWeight = Math.min(this.positionWeight, 2);
        return this.accept(open, 'searched');
      }
    }
    return this.fail();
  }

  /** Whether the camera has now held still for STILL_FRAMES believed frames in a row (tracked, or the search that began the run; counted here). */
  private still(cam: Camera): boolean {
    const a = this.stillAt;
    const proj = projector(cam);
    const held = a !== null && a.ground.every((g, i) => {
      const q = proj.project(g[0], g[1], 0);
      const px = a.pixels[i] as [number, number];
      return q !== null && Math.hypot(q[0] - px[0], q[1] - px[1]) <= STILL_SHARE * cam.width;
    });
    if (held) {
      this.stillFrames++;
    } else {
      const toGround = groundProjector(cam);
      const pixels: [number, number][] = [[0.25, 0.5], [0.75, 0.5], [0.5, 0.25], [0.5, 0.75]].map(([x, y]) => [(x as number) * cam.width, (y as number) * cam.height]);
      const ground = pixels.map(([u, v]) => toGround(u, v));
      this.stillAt = ground.every((g) => g !== null) ? { ground: ground as [number, number][], pixels } : null;
      this.stillFrames = 0;
      this.stillSince = this.calls - 1;
    }
    return this.stillFrames >= STILL_FRAMES;
  }

  /**
   * A camera that holds still has its principal point estimated from the frame's lines
   * (principal-point.ts), once per video: a picture cut out of a larger one has it far off centre, and
   * a centred camera then fits its lines metres off. Adopted only when it explains clearly more of the
   * lines; the frame is refitted with it, and every later fit and search carries it.
   */
  private withCentre(lines: LineImage, fit: FitResult): FitResult {
    this.centreTried = true;
    const est = estimateCentre([lines], [fit.params]);
    if (!(est.centred > 0) || est.score < CENTRE_MIN_GAIN * est.centred) return fit;
    const refit = centredFit(lines, fit.params, est.offset[0], est.offset[1], [30, 20, 12, 8, 5, 3, 2.5, 2.5, 2.5]);
    if (refit.inliers <= fit.inliers) return fit;
    this.centre = est.offset;
    this.standsFor = this.calls - 1 - Math.max(this.stillSince, this.cutAt);
    // The camera jumped to explain the same picture another way: no motion to carry into the next frame.
    this.prev = null;
    this.velocity = null;
    return refit;
  }

  /** The previous camera carried to this frame by the pictures, or null (nothing to carry, too long carried, the pictures disagree). */
  private carry(lines: LineImage, before: GrayPicture | null, picture: GrayPicture | undefined, movers?: readonly (readonly [number, number, number, number])[]): CalibrationResult | null {
    if (!this.prev || !before || !picture || this.carried >= MAX_CARRIED) return null;
    const from = fromParams(this.prev, lines.width, lines.height);
    const v = this.velocity;
    const start = v ? { ...from, pan: from.pan + (v[0] as number), tilt: from.tilt + (v[1] as number), roll: from.roll + (v[2] as number), focal: from.focal * Math.exp(v[3] as number) } : from;
    const r = carryCamera(from, before, picture, start, { movers });
    if (!r) return null;
    const params = toParams(r.camera);
    this.velocity = params.map((x, i) => x - (this.prev as Float64Array)[i]!);
    this.prev = params;
    this.carried++;
    return { camera: r.camera, how: 'carried', inliers: 0, visible: 0, rms: NaN };
  }

  private believe(fit: FitResult, k: 0 | 1): boolean {
    const c = fit.camera;
    const sane = c.z > 2 && c.focal > 50 && Math.abs(c.roll) < 10 * DEG && c.tilt > 0;
    return sane && fit.inliers >= this.minInliers[k] && fit.inliers >= this.minRatio[k] * fit.visible && fit.spread >= 3;
  }

  private accept(fit: FitResult, how: CalibrationResult['how']): CalibrationResult {
    this.carried = 0;
    // The principal point is the rig's, never in motion.
    if (this.prev) this.velocity = fit.params.map((v, i) => (i >= 8 ? 0 : v - (this.prev as Float64Array)[i]!));
    this.prev = fit.params;
    const p = fit.params;
    const w = Math.min(SETTLED_WEIGHT, this.positionWeight + 1);
    const pos: [number, number, number] = [p[4] as number, p[5] as number, p[6] as number];
    this.position = this.position ? (this.position.map((v, i) => v + (pos[i]! - v) / w) as [number, number, number]) : pos;
    this.positionWeight = w;
    const before = this.standsFor;
    this.standsFor = 0;
    return { camera: fit.camera, how, inliers: fit.inliers, visible: fit.visible, rms: fit.rms, ...(before > 0 ? { before } : {}) };
  }

  private fail(): CalibrationResult {
    this.carried = 0;
    this.stillAt = null;
    this.stillFrames = 0;
    this.prev = null;
    this.velocity = null;
    return { camera: null, how: 'failed', inliers: 0, visible: 0, rms: Infinity };
  }
}


