import type { Camera } from '../geometry/camera.js';
import { linePixels } from './calibration/line-pixels.js';
import { CalibrationTracker, type CalibrationResult } from './calibration/calibration-tracker.js';
import { grayPicture } from './calibration/camera-carry.js';
import { connectedBlobs, foregroundMask, lineBand, nearPitch, pitchRegion, type Blob } from './detection/foreground.js';
import { detectPeople, peopleFromFeet, type PersonDetection } from './detection/detect-people.js';
import type { FootFinder } from './detection/person-detector.js';
import { OverlayMask } from './detection/overlay-mask.js';
import type { PersonVerifier } from './detection/person-verifier.js';
import { ballAtFeet, ballCandidates, ballSpecks, type BallCandidate } from './ball/ball-candidates.js';
import { BallTracker, type BallObservation } from './ball/ball-tracker.js';
import type { BallFinder } from './ball/ball-detector.js';
import { netCandidates } from './ball/net-candidates.js';
import { kitSample, kitVector } from './teams/kit-colour.js';
import { PitchTracker, type PitchTrackerOptions } from './tracking/pitch-tracker.js';
import type { FramePerson } from './tracking/frame-person.js';

/** Probability of "nobody" above which the verifier's word removes a candidate. */
const NOBODY_THRESHOLD = 0.9;

export interface FrameResult {
  /** The camera on the working grid, null when the frame could not be calibrated. */
  camera: Camera | null;
  calibration: CalibrationResult['how'];
  people: FramePerson[];
  ball: BallObservation | null;
  /** Every ball candidate of the frame (the end-of-video ball pass chooses among them with hindsight). */
  ballCandidates: BallCandidate[];
  /** This many frames before this one are seen by this camera too (CalibrationResult.before): their positions are to be taken again through it. */
  cameraBefore?: number;
}

export interface FrameAnalyserOptions {
  width: number;
  height: number;
  /** The person verifier (models/person-verifier): candidates it calls empty are dropped. */
  verifier?: PersonVerifier | null;
  /**
   * The learned person detector (models/person-detector): when present it finds the people, and the
   * classical blobs (with the verifier) are left to the ball and kit colours.
   */
  detector?: FootFinder | null;
  /**
   * The learned ball detector (models/ball-detector): when present its heatmap peaks are the ball
   * candidates, and the classical blobs, feet clusters and specks are not looked for.
   */
  ball?: BallFinder | null;
  /** Fit lens distortion (k1). */
  distortion?: boolean;
  tracker?: PitchTrackerOptions;
}

/**
 * The per-frame stages of the engine, in data-flow order, with the state they carry from frame to
 * frame: calibration -> foreground -> people -> tracks -> kit samples, and the ball. Pure: frames come
 * in as packed RGB on the working grid (half the analysis size for broadcast video), results go out as
 * plain objects; decoding, scenes over the whole video and writing rows are the caller's.
 */
export class FrameAnalyser {
  readonly calibration: CalibrationTracker;
  private readonly overlay: OverlayMask;
  private overlayBoxes: Uint8Array | null = null;
  private readonly tracker: PitchTracker;
  private readonly ball = new BallTracker();
  private lastCamera: Camera | null = null;
  /** The people boxes of the previous frame: they move on their own, so carrying the camera leaves them out. */
  private lastBoxes: [number, number, number, number][] = [];
  private frames = 0;
  /** Milliseconds spent per stage so far (benchmarks divide by frames). */
  readonly timings: Record<'lines' | 'calibration' | 'foreground' | 'people' | 'tracking' | 'teams' | 'ball', number> = {
    lines: 0, calibration: 0, foreground: 0, people: 0, tracking: 0, teams: 0, ball: 0,
  };

  constructor(private readonly o: FrameAnalyserOptions) {
    this.calibration = new CalibrationTracker({ distortion: o.distortion });
    this.tracker = new PitchTracker(o.tracker);
    this.overlay = new OverlayMask(o.width, o.height);
  }

  /**
   * Drops the candidates the verifier is sure hold nobody (boards, posts, graphics remnants, crowd at the
   * pitch edge): a learned second opinion on the classical proposals, measured in docs/benchmarks.md.
   */
  private async verify(rgb: Uint8Array, candidates: PersonDetection[]): Promise<PersonDetection[]> {
    const v = this.o.verifier;
    if (!v || candidates.length === 0) return candidates;
    // Pieces of a split blob are judged by the split (a piece is half a person by design).
    const whole = candidates.filter((d) => !d.split);
    const probs = await v.classify(rgb, this.o.width, this.o.height, whole.map((d) => d.box));
    const drop = new Set(whole.filter((_, k) => (probs[k * 3] as number) >= NOBODY_THRESHOLD));
    return candidates.filter((d) => !drop.has(d));
  }

