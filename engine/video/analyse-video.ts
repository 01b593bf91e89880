import { decodeFrames, frameAt } from '../io/frame-source.js';
import { PersonVerifier, type ExecutionProvider } from '../vision/detection/person-verifier.js';
import { PersonDetectorThread } from './person-detector-thread.js';
import { BallDetectorThread } from './ball-detector-thread.js';
import { JerseyReader } from '../vision/identity/jersey-reader.js';
import { ShirtReading, type ShirtReadingLog } from '../vision/identity/shirt-reading.js';
import { loadModel } from './load-model.js';
import { identifiedPlayers, trackEnds, trackIdentities } from './track-identities.js';
import { switchCuts } from './split-switched-tracks.js';
import { cutTracks, lastTrackId } from './track-cuts.js';
import { mergeCuts, unreachableCuts } from './unreachable-steps.js';
import type { TrackEnds } from '../vision/identity/stitch-tracks.js';
import type { AnalysisPlayer } from '../results/analysis-facts.js';
import { probeVideo } from '../io/probe.js';
import { groundHomography, type Camera, type Mat3 } from '../geometry/camera.js';
import { thumbnail, type Thumbnail } from '../vision/thumbnail.js';
import { looksLikePlay, sceneFeatures, type SceneFeatures } from '../vision/scene-features.js';
import { labelScenes, type SceneSegment } from '../vision/scene-labels.js';
import { eventsFromRows } from '../events/events-from-rows.js';
import { numberEvents } from '../events/number-events.js';
import { CutDetector } from '../vision/shot-cuts.js';
import { linePixels } from '../vision/calibration/line-pixels.js';
import { discoverRig, type RigEstimate } from '../vision/calibration/rig-discovery.js';
import { FrameAnalyser } from '../vision/frame-analyser.js';
import type { PitchTrackerOptions } from '../vision/tracking/pitch-tracker.js';
import { BallCandidateLog, type BallFrameInput } from '../vision/ball/ball-track.js';
import { squadKits } from '../vision/teams/squad-kits.js';
import { ExemplarPicker, TrackCrops } from './exemplar-picker.js';
import { assembleRows } from './assemble-rows.js';
import { rgbJpeg } from '../io/encode-image.js';
import type { KitColours } from '../vision/teams/preview-kits.js';
import { assignTeams, type TrackKit } from '../vision/teams/team-assignment.js';
import { settleOddRoles } from './settle-odd-roles.js';
import type { TrackingColumns } from '../results/tracking-columns.js';
import type { ResultEvent } from '../results/result-events.js';
import { PersonRows, TrackKits, windowLabels } from './track-store.js';
import { relabelUnnumberedOfficials, squadLikeOfficials } from './unnumbered-officials.js';
import { tracksInSquadDoubt, withoutDoubtfulSquads } from '../vision/identity/squad-doubt.js';
import type { FrameCount } from '../worker-protocol.js';
import { despikePlayers, despikeTracks, smoothPlayers, smoothTracks } from './despike-tracks.js';

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
  /** Exemplar crops (JPEG) of each identified player, best first (spec 2.5 individuals). */
  playerCrops: Map<string, Buffer[]>;
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
  /** With `debug`: every shirt the number reader read (detail-picture boxes), for contact sheets. */
  shirtReadings?: ShirtReadingLog[];
  /** With `debug`: each track as identity resolution saw it (bench:identity replays the resolution). */
  trackEnds?: TrackEnds[];
  /**
   * Shirt crops read, tracks with sure readings, tracks given an id, track cuts (where a track changed
   * hands or needed a movement nobody can make; `unreachable`: the latter alone), rows relabelled referee
   * because their shirts never showed a number (unnumbered-officials.ts).
   */
  identity: { crops: number; tracks: number; identified: number; split: number; unreachable: number; unnumbered: number };
  /** Rows written: detected (people and ball) and projected (identified players off camera). */
  rowCounts: { detected: number; projected: number };
  /** Every player id the rows carry (analysis.json `players`). */
  players: AnalysisPlayer[];
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

