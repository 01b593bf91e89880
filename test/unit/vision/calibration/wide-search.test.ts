import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../engine/geometry/camera.js';
import { toParams } from '../../../../engine/vision/calibration/camera-fit.js';
import { coarseScore, scoreScratch } from '../../../../engine/vision/calibration/camera-search.js';
import { CalibrationTracker } from '../../../../engine/vision/calibration/calibration-tracker.js';
import { distanceTransform } from '../../../../engine/vision/calibration/distance-transform.js';
import { linePixels } from '../../../../engine/vision/calibration/line-pixels.js';
import { pitchModel } from '../../../../engine/vision/calibration/pitch-model.js';
import { discoverRig } from '../../../../engine/vision/calibration/rig-discovery.js';
import { searchWideCamera, sidePositions } from '../../../../engine/vision/calibration/wide-search.js';
import { gridErrors, H, median, renderFrames, W } from './rendered-frames.js';

// A club's static camera as the renderer films it (seed 1: like the real SoccerTrack clip, one half from 8 m up
// beside the halfway line): a bent lens (k1 -0.2), a little roll.
const frames = renderFrames({ count: 2, skip: 0, fromMs: 4_000, camera: 'side', k1: -0.2, seed: 1 });
const [first, later] = frames.map((f) => ({ cam: f.truth.camera!, lines: linePixels(f.rgb, W, H) })) as [{ cam: Camera; lines: ReturnType<typeof linePixels> }, { cam: Camera; lines: ReturnType<typeof linePixels> }];

describe('the length-weighted coarse score', () => {
  it('ranks the true low wide camera above a view that squeezes the whole pitch onto a few lines', () => {
    const model = pitchModel(2);
    const dt = distanceTransform(first.lines.line, W, H);
    const scratch = scoreScratch(model);
    const truth = toParams(first.cam);
    // Further back, higher and far wider: every painted line of the model lands in a band of the picture.
    const squeezed = toParams({ ...first.cam, y: first.cam.y - 25, z: first.cam.z + 4, focal: first.cam.focal * 0.45, pan: 0.05 });
    const weighted = (p: Float64Array) => coarseScore(first.lines, dt, model, p, 16, scratch, 2);
    expect(weighted(truth)).toBeGreaterThan(1.3 * weighted(squeezed));
    // Near misses score lower than the truth as well.
    for (const near of [{ pan: first.cam.pan + 0.05 }, { tilt: first.cam.tilt + 0.025 }, { focal: first.cam.focal * 1.1 }]) {
      expect(weighted(truth)).toBeGreaterThan(weighted(toParams({ ...first.cam, ...near })));
    }
  });
});

describe('searchWideCamera', () => {
  it('finds a static wide camera low beside the pitch, its lens and roll included, from no prior', () => {
    // The grid's positions are a coarse guess: this camera stands metres from every one of them.
    const nearest = Math.min(...sidePositions().map(([x, y, z]) => Math.hypot(x - first.cam.x, y - first.cam.y, z - first.cam.z)));
    expect(nearest).toBeGreaterThan(1);
    const fit = searchWideCamera(first.lines);
    expect(fit).not.toBeNull();
    expect(fit!.inliers).toBeGreaterThan(0.5 * fit!.visible);
    // Measured 0.31 m (rendered straight at 640x360, lines thinner than a 720p frame's halved): the engine's target is 0.5 m.
    expect(median(gridErrors(first.cam, fit!.camera))).toBeLessThan(0.5);
    expect(fit!.camera.k1).toBeCloseTo(first.cam.k1, 1);
    expect(Math.abs(fit!.camera.roll - first.cam.roll)).toBeLessThan(0.01);
  }, 60_000);

  it('is what rig discovery falls back on, and the tracker then calibrates the video from the view it found', async () => {
    const rig = await discoverRig([first.lines]);
    expect(rig).not.toBeNull();
    expect(rig!.views).toHaveLength(1);
    expect(Math.hypot(rig!.position[0] - first.cam.x, rig!.position[1] - first.cam.y, rig!.position[2] - first.cam.z)).toBeLessThan(1);
    const tracker = new CalibrationTracker();
    tracker.assumePosition(rig!.position, rig!.views);
    const r = tracker.next(later.lines);
    expect(r.how).toBe('searched');
    expect(median(gridErrors(later.cam, r.camera!))).toBeLessThan(0.5);
    // Without the view, the search from the known position alone (the broadcast grid) does not reach it.
    const blind = new CalibrationTracker();
    blind.assumePosition(rig!.position);
    expect(blind.next(later.lines).camera).toBeNull();
  }, 120_000);

  it('finds nothing in a frame without line evidence (plain grass, a graphic): judged before the seconds-long search', () => {
    const grass = new Uint8Array(W * H * 3);
    for (let i = 0; i < W * H; i++) grass.set([70, 135, 55], i * 3);
    for (const rgb of [grass, new Uint8Array(W * H * 3)]) {
      const r = new CalibrationTracker().searchWide(linePixels(rgb, W, H));
      expect(r).toEqual({ camera: null, how: 'failed', inliers: 0, visible: 0, rms: Infinity });
    }
  });
});
