import { describe, expect, it } from 'vitest';
import { CalibrationTracker, depthVariants, searchPositions, SETTLED_WEIGHT, type CalibrationResult } from '../../../../engine/vision/calibration/calibration-tracker.js';
import { linePixels } from '../../../../engine/vision/calibration/line-pixels.js';
import { createRng } from '../../../../engine/match-data/rng.js';
import { gridErrors, H, median, renderFrames, turned, W } from './rendered-frames.js';
import { grayPicture } from '../../../../engine/vision/calibration/camera-carry.js';

/**
 * 11 consecutive broadcast frames while the camera pans right towards a cross (about 0.6 degrees, 13 px,
 * a frame, zooming out): frame-to-frame tracking has to follow real motion.
 */
const frames = renderFrames({ count: 11, skip: 10, fromMs: 14_000 }).map((f) => ({ cam: f.truth.camera!, lines: linePixels(f.rgb, W, H) }));
const first = frames[0]!.cam;

function uniform(r: number, g: number, b: number): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set([r, g, b], i * 3);
  return rgb;
}
const rng = createRng(3);
const noise = new Uint8Array(W * H * 3).map(() => Math.floor(rng.next() * 256));
/** Noise in grass colours: every pixel grass-like, bright and dark speckle everywhere (dense false ridges). */
const grassNoise = new Uint8Array(W * H * 3);
for (let i = 0; i < W * H; i++) {
  const l = rng.next();
  grassNoise.set([40 + 120 * l, 100 + 150 * l, 30 + 100 * l], i * 3);
}

function expectGood(r: CalibrationResult, cam: (typeof frames)[number]['cam']): void {
  expect(r.camera).not.toBeNull();
  const e = gridErrors(cam, r.camera!);
  // Per-frame pitch-point error: median measured 0.21-0.23 m, max 0.32-0.49 m while tracking after a
  // search from a position 4 m off; 0.15 m / 0.27 m when searched from the true position. Asked: median
  // < 0.75 m, max < 2 m.
  expect(median(e)).toBeLessThan(0.75);
  expect(Math.max(...e)).toBeLessThan(2);
  // Believed fits rest on many lines: inliers measured 363-447 of 376-479 visible (share >= 0.93).
  expect(r.inliers).toBeGreaterThanOrEqual(200);
  expect(r.inliers / r.visible).toBeGreaterThan(0.8);
}

