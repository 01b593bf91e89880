import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { simTruth, writeSimTruth } from '../../engine/io/sim-truth.js';
import { renderTruthVideo } from '../../engine/sim-io/render-video.js';
import { sampleMinute } from './synthetic-match.js';

/**
 * A small simulator truth directory (about a minute of the synthetic match) for import tests: real
 * simulator output, so every result endpoint sees realistic rows, with events we wrote by hand.
 */
export async function writeSampleTruth(dir = mkdtempSync(join(tmpdir(), 'truth-')), seed = 5): Promise<string> {
  const source = sampleMinute();
  const track = simulateMatch(source, { seed });
  await writeSimTruth(dir, simTruth(source, track, { seed, file: 'sample-minute', format: 'synthetic' }));
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
  const truth = simTruth(source, track, { seed: o.seed, file: 'sample-minute', format: 'synthetic' });
  await writeSimTruth(dir, truth);
  await renderTruthVideo(dir, truth, { camera: 'broadcast', width: o.width ?? 640, height: o.height ?? 360, seed: o.seed, cuts: false });
}
