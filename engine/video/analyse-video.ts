import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { decodeFrames } from '../io/frame-source.js';
import { PersonVerifier, type ExecutionProvider } from '../vision/detection/person-verifier.js';
import { probeVideo } from '../io/probe.js';
import { groundHomography, type Camera, type Mat3 } from '../geometry/camera.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../geometry/pitch-markings.js';
import { thumbnail, type Thumbnail } from '../vision/thumbnail.js';
import { looksLikePlay, sceneFeatures, type SceneFeatures } from '../vision/scene-features.js';
import { labelScenes, type SceneSegment } from '../vision/scene-labels.js';
import { eventsFromRows } from '../events/events-from-rows.js';
import { numberEvents } from '../events/number-events.js';
import { CutDetector } from '../vision/shot-cuts.js';
import { linePixels } from '../vision/calibration/line-pixels.js';
import { discoverRig, type RigEstimate } from '../vision/calibration/rig-discovery.js';
import { FrameAnalyser } from '../vision/frame-analyser.js';
import { BallCandidateLog, type BallFrameInput } from '../vision/ball/ball-track.js';
import { squadKits } from '../vision/teams/squad-kits.js';
import { ExemplarPicker } from './exemplar-picker.js';
import { rgbJpeg } from '../io/encode-image.js';
import type { KitColours } from '../vision/teams/preview-kits.js';
import { assignTeams, type TrackKit } from '../vision/teams/team-assignment.js';
import {
  NO_PLAYER, ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, ROLE_REFEREE, STATUS_DETECTED, STATUS_DETECTED_OVERLAP, TrackingBuilder, type TrackingColumns,
} from '../results/tracking-columns.js';
import type { ResultEvent } from '../results/result-events.js';
import { PersonRows, TrackKits, windowLabels } from './track-store.js';

export interface VideoInput {
  path: string;
  /** Analysis frame size (sources above 1080 lines are scaled down to it). */
  width: number;
  height: number;
  /** The source's own size: pixel columns are reported in it. */
  sourceWidth: number;
  sourceHeight: number;
  startSeconds: number | null;
  endSeconds: number | null;
}

export interface VideoAnalysisResult {
  columns: TrackingColumns;
  events: ResultEvent[];
  durationMs: number;
  frames: number;
  analysableFrames: number;
  calibratedFrames: number;
  rig: RigEstimate | null;
  timingsMs: Record<string, number>;
  /** Exemplar crops (JPEG) of each squad's outfield players, team_0 first (spec 2.5). */
  exemplars: [Buffer[], Buffer[]];
  /** The two squads' kits (team_0 first), null when no two squads were found. */
  teamKits: [KitColours, KitColours] | null;
  /**
   * Per frame, for evaluation and overlays: the camera (working grid) and its homography (pitch metres ->
   * source pixels), the person boxes (source pixels) with their track ids, the ball's picture position.
   */
  debug: DebugFrame[] | null;
  /** With `debug` and `ballFrames`: every frame's camera and ball candidates, the input of the ball pass (bench:ball replays it). */
  ballFrames?: BallFrameInput[];
  /** Which learned models ran, and where. */
  runtime: { execution_provider: ExecutionProvider | null; models: string[] };
  /** With `debug`: what each track showed (kit colour, position), for diagnosing squads and roles. */
  trackKits?: TrackKit[];
}

export interface DebugFrame {
  t_ms: number;
  analysable: boolean;
  camera: Camera | null;
  homography: Mat3 | null;
  boxes: [number, number, number, number][];
  tracks: (number | null)[];
  ball: [number, number] | null;
}

export type VideoProgress = (share: number, stage: string) => void;

const TRACK_MIN_HITS = 3;
const FRAME_MS = 40;

/** Decoding works on half the analysis size for broadcast video: lines stay 1-3 px, everything is 4x cheaper. */
export function workingScale(height: number): number {
  return height >= 600 ? 2 : 1;
}

