import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BallDetector } from '../../../engine/vision/ball/ball-detector.js';
import { BallDetectorThread as FromSource } from '../../../engine/video/ball-detector-thread.js';
import { H, renderFrames, W } from '../vision/calibration/rendered-frames.js';

const MODEL = fileURLToPath(new URL('../../../models/ball-detector/ball-detector.onnx', import.meta.url));
// The worker thread runs compiled code: the build (npm test builds first) puts it in dist/.
const COMPILED = fileURLToPath(new URL('../../../dist/engine/video/ball-detector-thread.js', import.meta.url));

describe('the ball detector', () => {
  const frames = renderFrames({ count: 8, skip: 10, seed: 5, fromMs: 4_000 });

  it('finds the rendered ball in consecutive frames, its best peak within 4 px of the true centre', async () => {
    const detector = await BallDetector.load(MODEL);
    try {
      let near = 0;
      let visible = 0;
      for (const f of frames) {
        const peaks = await detector.find(f.rgb, W, H);
        const box = f.truth.ball?.box;
        if (!box || (f.truth.ball?.in_frame ?? 0) < 1) continue;
        visible++;
        const best = peaks[0];
        if (best && Math.hypot(best.u - (box[0] + box[2]) / 2, best.v - (box[1] + box[3]) / 2) <= 4) near++;
      }
      expect(visible).toBeGreaterThanOrEqual(6);
      expect(near).toBeGreaterThanOrEqual(visible - 1);
    } finally {
      await detector.close();
    }
  });

  it('answers the same on a worker thread, in order, with the frames before each one; a cut starts afresh', async () => {
    expect(existsSync(COMPILED)).toBe(true);
    const { BallDetectorThread } = (await import(COMPILED)) as { BallDetectorThread: typeof FromSource };
    const here = await BallDetector.load(MODEL);
    const thread = await BallDetectorThread.start(MODEL);
    expect(thread).toBeInstanceOf(BallDetectorThread);
    try {
      const expected = [];
      for (const f of frames.slice(0, 4)) expected.push(await here.find(f.rgb, W, H));
      here.cut();
      const afterCut = await here.find(frames[6]!.rgb, W, H);
      // All sent at once: each answer is its own picture's, seen after the ones sent before it.
      const got = await Promise.all(frames.slice(0, 4).map((f) => thread.find(f.rgb, W, H)));
      thread.cut();
      expect(got).toEqual(expected);
      expect(await thread.find(frames[6]!.rgb, W, H)).toEqual(afterCut);
      // Without the cut the frames before would have counted: the history is real input.
      const fresh = await BallDetector.load(MODEL);
      expect(await fresh.find(frames[6]!.rgb, W, H)).toEqual(afterCut);
      await fresh.close();
    } finally {
      await here.close();
      await thread.close();
    }
    await expect(thread.find(frames[0]!.rgb, W, H)).rejects.toThrow(/exited/);
  });

  it('runs on the calling thread when started from the sources (no compiled worker script)', async () => {
    const finder = await FromSource.start(MODEL);
    expect(finder).toBeInstanceOf(BallDetector);
    await finder.close();
  });
});
