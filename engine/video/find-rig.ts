import { frameAt } from '../io/frame-source.js';
import { thumbnail } from '../vision/scenes/thumbnail.js';
import { looksLikePlay, sceneFeatures } from '../vision/scenes/scene-features.js';
import { linePixels } from '../vision/calibration/line-pixels.js';
import type { RigEstimate } from '../vision/calibration/rig-discovery.js';
import { discoverRigOnThreads } from './rig-search-thread.js';

/** Where the camera stands, from up to five frames spread over the span that look like play (seeking, before the pass). */
export async function findRig(
  path: string, size: { width: number; height: number }, span: { startSeconds: number; endSeconds: number }, o: { distortion?: boolean },
): Promise<RigEstimate | null> {
  const { width: w, height: h } = size;
  const samples: ReturnType<typeof linePixels>[] = [];
  for (let k = 0; k < 8 && samples.length < 5; k++) {
    const rgb = await frameAt(path, w, h, span.startSeconds + ((k + 0.5) / 8) * (span.endSeconds - span.startSeconds));
    if (rgb && looksLikePlay(sceneFeatures(thumbnail(rgb, w, h)))) samples.push(linePixels(rgb, w, h));
  }
  // The frames with the most line evidence first: they calibrate from scratch most surely.
  samples.sort((a, b) => b.count - a.count);
  return discoverRigOnThreads(samples, { distortion: o.distortion });
}
