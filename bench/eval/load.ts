import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSimTruth } from '../../engine/io/sim-truth.js';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import type { Camera, Mat3 } from '../../engine/geometry/camera.js';
import type { EngineOutput, EngineRow, EvalTruth } from './eval-types.js';

const ndjson = <T>(text: string): T[] => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);

export async function loadTruth(dir: string): Promise<EvalTruth> {
  const sim = await readSimTruth(dir);
  const framesFile = join(dir, 'frames.ndjson');
  const frames = existsSync(framesFile) ? ndjson<FrameTruth>(await readFile(framesFile, 'utf8')) : null;
  return { sim, frames };
}

/** An analysis directory as docs/evaluation.md describes it. */
export async function loadEngineOutput(dir: string): Promise<EngineOutput> {
  const read = async (name: string) => (existsSync(join(dir, name)) ? readFile(join(dir, name), 'utf8') : null);
  const trackingText = (await read('tracking.ndjson')) ?? (await read('tracking.json'));
  if (trackingText === null) throw new Error(`${dir} has no tracking.ndjson or tracking.json`);
  const rows = trackingText.trimStart().startsWith('[') ? (JSON.parse(trackingText) as EngineRow[]) : ndjson<EngineRow>(trackingText);
  const eventsText = await read('events.json');
  const calibrationText = await read('calibration.ndjson');
  const detectionsText = await read('detections.ndjson');
  const metaText = await read('meta.json');
  const meta = metaText ? (JSON.parse(metaText) as { frames?: number; seconds?: number }) : null;
  return {
    rows,
    events: eventsText ? JSON.parse(eventsText) : [],
    calibration: calibrationText ? new Map(ndjson<{ t_ms: number; homography: Mat3 | null }>(calibrationText).map((c) => [c.t_ms, c.homography])) : null,
    cameras: calibrationText ? new Map(ndjson<{ t_ms: number; camera?: Camera | null }>(calibrationText).map((c) => [c.t_ms, c.camera ?? null])) : undefined,
    detections: detectionsText ? new Map(ndjson<{ t_ms: number; boxes: { box: [number, number, number, number]; role?: string }[] }>(detectionsText).map((d) => [d.t_ms, d.boxes])) : null,
    timing: meta?.frames && meta.seconds ? { frames: meta.frames, seconds: meta.seconds } : null,
  };
}
