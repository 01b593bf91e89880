import { probeVideo } from '../io/probe.js';
import { labelScenes } from '../vision/scenes/scene-labels.js';
import { sceneEvents } from '../vision/scenes/scene-events.js';
import { FrameAnalyser } from '../vision/frame-analyser.js';
import { ShirtReading } from '../vision/identity/shirt-reading.js';
import { identifiedPlayers } from '../vision/identity/track-identities.js';
import { resolveTracks } from '../vision/track-resolution.js';
import { smoothTracks, despikePlayers, smoothPlayers } from '../vision/tracking/despike-tracks.js';
import { eventsFromRows } from '../events/events-from-rows.js';
import { numberEvents } from '../events/number-events.js';
import { findRig } from './find-rig.js';
import { openModels } from './video-models.js';
import { passFrames } from './frame-pass.js';
import { cropImages } from './crop-images.js';
import { assembleRows } from './assemble-rows.js';
import { debugFrames } from './debug-frames.js';
import type { AnalyseOptions, VideoAnalysisResult, VideoInput, VideoProgress } from './video-analysis-types.js';

export type { AnalyseOptions, DebugFrame, VideoAnalysisResult, VideoInput, VideoProgress } from './video-analysis-types.js';

const FRAME_MS = 40;

/** Decoding works on half the analysis size for broadcast video: lines stay 1-3 px, everything is 4x cheaper. */
export function workingScale(height: number): number {
  return height >= 600 ? 2 : 1;
}

/**
 * The video engine, stage by stage: where the camera stands; one pass over the frames (scenes and cuts,
 * calibration, people, tracks, ball candidates, kit samples, shirt numbers); then with hindsight over
 * the whole video the ball's path, the scenes, who every track is (vision/track-resolution.ts), the crops,
 * the tracking rows of spec 2.7 (detected rows of analysable, calibrated frames; projected rows of
 * identified players off camera) and the events. Timestamps are ms of the video file.
 */