async function oneFrame(path: string, width: number, height: number, at: number): Promise<Uint8Array | null> {
  for await (const f of decodeFrames({ path, width, height, startSeconds: at, endSeconds: at + 0.2 })) return f.rgb;
  return null;
}

/**
 * The video engine: decode -> scenes and cuts -> per-frame stages (calibration, people, tracks, ball)
 * -> at the end, scenes over the whole video, squads and roles per track, and the tracking rows of
 * spec 2.7 (detected rows of analysable, calibrated frames). Timestamps are ms of the video file.
 */
export interface AnalyseOptions {
  signal?: AbortSignal;
  debug?: boolean;
  /**
   * With `debug`, also keep every frame's ball candidates (bench:ball replays the ball pass over them).
   * Off otherwise: for a long video they are hundreds of thousands of objects, and the garbage collector
   * walking them slows every later frame.
   */
  ballFrames?: boolean;
  distortion?: boolean;
  /** The learned person verifier: on when its model file is present (default), or off. */
  verifier?: 'auto' | 'off';
  /** Where ONNX models run: TOUCHLINE_EXECUTION_PROVIDER or cpu. */
  executionProvider?: ExecutionProvider;
}

/**
 * The verifier's model file: models/ at the package root, or TOUCHLINE_MODELS_DIR (the desktop app ships
 * models as resources outside its archive).
 */
export const VERIFIER_MODEL = process.env.TOUCHLINE_MODELS_DIR
  ? join(process.env.TOUCHLINE_MODELS_DIR, 'person-verifier/person-verifier.onnx')
  : fileURLToPath(new URL('../../../models/person-verifier/person-verifier.onnx', import.meta.url));

async function loadVerifier(provider: ExecutionProvider | undefined): Promise<PersonVerifier | null> {
  if (!existsSync(VERIFIER_MODEL)) return null;
  const env = process.env.TOUCHLINE_EXECUTION_PROVIDER as ExecutionProvider | undefined;
  const wanted = provider ?? env ?? 'cpu';
  try {
    return await PersonVerifier.load(VERIFIER_MODEL, { executionProvider: wanted, threads: 1 });
  } catch (e) {
    // A GPU provider that is not installed falls back to the CPU, which is always there.
    if (wanted !== 'cpu') return PersonVerifier.load(VERIFIER_MODEL, { executionProvider: 'cpu', threads: 1 });
    throw e;
  }
}