export type VideoProgress = (share: number, stage: string, frames?: FrameCount) => void;

const FRAME_MS = 40;

/** Decoding works on half the analysis size for broadcast video: lines stay 1-3 px, everything is 4x cheaper. */
export function workingScale(height: number): number {
  return height >= 600 ? 2 : 1;
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
  /**
   * The learned person detector: on when its model file is present (default), or off (the classical
   * foreground detector with the verifier finds the people then).
   */
  detector?: 'auto' | 'off';
  /** Shirt numbers and player ids (models/jersey-number): on when its model file is present (default), or off. */
  identity?: 'auto' | 'off';
  /**
   * The learned ball detector (models/ball-detector): on when its model file is present (default), or off
   * (the classical blob, feet-cluster and speck candidates then).
   */
  ballDetector?: 'auto' | 'off';
  /** Tracklet stitching before identities (default on; off for measuring what it adds). */
  stitch?: boolean;
  /** Where ONNX models run: TOUCHLINE_EXECUTION_PROVIDER or cpu. */
  executionProvider?: ExecutionProvider;
  /** Tracker tunables other than the defaults (benchmarks compare them). */
  tracker?: PitchTrackerOptions;
}

/** Shirt numbers are read on every fifth frame (5 Hz): a track's votes need a few readings, not 25 a second. */
const SHIRT_EVERY = 5;

