import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PersonDetector } from '../../../engine/vision/detection/person-detector.js';
import { PersonDetectorThread as FromSource } from '../../../engine/video/person-detector-thread.js';
import { H, renderFrames, W } from '../vision/calibration/rendered-frames.js';

const MODEL = fileURLToPath(new URL('../../../models/person-detector/person-detector.onnx', import.meta.url));
// The worker thread runs compiled code: the build (npm test builds first) puts it in dist/.
const COMPILED = fileURLToPath(new URL('../../../dist/engine/video/person-detector-thread.js', import.meta.url));

describe('the person detector on a worker thread', () => {
  it('finds the same feet as on the calling thread, answers pictures sent before the first answer in order, and closes', async () => {
    expect(existsSync(COMPILED)).toBe(true);
    const { PersonDetectorThread } = (await import(COMPILED)) as { PersonDetectorThread: typeof FromSource };
    const frames = renderFrames({ count: 3, skip: 10, seed: 5, fromMs: 30_000 });
    const here = await PersonDetector.load(MODEL);
    const thread = await PersonDetectorThread.start(MODEL);
    expect(thread).toBeInstanceOf(PersonDetectorThread);
    try {
      const expected = [];
      for (const f of frames) expected.push(await here.detect(f.rgb, W, H));
      // All three sent at once: each answer is its own picture's.
      const got = await Promise.all(frames.map((f) => thread.detect(f.rgb, W, H)));
      expect(expected.every((e) => e.length >= 5)).toBe(true);
      expect(got).toEqual(expected);
    } finally {
      await here.close();
      await thread.close();
    }
    await expect(thread.detect(frames[0]!.rgb, W, H)).rejects.toThrow(/exited/);
  });

  it('runs on the calling thread when started from the sources (no compiled worker script)', async () => {
    const finder = await FromSource.start(MODEL);
    expect(finder).toBeInstanceOf(PersonDetector);
    await finder.close();
  });
});
