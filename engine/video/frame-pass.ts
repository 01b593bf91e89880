import { decodeFrames } from '../io/frame-source.js';
import { pixelToGround, type Camera } from '../geometry/camera.js';
import { looksLikePlay, type SceneFeatures } from '../vision/scenes/scene-features.js';
import { SceneFeed } from '../vision/scenes/scene-feed.js';
import { CutDetector } from '../vision/scenes/shot-cuts.js';
import type { FrameAnalyser } from '../vision/frame-analyser.js';
import { BallCandidateLog, type BallFrameInput } from '../vision/ball/ball-track.js';
import type { ShirtReading } from '../vision/identity/shirt-reading.js';
import { PersonRows, TrackKits } from '../vision/tracking/track-store.js';
import { ExemplarPicker, TrackCrops } from './exemplar-picker.js';
import type { AnalyseOptions, VideoProgress } from './video-analysis-types.js';

/** Shirt numbers are read on every fifth frame (5 Hz): a track's votes need a few readings, not 25 a second. */
export const SHIRT_EVERY = 5;

export interface FramePassInput {
  path: string;
  startSeconds: number;
  endSeconds: number;
  /** The analysis timeline's first frame, ms of the video file. */
  startMs: number;
  /** The working grid the frames are decoded to, and how many times the analysis size is larger. */
  width: number;
  height: number;
  scale: number;
  /** The analysis size, where shirts are read. */
  detailWidth: number;
  detailHeight: number;
  /** Working-grid pixels to source pixels (debug boxes). */
  toSourceX: number;
  toSourceY: number;
}

/** What the pass over the frames keeps for the end-of-video stages. */
export interface FrameRecord {
  frames: number;
  features: SceneFeatures[];
  cameras: (Camera | null)[];
  people: PersonRows;
  kits: TrackKits;
  ballLog: BallCandidateLog;
  picker: ExemplarPicker;
  trackCrops: TrackCrops;
  identityMs: number;
  /** With `debug`: each frame's person boxes (source pixels), their tracks, and (with `ballFrames`) the ball pass's input. */
  boxes: [number, number, number, number][][];
  boxTracks: (number | null)[][];
  ballFrames: BallFrameInput[];
}

/**
 * Decodes the span once and runs the per-frame stages over it: scene features and cuts, the frame
 * analyser (calibration, people, tracks, ball candidates), kit samples per track, crop candidates, and
 * the shirt numbers on the analysis-size picture of every fifth frame.
 */
export async function passFrames(
  input: FramePassInput, analyser: FrameAnalyser, shirts: ShirtReading | null, progress: VideoProgress, options: AnalyseOptions,
): Promise<FrameRecord> {
  const { width: w, height: h, startMs, scale, detailWidth, detailHeight } = input;
  const cuts = new CutDetector();
  const record: FrameRecord = {
    frames: 0, features: [], cameras: [], people: new PersonRows(), kits: new TrackKits(), ballLog: new BallCandidateLog(),
    picker: new ExemplarPicker(startMs, Math.round((input.endSeconds - input.startSeconds) * 1000)), trackCrops: new TrackCrops(),
    identityMs: 0, boxes: [], boxTracks: [], ballFrames: [],
  };
  const scenes = new SceneFeed();
  const total = Math.max(1, Math.round((input.endSeconds - input.startSeconds) * 25));
  // Shirt numbers are a few pixels tall on the working grid: they are read on the analysis-size picture,
  // which the same decode gives on every fifth frame.
  const detail = shirts && scale > 1 ? { width: detailWidth, height: detailHeight, every: SHIRT_EVERY } : undefined;
  const frames = decodeFrames({ path: input.path, width: w, height: h, startSeconds: input.startSeconds, endSeconds: input.endSeconds, signal: options.signal, threads: 1, detail });
  for await (const f of frames) {
    const tMs = startMs + f.t_ms;
    const feat = scenes.next(f.rgb, w, h);
    record.features.push(feat);
    if (cuts.push(feat) && f.index > 0) analyser.cut();
    const r = await analyser.next(tMs, f.rgb, looksLikePlay(feat));
    if (r.camera && r.cameraBefore) reviseCameras(record, f.index - r.cameraBefore, f.index, r.camera);
    record.cameras.push(r.camera);
    if (r.camera) record.picker.offer(tMs, f.rgb, w, h, r.people);
    for (const p of r.people) {
      record.people.push(f.index, p);
      record.kits.add(p, tMs);
    }
    const shirtPicture = scale > 1 ? f.detail : f.index % SHIRT_EVERY === 0 ? f.rgb : undefined;
    if (shirts && shirtPicture && r.camera) {
      const t1 = performance.now();
      await shirts.frame(f.index, shirtPicture, r.people);
      const k = detailWidth / w;
      record.trackCrops.offer(tMs, shirtPicture, detailWidth, detailHeight, r.people.map((p) => ({ box: [p.box[0] * k, p.box[1] * k, p.box[2] * k, p.box[3] * k] as const, trackId: p.trackId, overlapWith: p.overlapWith })));
      record.identityMs += performance.now() - t1;
    }
    if (options.debug) {
      record.boxes.push(r.people.map((p) => [p.box[0] * input.toSourceX, p.box[1] * input.toSourceY, p.box[2] * input.toSourceX, p.box[3] * input.toSourceY]));
      record.boxTracks.push(r.people.map((p) => p.trackId));
      if (options.ballFrames) record.ballFrames.push({ camera: r.camera, candidates: r.ballCandidates });
    }
    record.ballLog.push(r.camera, r.ballCandidates);
    record.frames = f.index + 1;
    if (record.frames % 25 === 0) progress(Math.min(0.95, record.frames / total), 'analysing frames', { done: record.frames, total });
  }
  return record;
}

/**
 * A still camera whose principal point was found at frame `to` stands for the frames [from, to) of its
 * still run too, fitted before with a centred one (metres off on a picture cut from a larger one): their
 * cameras, people's and ball candidates' pitch positions are taken again through it.
 */
function reviseCameras(record: FrameRecord, from: number, to: number, camera: Camera): void {
  for (let f = Math.max(0, from); f < to; f++) if (record.cameras[f]) record.cameras[f] = camera;
  record.people.reproject(from, to, (u, v) => pixelToGround(camera, u, v));
  record.ballLog.revise(from, to, camera);
}
