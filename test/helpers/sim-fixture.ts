import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { toTruthEvents } from '../../engine/sim/truth-events.js';
import { TRUTH_FORMAT, TRUTH_VERSION, writeSimTruth, type SimTruth } from '../../engine/io/sim-truth.js';
import { renderTruthVideo } from '../../engine/io/render-video.js';
import { sampleMinute } from './synthetic-match.js';

/**
 * A small simulator truth directory (about a minute of the synthetic match) for import tests: real
 * simulator output, so every result endpoint sees realistic rows, with events we wrote by hand.
 */
export async function writeSampleTruth(dir = mkdtempSync(join(tmpdir(), 'truth-')), seed = 5): Promise<string> {
  const source = sampleMinute();
  const track = simulateMatch(source, { seed });
  const events = toTruthEvents(source, track.startMs, track.startMs + track.frames * track.frameMs);
  await writeSimTruth(dir, {
    meta: {
      format: TRUTH_FORMAT, version: TRUTH_VERSION, seed, source: { file: 'sample-minute', format: 'synthetic' },
      start_ms: track.startMs, frame_ms: track.frameMs, frames: track.frames,
      pitch: { length_m: 105, width_m: 68 }, periods: source.periods, objects: track.objects,
    },
    track,
    events,
  });
  return dir;
}

/**
 * A broadcast clip of the synthetic match rendered by our simulator into `dir` (its truth, as `touchline
 * sim` writes it, then video.mp4, frames.ndjson, render.json with the kits drawn): `durationMs` from
 * `fromMs`, no camera cuts. The directory imports as format `sim`.
 */
export async function renderSampleClip(dir: string, o: { seed: number; fromMs: number; durationMs: number; width?: number; height?: number }): Promise<void> {
  const source = sampleMinute();
  const track = simulateMatch(source, { seed: o.seed, fromMs: o.fromMs, durationMs: o.durationMs });
  const truth: SimTruth = {
    meta: { format: TRUTH_FORMAT, version: TRUTH_VERSION, seed: o.seed, source: { file: 'sample-minute', format: 'synthetic' }, start_ms: track.startMs,
      frame_ms: 40, frames: track.frames, pitch: { length_m: 105, width_m: 68 }, periods: source.periods, objects: track.objects },
    track, events: toTruthEvents(source, track.startMs, track.startMs + o.durationMs),
  };
  await writeSimTruth(dir, truth);
  await renderTruthVideo(dir, truth, { camera: 'broadcast', width: o.width ?? 640, height: o.height ?? 360, seed: o.seed, cuts: false });
}