  /** A shot change: cameras, the ball and (softly) tracks start over. */
  cut(): void {
    this.o.ball?.cut();
    this.calibration.cut();
    this.ball.cut();
    this.tracker.cut();
    this.lastCamera = null;
  }

  /**
   * Analyses the next frame. `playLike` is the scene stage's per-frame reading: frames that do not look
   * like a game camera's view skip every heavy stage (they become scene data, not positions).
   */
  async next(tMs: number, rgb: Uint8Array, playLike = true): Promise<FrameResult> {
    const { width: w, height: h } = this.o;
    this.frames++;
    const T = this.timings;
    let t = performance.now();
    const lap = (k: keyof typeof T) => {
      const now = performance.now();
      T[k] += now - t;
      t = now;
    };
    if (!playLike) {
      // The frames before the next game view are not this one's: the ball detector starts its history afresh.
      this.o.ball?.cut();
      this.calibration.skip();
      this.lastCamera = null;
      this.lastBoxes = [];
      this.tracker.step(tMs, []);
      return { camera: null, calibration: 'failed', people: [], ball: null, ballCandidates: [] };
    }
    // The network needs no camera: started first, it can run on its own thread while this one finds
    // the lines, the camera and the foreground (see person-detector-thread.ts).
    const found = this.o.detector?.detect(rgb, w, h) ?? null;
    found?.catch(() => undefined);
    const peaks = this.o.ball?.find(rgb, w, h) ?? null;
    peaks?.catch(() => undefined);
    const lines = linePixels(rgb, w, h);
    lap('lines');
    const cal = this.calibration.next(lines, grayPicture(rgb, w, h, 2), this.lastBoxes);
    lap('calibration');
    const camera = cal.camera;
    if (!camera) {
      this.lastCamera = null;
      this.lastBoxes = [];
      this.tracker.step(tMs, []);
      await peaks;
      return { camera: null, calibration: cal.how, people: [], ball: null, ballCandidates: [] };
    }
    const region = pitchRegion(camera);
    const moving = this.lastCamera !== null && Math.abs(camera.pan - this.lastCamera.pan) * camera.focal > 1.5;
    this.lastCamera = camera;
    const paint = lineBand(camera);
    this.overlay.update(rgb, moving, region, paint);
    if (this.frames % 25 === 0) this.overlayBoxes = this.overlay.regions();
    // With both networks, the mask is read only for the people's kit colours: it is made inside their
    // boxes alone. The classical people and ball stages read it everywhere (its blobs).
    let fg: Uint8Array;
    let blobs: Blob[] = [];
    let detections: PersonDetection[];
    if (found && peaks) {
      detections = peopleFromFeet(await found, camera, nearPitch, this.overlayBoxes);
      lap('people');
      fg = foregroundMask(rgb, lines, paint, region, this.overlayBoxes, { boxes: detections.map((d) => d.box) });
      lap('foreground');
    } else {
      fg = foregroundMask(rgb, lines, paint, region, this.overlayBoxes);
      lap('foreground');
      const parts = connectedBlobs(fg, w, h);
      blobs = parts.blobs;
      detections = found
        ? peopleFromFeet(await found, camera, nearPitch, this.overlayBoxes)
        : await this.verify(rgb, detectPeople(blobs, parts.labels, camera, fg, region));
      lap('people');
    }
    this.lastBoxes = detections.map((d) => [d.box[0], d.box[1], d.box[2], d.box[3]]);
    const kits = detections.map((d) => kitSample(rgb, fg, w, d.box));
    lap('teams');
    const outputs = this.tracker.step(tMs, detections.map((d, i) => ({ x: d.x, y: d.y, box: d.box, score: d.confidence ?? (d.split ? 0.5 : 0.9), kit: kits[i] ? kitVector(kits[i]) : null })));
    lap('tracking');
    const people: FramePerson[] = detections.map((d, i) => {
      const o = outputs[i];
      return { ...d, trackId: o?.trackId ?? null, confirmed: o?.confirmed ?? false, overlapWith: o?.overlapWith ?? null, kit: kits[i] ?? null };
    });
    // Blobs inside a person's box belong to him (a ball at his feet is found when it leaves them).
    const claimed = (b: Blob) => detections.some((d) => b.x0 >= d.box[0] - 1 && b.x1 <= d.box[2] + 1 && b.y0 >= d.box[1] - 1 && b.y1 <= d.box[3] + 1);
    let candidates: BallCandidate[];
    if (peaks) {
      candidates = netCandidates(await peaks, camera, this.overlayBoxes);
    } else {
      candidates = [...ballCandidates(blobs, rgb, camera, claimed), ...ballAtFeet(detections, rgb, camera)];
      candidates.push(...ballSpecks(rgb, camera, detections, candidates, this.overlayBoxes));
    }
    const ball = this.ball.step(candidates);
    lap('ball');
    return { camera, calibration: cal.how, people, ball, ballCandidates: candidates, ...(cal.before ? { cameraBefore: cal.before } : {}) };
  }
}