export async function analyseVideo(input: VideoInput, progress: VideoProgress, options: AnalyseOptions = {}): Promise<VideoAnalysisResult> {
  const timings: Record<string, number> = {};
  const time = <T>(key: string, run: () => T): T => {
    const t0 = performance.now();
    const out = run();
    timings[key] = (timings[key] ?? 0) + performance.now() - t0;
    return out;
  };
  const probe = await probeVideo(input.path);
  const startSeconds = input.startSeconds ?? 0;
  const endSeconds = Math.min(input.endSeconds ?? probe.duration_seconds, probe.duration_seconds);
  const startMs = Math.round(startSeconds * 1000);
  const scale = workingScale(input.height);
  const width = Math.round(input.width / scale / 2) * 2;
  const height = Math.round(input.height / scale / 2) * 2;
  const toSourceX = input.sourceWidth / width;
  const toSourceY = input.sourceHeight / height;

  progress(0, 'finding the camera');
  let t0 = performance.now();
  const rig = await findRig(input.path, { width, height }, { startSeconds, endSeconds }, options);
  timings.rig = performance.now() - t0;

  const models = await openModels(options);
  try {
    const analyser = new FrameAnalyser({ width, height, distortion: options.distortion || rig?.distortion, verifier: models.verifier, detector: models.detector, ball: models.ball, tracker: options.tracker });
    if (rig) analyser.calibration.assumePosition(rig.position, rig.views);
    const shirts = models.reader
      ? new ShirtReading(models.reader, { scale: input.width / width, width: input.width, height: input.height }, { keepLog: options.debug })
      : null;

    t0 = performance.now();
    const record = await passFrames({
      path: input.path, startSeconds, endSeconds, startMs, width, height, scale,
      detailWidth: input.width, detailHeight: input.height, toSourceX, toSourceY,
    }, analyser, shirts, progress, options);
    const frames = record.frames;
    timings.frames = performance.now() - t0;
    for (const [k, ms] of Object.entries(analyser.timings)) timings[`stage_${k}`] = ms;
    timings.stage_identity = record.identityMs;

    // The ball with hindsight (vision/ball/ball-track.ts): the best path through every frame's candidates,
    // flights placed in 3D, gaps under 0.5 s between two sightings bridged (written as `detected` too).
    const ball = time('stage_ball', () => record.ballLog.track().flatMap((b, frame) => (b ? [{ frame, x: b.x, y: b.y, u: b.u, v: b.v }] : [])));

    const scenes = labelScenes(record.features);
    const analysable = new Uint8Array(frames);
    for (const s of scenes) if (s.analysable) analysable.fill(1, s.from, s.to);

    const tracks = resolveTracks(record.people, record.kits, shirts, { startMs, frameMs: FRAME_MS, stitch: options.stitch });
    timings.assemble = tracks.timingsMs.cuts;
    timings.stage_identity += tracks.timingsMs.identity;
    const partOf = (track: number, tMs: number) => tracks.cuts.at(track, Math.round((tMs - startMs) / FRAME_MS));
    const squadOf = (track: number, tMs: number) => {
      const l = tracks.model?.labels.get(partOf(track, tMs));
      return l?.role === 'player' ? l.team : null;
    };
    const crops = await cropImages(record.picker, record.trackCrops, squadOf, (track, tMs) => tracks.ids.get(partOf(track, tMs))?.playerId ?? null);

    // Positions become paths a body can run (bounded speed and acceleration) before the rows are written,
    // and again over each identified player's rows: his trajectory joins tracks, and a junction can spike too.
    const rows = time('assemble', () => {
      smoothTracks(record.people);
      const assembled = assembleRows({
        frames, startMs, frameMs: FRAME_MS, analysable, cameras: record.cameras, people: record.people, hits: (t) => record.kits.hits(t),
        labels: tracks.rowLabels, ids: tracks.ids, ball, toSourceX, toSourceY,
      });
      despikePlayers(assembled.columns);
      smoothPlayers(assembled.columns);
      return assembled;
    });
    const { columns } = rows;

    const durationMs = Math.round(probe.duration_seconds * 1000);
    const events = time('events', () => numberEvents([...sceneEvents(scenes, startMs, FRAME_MS), ...eventsFromRows(columns, { durationMs, frameMs: FRAME_MS })]));
    const ballAt = new Map(ball.map((b): [number, [number, number]] => [b.frame, [b.u * toSourceX, b.v * toSourceY]]));
    return {
      columns, events, durationMs, frames, analysableFrames: rows.analysableFrames, calibratedFrames: rows.calibratedFrames, rig, timingsMs: timings,
      debug: options.debug ? debugFrames(record, analysable, { startMs, frameMs: FRAME_MS, toSourceX, toSourceY }, tracks.cuts.at, ballAt) : null,
      teamKits: tracks.teamKits, exemplars: crops.exemplars, playerCrops: crops.playerCrops, runtime: models.runtime,
      identity: {
        crops: shirts?.crops ?? 0, tracks: shirts?.votes.tracks().length ?? 0, identified: tracks.ids.size, split: tracks.cuts.count,
        unreachable: [...tracks.unreachable.values()].reduce((n, f) => n + f.length, 0), unnumbered: tracks.unnumbered,
      },
      rowCounts: { detected: rows.detected, projected: rows.projected },
      // Only ids that some row carries (a track relabelled to another squad throughout carries none).
      players: identifiedPlayers(tracks.ids).filter((p) => columns.players.includes(p.player_id)),
      ...(options.debug ? {
        trackKits: tracks.trackKits, trackEnds: tracks.ends,
        ...(shirts?.log ? { shirtReadings: shirts.log.map((r) => ({ ...r, track: tracks.cuts.at(r.track, r.frame) })) } : {}),
        ...(options.ballFrames ? { ballFrames: record.ballFrames } : {}),
      } : {}),
    };
  } finally {
    await models.close();
  }
}
