import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { FrameRenderer, type RenderOptions } from '../sim/render/frame-renderer.js';
import type { SimTruth } from '../io/sim-truth.js';
import { VideoEncoder } from '../io/video-encoder.js';

export interface RenderResult {
  frames: number;
  seconds: number;
  fps: number;
  analysableFrames: number;
}

/**
 * Renders a simulated truth to `video.mp4` (H.264, 25 FPS) and writes each frame's ground truth as one
 * JSON line to `frames.ndjson`, plus the kits to `render.json`, in the same directory.
 */
export async function renderTruthVideo(dir: string, truth: SimTruth, options: RenderOptions & { noise?: number; crf?: number }): Promise<RenderResult> {
  const renderer = new FrameRenderer(truth.track, truth.events, truth.meta.periods, options);
  const encoder = new VideoEncoder({ width: options.width, height: options.height, fps: 25, out: join(dir, 'video.mp4'), noise: options.noise ?? 5, crf: options.crf ?? 23 });
  const lines = createWriteStream(join(dir, 'frames.ndjson'));
  const started = performance.now();
  let analysable = 0;
  try {
    for (let f = 0; f < renderer.frames; f++) {
      const { rgba, truth: t } = renderer.renderNext();
      if (t.analysable) analysable++;
      await encoder.write(rgba);
      if (!lines.write(`${JSON.stringify(t)}\n`)) await once(lines, 'drain');
    }
  } finally {
    lines.end();
    await once(lines, 'close');
  }
  await encoder.finish();
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(dir, 'render.json'), `${JSON.stringify({
    camera: options.camera, width: options.width, height: options.height, seed: options.seed, k1: options.k1 ?? 0,
    kits: renderer.kits, scenes: renderer.scenes,
  }, null, 1)}\n`);
  const seconds = (performance.now() - started) / 1000;
  return { frames: renderer.frames, seconds, fps: renderer.frames / seconds, analysableFrames: analysable };
}
