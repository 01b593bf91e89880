import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../engine/geometry/camera.js';
import { CalibrationTracker } from '../../../../engine/vision/calibration/calibration-tracker.js';
import { fitCamera, toParams } from '../../../../engine/vision/calibration/camera-fit.js';
import { linePixels } from '../../../../engine/vision/calibration/line-pixels.js';
import { pitchModel } from '../../../../engine/vision/calibration/pitch-model.js';
import { estimateCentre, recentred } from '../../../../engine/vision/calibration/principal-point.js';
import { gridErrors, H, median, renderFrames, W } from './rendered-frames.js';

const DEG = Math.PI / 180;
/** A cut-out of the rendered picture, as a tactical camera's feed cropped to another shape: its principal point is off centre. */
const CROP = { x: 96, y: 60, width: 512, height: 288 };
const TRUE_OFFSET: [number, number] = [W / 2 - CROP.x - CROP.width / 2, H / 2 - CROP.y - CROP.height / 2];

function crop(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array(CROP.width * CROP.height * 3);
  for (let y = 0; y < CROP.height; y++) out.set(rgb.subarray(((CROP.y + y) * W + CROP.x) * 3, ((CROP.y + y) * W + CROP.x + CROP.width) * 3), y * CROP.width * 3);
  return out;
}
const croppedCamera = (c: Camera | null): Camera => ({ ...(c as Camera), width: CROP.width, height: CROP.height, ppx: TRUE_OFFSET[0], ppy: TRUE_OFFSET[1] });

const frames = renderFrames({ count: 62, camera: 'tactical' });

describe('the principal point of a cropped picture', () => {
  it('a centred camera fits a cropped view metres off; estimateCentre finds an offset that fits it to decimetres', () => {
    const f = frames[0]!;
    const truth = croppedCamera(f.truth.camera);
    const lines = linePixels(crop(f.rgb), CROP.width, CROP.height);
    // The best a centred camera does, started from the truth turned to look where it looks.
    const start = recentred(toParams(truth), CROP.width, CROP.height, 0, 0);
    const sigma = { pan: Infinity, tilt: Infinity, roll: 2 * DEG, logFocal: Infinity, x: 5, y: 5, z: 5, k1: 0 };
    const centred = fitCamera(lines, pitchModel(0.5), start, { prior: start, sigma, gates: [30, 20, 12, 8, 5, 3, 2.5, 2.5] });
    const est = estimateCentre([lines], [centred.params]);
    expect(est.score).toBeGreaterThan(1.1 * est.centred);
    const p = recentred(centred.params, CROP.width, CROP.height, est.offset[0], est.offset[1]);
    const fit = fitCamera(lines, pitchModel(0.5), p, { prior: p, sigma, gates: [30, 20, 12, 8, 5, 3, 2.5, 2.5] });
    const before = median(gridErrors(truth, centred.camera));
    const after = median(gridErrors(truth, fit.camera));
    expect(before).toBeGreaterThan(0.5);
    expect(after).toBeLessThan(0.5 * before);
    expect(after).toBeLessThan(0.3);
  });

  it('the tracker adopts it once the camera has held still for 2 s, for the still run\'s frames too, and keeps a centred camera centred', () => {
    const cropped = new CalibrationTracker();
    const whole = new CalibrationTracker();
    let last: { cropped: Camera | null; whole: Camera | null } = { cropped: null, whole: null };
    const adopted: { frame: number; before: number }[] = [];
    let wholeBefore = 0;
    frames.forEach((f, k) => {
      const c = cropped.next(linePixels(crop(f.rgb), CROP.width, CROP.height));
      const w = whole.next(linePixels(f.rgb, W, H));
      if (c.before) adopted.push({ frame: k, before: c.before });
      wholeBefore += w.before ?? 0;
      last = { cropped: c.camera, whole: w.camera };
    });
    // Adopted once, at the end of the 2-s still run that began with the first frame (searched): the
    // camera stands for every frame before it.
    expect(adopted).toHaveLength(1);
    expect(adopted[0]!.before).toBe(adopted[0]!.frame);
    expect(adopted[0]!.frame).toBeGreaterThanOrEqual(50);
    expect(wholeBefore).toBe(0);
    const f = frames[frames.length - 1]!;
    expect(last.cropped?.ppx).toBeDefined();
    expect(median(gridErrors(croppedCamera(f.truth.camera), last.cropped as Camera))).toBeLessThan(0.3);
    expect(last.whole).not.toBeNull();
    expect(last.whole?.ppx).toBeUndefined();
  });
});
