import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { discoverRig } from '../../../engine/vision/calibration/rig-discovery.js';
import { linePixels } from '../../../engine/vision/calibration/line-pixels.js';
import type { discoverRigOnThreads as FromSource } from '../../../engine/video/rig-search-thread.js';
import { H, renderFrames, W } from '../vision/calibration/rendered-frames.js';

// The worker threads run compiled code: the build (npm test builds first) puts it in dist/.
const COMPILED = fileURLToPath(new URL('../../../dist/engine/video/rig-search-thread.js', import.meta.url));

describe('rig discovery on worker threads', () => {
  it("gives discoverRig's answer: the same frames tried in order, one that does not calibrate skipped", async () => {
    expect(existsSync(COMPILED)).toBe(true);
    const { discoverRigOnThreads } = (await import(COMPILED)) as { discoverRigOnThreads: typeof FromSource };
    // Open grass first (no lines: no camera), then three broadcast views seconds apart.
    const grass = new Uint8Array(W * H * 3);
    for (let i = 0; i < grass.length; i += 3) grass.set([60, 130, 50], i);
    const frames = [linePixels(grass, W, H)];
    for (const fromMs of [4_000, 20_000, 36_000]) {
      const [f] = renderFrames({ count: 1, fromMs });
      frames.push(linePixels(f!.rgb, W, H));
    }
    const expected = await discoverRig(frames);
    expect(expected).not.toBeNull();
    expect(expected!.tried).toBe(4);
    expect(expected!.calibrated).toBe(3);
    expect(await discoverRigOnThreads(frames)).toEqual(expected);
  }, 120_000);
});