export async function analyseVideo(input: VideoInput, progress: VideoProgress, options: AnalyseOptions = {}): Promise<VideoAnalysisResult> {
  const timings: Record<string, number> = {};
  const probe = await probeVideo(input.path);
  const start = input.startSeconds ?? 0;
  const end = Math.min(input.endSeconds ?? probe.duration_seconds, probe.duration_seconds);
  const scale = workingScale(input.height);
  const w = Math.round(input.width / scale / 2) * 2;
  const h = Math.round(input.height / scale / 2) * 2;
  const toSourceX = input.sourceWidth / w;
  const toSourceY = input.sourceHeight / h;

  // Where the camera stands, from frames spread over the span that look like play.
  let t0 = performance.now();
  progress(0, 'finding the camera');
  const samples: ReturnType<typeof linePixels>[] = [];
  for (let k = 0; k < 8 && samples.length < 5; k++) {
    const rgb = await oneFrame(input.path, w, h, start + ((k + 0.5) / 8) * (end - start));
    if (rgb && looksLikePlay(sceneFeatures(thumbnail(rgb, w, h)))) samples.push(linePixels(rgb, w, h));
  }
  // The frames with the most line evidence first: they calibrate from scratch most surely.
  samples.sort((a, b) => b.count - a.count);
  const rig = discoverRig(samples, { distortion: options.distortion });
  timings.rig = performance.now() - t0;

  const verifier = options.verifier === 'off' ? null : await loadVerifier(options.executionProvider);
  const analyser = new FrameAnalyser({ width: w, height: h, distortion: options.distortion, verifier });
  if (rig) analyser.calibration.assumePosition(rig.position);
  const cuts = new CutDetector();
  const features: SceneFeatures[] = [];
  const cameras: (Camera | null)[] = [];
  const people = new PersonRows();
  const kits = new TrackKits();
  const ballLog = new BallCandidateLog();
  const ballFrames: BallFrameInput[] = [];
  const boxes: [number, number, number, number][][] = [];
  const boxTracks: (number | null)[][] = [];
  const picker = new ExemplarPicker(Math.round(start * 1000), Math.round((end - start) * 1000));
  let prevThumb: Thumbnail | null = null;
  let frames = 0;
  const total = Math.max(1, Math.round((end - start) * 25));
  t0 = performance.now();
  for await (const f of decodeFrames({ path: input.path, width: w, height: h, startSeconds: start, endSeconds: end, signal: options.signal, threads: 1 })) {
    const tMs = Math.round(start * 1000) + f.t_ms;
    const thumb = thumbnail(f.rgb, w, h);
    const feat = sceneFeatures(thumb, prevThumb);
    features.push(feat);
    if (cuts.push(feat) && prevThumb) analyser.cut();
    prevThumb = thumb;
    const r = await analyser.next(tMs, f.rgb, looksLikePlay(feat));
    cameras.push(r.camera);
    if (r.camera) picker.offer(tMs, f.rgb, w, h, r.people);
    for (const p of r.people) {
      people.push(f.index, p);
      kits.add(p, tMs);
    }
    if (options.debug) {
      boxes.push(r.people.map((p) => [p.box[0] * toSourceX, p.box[1] * toSourceY, p.box[2] * toSourceX, p.box[3] * toSourceY]));
      boxTracks.push(r.people.map((p) => p.trackId));
      if (options.ballFrames) ballFrames.push({ camera: r.camera, candidates: r.ballCandidates });
    }
    ballLog.push(r.camera, r.ballCandidates);
    frames = f.index + 1;
    if (frames % 25 === 0) progress(Math.min(0.95, frames / total), 'analysing frames');
  }
  timings.frames = performance.now() - t0;
  for (const [k, ms] of Object.entries(analyser.timings)) timings[`stage_${k}`] = ms;
  // The ball with hindsight over the whole video (engine/vision/ball/ball-track.ts): the best path through
  // every frame's candidates, flights placed in 3D, gaps under 0.5 s between two sightings bridged. Bridged
  // rows are written as `detected` too: the ball was hidden for a moment between two sightings of it,
  // nothing longer is filled in. Its time counts in the ball stage.
  t0 = performance.now();
  const ball = ballLog.track().flatMap((b, frame) => (b ? [{ frame, x: b.x, y: b.y, u: b.u, v: b.v }] : []));
  timings.stage_ball = (timings.stage_ball ?? 0) + performance.now() - t0;
  const ballAt = new Map(ball.map((b): [number, [number, number]] => [b.frame, [b.u * toSourceX, b.v * toSourceY]]));

  t0 = performance.now();
  const scenes = labelScenes(features);
  const analysable = new Uint8Array(frames);
  for (const s of scenes) if (s.analysable) analysable.fill(1, s.from, s.to);
  const trackKits = kits.kits();
  const model = assignTeams(trackKits);
  const rowLabels = model ? windowLabels(people, model) : null;
  const teamKits = model ? squadKits(model, trackKits) : null;
  const squadOf = (track: number) => {
    const l = model?.labels.get(track);
    return l?.role === 'player' ? l.team : null;
  };
  const picked = picker.pick(squadOf);
  const exemplars = await Promise.all(picked.map((crops) => Promise.all(crops.map((c) => rgbJpeg(c.rgb, c.width, c.height))))) as [Buffer[], Buffer[]];

  const builder = new TrackingBuilder(people.length + ball.length + 16);
  const cm = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v * 100)));
  const px = (v: number) => Math.max(-32767, Math.min(32767, Math.round(v)));
  let pi = 0;
  let bi = 0;
  let analysableFrames = 0;
  let calibratedFrames = 0;
  for (let f = 0; f < frames; f++) {
    const tMs = Math.round(start * 1000) + f * FRAME_MS;
    if (analysable[f]) analysableFrames++;
    if (analysable[f] && cameras[f]) calibratedFrames++;
    for (; pi < people.length && (people.frame[pi] as number) === f; pi++) {
      if (!analysable[f]) continue;
      const track = people.track[pi] as number;
      if (track < 0 || kits.hits(track) < TRACK_MIN_HITS) continue;
      const l = rowLabels?.[pi] ?? null;
      const role = l?.role === 'goal_keeper' ? ROLE_GOAL_KEEPER : l?.role === 'referee' ? ROLE_REFEREE : ROLE_PLAYER;
      builder.push({
        timestamp: tMs, role, player: NO_PLAYER, playerIdConf: 0,
        x: cm(people.x[pi] as number, PITCH_LENGTH * 100), y: cm(people.y[pi] as number, PITCH_WIDTH * 100),
        bboxX: px((people.footU[pi] as number) * toSourceX), bboxY: px((people.footV[pi] as number) * toSourceY),
        status: (people.overlap[pi] as number) >= 0 ? STATUS_DETECTED_OVERLAP : STATUS_DETECTED,
        team: l?.team ?? -1, track,
      });
    }
    for (; bi < ball.length && (ball[bi] as { frame: number }).frame === f; bi++) {
      if (!analysable[f]) continue;
      const b = ball[bi] as (typeof ball)[number];
      builder.push({
        timestamp: tMs, role: ROLE_BALL, player: NO_PLAYER, playerIdConf: 0,
        x: cm(b.x, PITCH_LENGTH * 100), y: cm(b.y, PITCH_WIDTH * 100), bboxX: px(b.u * toSourceX), bboxY: px(b.v * toSourceY),
      });
    }
  }
  timings.assemble = performance.now() - t0;
  await verifier?.close();

  const durationMs = Math.round(probe.duration_seconds * 1000);
  const columns = builder.finish();
  t0 = performance.now();
  const events = numberEvents([...sceneEvents(scenes, Math.round(start * 1000)), ...eventsFromRows(columns, { durationMs, frameMs: FRAME_MS })]);
  timings.events = performance.now() - t0;
  const debug = options.debug
    ? cameras.map((c, f): DebugFrame => ({
      t_ms: Math.round(start * 1000) + f * FRAME_MS,
      analysable: analysable[f] === 1,
      camera: c,
      homography: c && analysable[f] ? scaleHomography(groundHomography(c), toSourceX, toSourceY) : null,
      boxes: analysable[f] ? (boxes[f] ?? []) : [],
      tracks: analysable[f] ? (boxTracks[f] ?? []) : [],
      ball: analysable[f] ? (ballAt.get(f) ?? null) : null,
    }))
    : null;
  return { columns, events, durationMs, frames, analysableFrames, calibratedFrames, rig, timingsMs: timings, debug, teamKits, exemplars,
    runtime: { execution_provider: verifier?.provider ?? null, models: verifier ? ['person-verifier'] : [] }, ...(options.debug ? { trackKits, ...(options.ballFrames ? { ballFrames } : {}) } : {}) };
}

function scaleHomography(H: Mat3, sx: number, sy: number): Mat3 {
  return [H[0] * sx, H[1] * sx, H[2] * sx, H[3] * sy, H[4] * sy, H[5] * sy, H[6], H[7], H[8]];
}

/** Scene spans as events (spec: scene_type, is_analysable), in the video's timeline. */
function sceneEvents(scenes: readonly SceneSegment[], offsetMs: number): ResultEvent[] {
  return scenes.map((s, i) => ({
    event_id: `scene-${i + 1}`, type: 'scene', start_ms: offsetMs + s.from * FRAME_MS, end_ms: offsetMs + s.to * FRAME_MS, team: null, player_id: null,
    properties: { scene_type: s.kind, is_analysable: s.analysable }, confidence_detection: 0.8, confidence_event: 0.8,
  }));
}