export async function analyseVideo(input: VideoInput, progress: VideoProgress, options: AnalyseOptions = {}): Promise<VideoAnalysisResult> {
  const timings: Record<string, number> = {};
  const probe = await probeVideo(input.path);
  const start = input.startSeconds ?? 0;
  /** The analysis timeline's first frame, ms of the video file. */
  const startMs = Math.round(start * 1000);
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
    const rgb = await frameAt(input.path, w, h, start + ((k + 0.5) / 8) * (end - start));
    if (rgb && looksLikePlay(sceneFeatures(thumbnail(rgb, w, h)))) samples.push(linePixels(rgb, w, h));
  }
  // The frames with the most line evidence first: they calibrate from scratch most surely.
  samples.sort((a, b) => b.count - a.count);
  const rig = discoverRig(samples, { distortion: options.distortion });
  timings.rig = performance.now() - t0;

  const loadedDetector = options.detector === 'off' ? null : await loadModel('person-detector', options.executionProvider, (p, o) => PersonDetectorThread.start(p, o));
  const detector = loadedDetector?.model ?? null;
  // The verifier judges the classical detector's candidates: without them it has nothing to do.
  const loadedVerifier = options.verifier === 'off' || detector ? null : await loadModel('person-verifier', options.executionProvider, (p, o) => PersonVerifier.load(p, o));
  const verifier = loadedVerifier?.model ?? null;
  const loadedBall = options.ballDetector === 'off' ? null : await loadModel('ball-detector', options.executionProvider, (p, o) => BallDetectorThread.start(p, o));
  const ballDetector = loadedBall?.model ?? null;
  const analyser = new FrameAnalyser({ width: w, height: h, distortion: options.distortion, verifier, detector, ball: ballDetector, tracker: options.tracker });
  // Shirt numbers are a few pixels tall on the working grid: they are read on the analysis-size picture,
  // which the same decode gives on every fifth frame.
  const loadedReader = options.identity === 'off' ? null : await loadModel('jersey-number', options.executionProvider, (p, o) => JerseyReader.load(p, o));
  const detailW = input.width;
  const detailH = input.height;
  const shirts = loadedReader
    ? new ShirtReading(loadedReader.model, { scale: detailW / w, width: detailW, height: detailH }, { keepLog: options.debug })
    : null;
  let identityMs = 0;
  if (rig) analyser.calibration.assumePosition(rig.position, rig.views);
  const cuts = new CutDetector();
  const features: SceneFeatures[] = [];
  const cameras: (Camera | null)[] = [];
  const people = new PersonRows();
  const kits = new TrackKits();
  const ballLog = new BallCandidateLog();
  const ballFrames: BallFrameInput[] = [];
  const boxes: [number, number, number, number][][] = [];
  const boxTracks: (number | null)[][] = [];
  const picker = new ExemplarPicker(startMs, Math.round((end - start) * 1000));
  const trackCrops = new TrackCrops();
  let prevThumb: Thumbnail | null = null;
  let frames = 0;
  const total = Math.max(1, Math.round((end - start) * 25));
  t0 = performance.now();
  const detail = shirts && scale > 1 ? { width: detailW, height: detailH, every: SHIRT_EVERY } : undefined;
  for await (const f of decodeFrames({ path: input.path, width: w, height: h, startSeconds: start, endSeconds: end, signal: options.signal, threads: 1, detail })) {
    const tMs = startMs + f.t_ms;
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
    const shirtPicture = scale > 1 ? f.detail : f.index % SHIRT_EVERY === 0 ? f.rgb : undefined;
    if (shirts && shirtPicture && r.camera) {
      const t1 = performance.now();
      await shirts.frame(f.index, shirtPicture, r.people);
      const k = detailW / w;
      trackCrops.offer(tMs, shirtPicture, detailW, detailH, r.people.map((p) => ({ box: [p.box[0] * k, p.box[1] * k, p.box[2] * k, p.box[3] * k] as const, trackId: p.trackId, overlapWith: p.overlapWith })));
      identityMs += performance.now() - t1;
    }
    if (options.debug) {
      boxes.push(r.people.map((p) => [p.box[0] * toSourceX, p.box[1] * toSourceY, p.box[2] * toSourceX, p.box[3] * toSourceY]));
      boxTracks.push(r.people.map((p) => p.trackId));
      if (options.ballFrames) ballFrames.push({ camera: r.camera, candidates: r.ballCandidates });
    }
    ballLog.push(r.camera, r.ballCandidates);
    frames = f.index + 1;
    if (frames % 25 === 0) progress(Math.min(0.95, frames / total), 'analysing frames', { done: frames, total });
  }
  timings.frames = performance.now() - t0;
  for (const [k, ms] of Object.entries(analyser.timings)) timings[`stage_${k}`] = ms;
  timings.stage_identity = identityMs;
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
  // Foot points misplaced for a frame or two (a leg hidden, a box that took in a second person) are
  // spikes in speed and distance: filtered out of each track before anything reads the positions.
  t0 = performance.now();
  despikeTracks(people);
  // Tracks that changed hands (their shirts read one number, then another) or that would need a
  // movement nobody can make are cut in two before squads, roles and identities are decided per track.
  const frameOf = (tMs: number) => Math.round((tMs - startMs) / FRAME_MS);
  const unreachable = unreachableCuts(people);
  const trackCuts = cutTracks(people, mergeCuts(shirts ? switchCuts(people, shirts.votes) : new Map(), unreachable), lastTrackId(people) + 1, shirts?.votes);
  if (trackCuts.count) kits.recount(trackCuts.touched, people, (frame) => startMs + frame * FRAME_MS);
  timings.assemble = performance.now() - t0;
  const partOf = (track: number, tMs: number) => trackCuts.at(track, frameOf(tMs));
  const trackKits = kits.kits();
  const model = assignTeams(trackKits);
  const rowLabels = model ? windowLabels(people, model) : null;
  if (model && rowLabels) settleOddRoles(people, rowLabels, model);
  const numberless = model && rowLabels && shirts
    ? relabelUnnumberedOfficials(people, rowLabels, squadLikeOfficials(trackKits, model),
      shirts.sightings.map((s) => ({ ...s, track: trackCuts.at(s.track, s.frame) })))
    : 0;
  const teamKits = model ? squadKits(model, trackKits) : null;
  const squadOf = (track: number, tMs: number) => {
    const l = model?.labels.get(partOf(track, tMs));
    return l?.role === 'player' ? l.team : null;
  };
  t0 = performance.now();
  // A track whose rows' own kit samples often name the other squad gets no squad for identity: its
  // number would name a player of which side? (vision/identity/squad-doubt.ts)
  const doubtful = model && rowLabels
    ? tracksInSquadDoubt(people.track.subarray(0, people.length), (n) => rowLabels[n]?.team ?? null, (t) => model.labels.get(t)?.team ?? null)
    : new Set<number>();
  const ends = model ? withoutDoubtfulSquads(trackEnds(trackKits, (t) => kits.ends(t), model), doubtful) : [];
  const ids = model && shirts ? trackIdentities(ends, shirts.votes, { startMs, frameMs: FRAME_MS }, { stitch: options.stitch !== false }) : new Map();
  timings.stage_identity += performance.now() - t0;
  const picked = picker.pick(squadOf);
  const exemplars = await Promise.all(picked.map((crops) => Promise.all(crops.map((c) => rgbJpeg(c.rgb, c.width, c.height))))) as [Buffer[], Buffer[]];
  const playerCrops = new Map<string, Buffer[]>();
  for (const [id, crops] of trackCrops.pick((track, tMs) => ids.get(partOf(track, tMs))?.playerId ?? null)) {
    playerCrops.set(id, await Promise.all(crops.map((c) => rgbJpeg(c.rgb, c.width, c.height))));
  }

  // Positions become paths a body can run (bounded speed and acceleration) before the rows are written.
  t0 = performance.now();
  smoothTracks(people);
  const rows = assembleRows({
    frames, startMs, frameMs: FRAME_MS, analysable, cameras, people, hits: (t) => kits.hits(t),
    labels: rowLabels, ids, ball, toSourceX, toSourceY,
  });
  const { columns, analysableFrames, calibratedFrames } = rows;
  // Again over each identified player's rows: his trajectory joins tracks, and a junction can spike too.
  despikePlayers(columns);
  smoothPlayers(columns);
  timings.assemble += performance.now() - t0;
  await verifier?.close();
  await detector?.close();
  await ballDetector?.close();
  await loadedReader?.model.close();

  const durationMs = Math.round(probe.duration_seconds * 1000);
  t0 = performance.now();
  const events = numberEvents([...sceneEvents(scenes, startMs), ...eventsFromRows(columns, { durationMs, frameMs: FRAME_MS })]);
  timings.events = performance.now() - t0;
  const debug = options.debug
    ? cameras.map((c, f): DebugFrame => ({
      t_ms: startMs + f * FRAME_MS,
      analysable: analysable[f] === 1,
      camera: c,
      homography: c && analysable[f] ? scaleHomography(groundHomography(c), toSourceX, toSourceY) : null,
      boxes: analysable[f] ? (boxes[f] ?? []) : [],
      tracks: analysable[f] ? (boxTracks[f] ?? []).map((t) => (t === null ? t : trackCuts.at(t, f))) : [],
      ball: analysable[f] ? (ballAt.get(f) ?? null) : null,
    }))
    : null;
  const models = [...(loadedDetector ? ['person-detector'] : []), ...(loadedVerifier ? ['person-verifier'] : []), ...(loadedBall ? ['ball-detector'] : []), ...(loadedReader ? ['jersey-number'] : [])];
  return { columns, events, durationMs, frames, analysableFrames, calibratedFrames, rig, timingsMs: timings, debug, teamKits, exemplars, playerCrops,
    runtime: { execution_provider: loadedDetector?.provider ?? loadedVerifier?.provider ?? loadedBall?.provider ?? loadedReader?.provider ?? null, models },
    identity: { crops: shirts?.crops ?? 0, tracks: shirts?.votes.tracks().length ?? 0, identified: ids.size, split: trackCuts.count, unreachable: [...unreachable.values()].reduce((n, f) => n + f.length, 0), unnumbered: numberless },
    // Only ids that some row carries (a track relabelled to another squad throughout carries none).
    rowCounts: { detected: rows.detected, projected: rows.projected },
    players: identifiedPlayers(ids).filter((p) => columns.players.includes(p.player_id)),
    ...(options.debug ? { trackKits, trackEnds: ends, ...(shirts?.log ? { shirtReadings: shirts.log.map((r) => ({ ...r, track: trackCuts.at(r.track, r.frame) })) } : {}), ...(options.ballFrames ? { ballFrames } : {}) } : {}) };
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