describe('CalibrationTracker', () => {
  it('searches the first frame from a position a few metres off, then tracks every frame of a pan', () => {
    const t = new CalibrationTracker();
    t.assumePosition([first.x + 3, first.y + 2, first.z - 2]);
    const hows: string[] = [];
    for (const { cam, lines } of frames) {
      const r = t.next(lines);
      hows.push(r.how);
      expectGood(r, cam);
    }
    expect(hows).toEqual(['searched', ...Array(10).fill('tracked')]);
  });

  it('calibrates a static tactical camera whose rig position was found 3 m off along the line of sight', () => {
    // A static camera shows the rig discovery one view only: a camera further back and zoomed in looks
    // almost the same, and the engine measured its rig 3 m back of the truth on the tactical fixture.
    const tactical = renderFrames({ count: 3, skip: 5, camera: 'tactical' }).map((f) => ({ cam: f.truth.camera!, lines: linePixels(f.rgb, W, H) }));
    const cam = tactical[0]!.cam;
    const centre = [52.5, 34, 0];
    const rig = [cam.x, cam.y, cam.z].map((v, i) => (centre[i] as number) + 1.04 * (v - (centre[i] as number))) as [number, number, number];
    const t = new CalibrationTracker();
    t.assumePosition(rig);
    const hows = tactical.map(({ cam: truth, lines }) => {
      const r = t.next(lines);
      expect(r.camera).not.toBeNull();
      expect(median(gridErrors(truth, r.camera!))).toBeLessThan(0.5);
      return r.how;
    });
    expect(hows).toEqual(['searched', 'tracked', 'tracked']);
  });

  it('after cut() searches again (knowing the position) and recovers; a failed frame cuts too', () => {
    const t = new CalibrationTracker();
    t.assumePosition([first.x, first.y, first.z]);
    for (const { lines } of frames.slice(0, 4)) t.next(lines);
    t.cut();
    const afterCut = t.next(frames[6]!.lines);
    expect(afterCut.how).toBe('searched');
    expectGood(afterCut, frames[6]!.cam);
    expect(t.next(frames[7]!.lines).how).toBe('tracked');
    // A frame with nothing to calibrate on: reported failed, and the next good frame is searched again.
    const failed = t.next(linePixels(noise, W, H));
    expect(failed).toEqual({ camera: null, how: 'failed', inliers: 0, visible: 0, rms: Infinity });
    const again = t.next(frames[8]!.lines);
    expect(again.how).toBe('searched');
    expectGood(again, frames[8]!.cam);
  });

  it('reports noise and uniform frames uncalibrated (camera null), never guessed', () => {
    const t = new CalibrationTracker();
    t.assumePosition([first.x, first.y, first.z]);
    t.next(frames[0]!.lines);
    for (const rgb of [noise, uniform(70, 135, 55), uniform(128, 128, 128), uniform(0, 0, 0)]) {
      const lines = linePixels(rgb, W, H);
      // Measured 0 ridge pixels in each (RGB noise is almost never grass-coloured, so no pitch window).
      expect(lines.count).toBeLessThan(30);
      expect(t.next(lines).camera).toBeNull();
    }
    // Also on a fresh tracker that knows nothing (no search: too few line pixels).
    expect(new CalibrationTracker().next(linePixels(uniform(70, 135, 55), W, H)).how).toBe('failed');
  });

  it('believes nothing below its thresholds', () => {
    const strict = new CalibrationTracker({ minInliers: [5000, 5000] });
    strict.assumePosition([first.x, first.y, first.z]);
    expect(strict.next(frames[0]!.lines).camera).toBeNull();
    const ratio = new CalibrationTracker({ minRatio: [1.01, 1.01] });
    ratio.assumePosition([first.x, first.y, first.z]);
    expect(ratio.next(frames[0]!.lines).camera).toBeNull();
  });

  // On grass-coloured noise 22% of pixels are ridges, so almost any camera finds "lines" near its model
  // points: the tracker must refuse frames whose ridge density no painted pitch has.
  it('reports a frame of grass-coloured noise uncalibrated', () => {
    const lines = linePixels(grassNoise, W, H);
    const tracking = new CalibrationTracker();
    tracking.assumePosition([first.x, first.y, first.z]);
    tracking.next(frames[0]!.lines);
    expect(tracking.next(lines).camera).toBeNull();
    const searching = new CalibrationTracker();
    searching.assumePosition([first.x, first.y, first.z]);
    expect(searching.next(lines).camera).toBeNull();
  });

  it('carries the camera by the pictures through frames without lines, for 3 s at most, and never across a cut', () => {
    const rendered = renderFrames({ count: 1, skip: 10, fromMs: 14_000 })[0]!;
    const scene = grayPicture(rendered.rgb, W, H, 2);
    const noLines = linePixels(uniform(60, 140, 50), W, H);
    const path = (k: number) => ({ ...first, pan: first.pan + 0.003 * k, focal: first.focal * Math.exp(-0.001 * k) });
    const t = new CalibrationTracker();
    t.assumePosition([first.x, first.y, first.z]);
    expect(t.next(frames[0]!.lines, scene).how).toBe('searched');
    for (let k = 1; k <= 75; k++) {
      const r = t.next(noLines, turned(scene, first, path(k)));
      expect(r.how, `frame ${k}`).toBe('carried');
      // Pitch-point error (median) measured 0.27 m after 2 s, 0.57 m after 3 s (from the searched camera's 0.2 m).
      if (k % 25 === 0) expect(median(gridErrors(path(k), r.camera!))).toBeLessThan(0.8);
    }
    // Lines must confirm the camera after 75 frames carried.
    expect(t.next(noLines, turned(scene, first, path(76))).how).toBe('failed');
    // A cut drops the picture: nothing to carry from.
    const u = new CalibrationTracker();
    u.assumePosition([first.x, first.y, first.z]);
    u.next(frames[0]!.lines, scene);
    u.cut();
    expect(u.next(noLines, turned(scene, first, path(1))).how).toBe('failed');
  });

  it('searches a settled position alone, a new one with its variants along the line of sight', () => {
    const rig: [number, number, number] = [52.5, -37.3, 23.8];
    const fresh = searchPositions(rig, 10);
    expect(fresh).toEqual(depthVariants(rig));
    // The 0.75x variant a narrow view can prefer: 18 m nearer and 6 m lower.
    expect(fresh[1]![1]).toBeCloseTo(-19.5, 0);
    expect(fresh[1]![2]).toBeCloseTo(17.9, 0);
    expect(searchPositions(rig, SETTLED_WEIGHT - 1)).toHaveLength(4);
    expect(searchPositions(rig, SETTLED_WEIGHT)).toEqual([rig]);
  });
});
