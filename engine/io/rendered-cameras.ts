import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Camera } from '../geometry/camera.js';
import type { FrameTruth } from '../match-data/frame-truth.js';

/**
 * The camera of every frame of a video our renderer drew into `dir` (its frames.ndjson), null for frames
 * that show no live play; null when the directory holds no rendered video. Read line by line and only
 * the cameras kept: a long render's per-object truth would not fit in memory for nothing.
 */
export async function readRenderedCameras(dir: string): Promise<(Camera | null)[] | null> {
  const file = join(dir, 'frames.ndjson');
  if (!existsSync(file)) return null;
  const cameras: (Camera | null)[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    const frame = JSON.parse(line) as Pick<FrameTruth, 'frame' | 'analysable' | 'camera'>;
    cameras[frame.frame] = frame.analysable ? frame.camera : null;
  }
  return cameras;
}
