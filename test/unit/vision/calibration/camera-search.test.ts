import { describe, expect, it } from 'vitest';
import type { Camera } from '../../../../engine/geometry/camera.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../../../engine/geometry/pitch-markings.js';
import { distanceTransform } from '../../../../engine/vision/calibration/distance-transform.js';
import { fitCamera, toParams, type FitResult, type Sigmas } from '../../../../engine/vision/calibration/camera-fit.js';
import { candidatePositions, coarseScore, lengthScore, scoreScratch, searchCamera, type Hypothesis } from '../../../../engine/vision/calibration/camera-search.js';
import { linePixels, type LineImage } from '../../../../engine/vision/calibration/line-pixels.js';
import { projectModel } from '../../../../engine/vision/calibration/camera-fit.js';
import { pitchModel } from '../../../../engine/vision/calibration/pitch-model.js';
import { gridErrors, H, median, renderFrames, W } from './rendered-frames.js';

const DEG = Math.PI / 180;
const coarse = pitchModel(2);
const fine = pitchModel(0.5);
/** The tracker's search settings: gates coarse to fine, pan/tilt/zoom free. */
const GATES = [30, 20, 12, 8, 5, 3, 2.5, 2.5, 2.5];

/** Fits every hypothesis and keeps the best as the tracker does (inliers minus half the misses, spread >= 4). */
function bestFit(lines: ReturnType<typeof linePixels>, hyps: Hypothesis[], positionSigma: number): FitResult | null {
  const sigma: Sigmas = { pan: Infinity, tilt: Infinity, roll: 2 * DEG, logFocal: Infinity, x: positionSigma, y: positionSigma, z: positionSigma, k1: 0 };
  let best: FitResult | null = null;
  let bestScore = -Infinity;
  for (const h of hyps) {
    if (!Number.isFinite(h.score)) continue;
    const fit = fitCamera(lines, fine, h.params, { prior: h.params, sigma, gates: GATES });
    const score = fit.inliers - 0.5 * (fit.visible - fit.inliers);
    if (score > bestScore && fit.spread >= 4) {
      bestScore = score;
      best = fit;
    }
  }
  return best;
}

describe('candidatePositions', () => {
  it('stand where match cameras stand: off the pitch, above it, on the near side (halfway line or level with a penalty area) or behind a goal', () => {
    const ps = candidatePositions();
    expect(ps.length).toBe(27);
    for (const [x, y, z] of ps) {
      expect(z).toBeGreaterThanOrEqual(10);
      const onPitch = x >= 0 && x <= PITCH_LENGTH && y >= 0 && y <= PITCH_WIDTH;
      expect(onPitch).toBe(false);
    }
    // The broadcast rig (halfway, 38 m back, 24 m up) is within 10 m of a candidate.
    expect(Math.min(...ps.map(([x, y, z]) => Math.hypot(x - 52.5, y + 38, z - 24)))).toBeLessThan(10);
    // So is a camera level with the right penalty area's front line, 25 m back and 20 m up.
    expect(Math.min(...ps.map(([x, y, z]) => Math.hypot(x - 88.5, y + 25, z - 20)))).toBeLessThan(10);
  });
});

describe('searchCamera on rendered frames', () => {
  const views = [
    ...renderFrames({ count: 1, fromMs: 4_000 }),
    ...renderFrames({ count: 1, skip: 40, fromMs: 14_000 }),
    ...renderFrames({ count: 1, fromMs: 4_000, camera: 'tactical' }),
  ].map((f) => {
    const lines = linePixels(f.rgb, W, H);
    return { cam: f.truth.camera!, lines, dt: distanceTransform(lines.line, W, H) };
  });

  it('coarseScore ranks the true camera above nearby wrong ones, and a view of the sky out', () => {
    const scratch = scoreScratch(coarse);
    for (const { cam, lines, dt } of views) {
      const score = (c: Camera) => coarseScore(lines, dt, coarse, toParams(c), 16, scratch);
      const truth = score(cam);
      // Measured: truth 129 / 150 / 392; the best of these wrong cameras 32 / 42 / 246 (pan + 3 degrees),
      // so the truth wins by 4.0 / 3.6 / 1.6 times (the tactical view is 74 degrees wide: 3 degrees is small
      // there). Asked: 1.3 times.
      for (const wrong of [{ ...cam, pan: cam.pan + 3 * DEG }, { ...cam, pan: cam.pan + 10 * DEG }, { ...cam, tilt: cam.tilt + 3 * DEG }, { ...cam, focal: cam.focal * 0.7 }]) {
        expect(truth).toBeGreaterThan(1.3 * score(wrong));
      }
      // Fewer than 12 model points in the picture: not judged at all.
      expect(score({ ...cam, tilt: -0.3 })).toBe(-Infinity);
    }
  });

  it('from the known camera position, the fitted hypotheses find the camera', () => {
    for (const { cam, lines, dt } of views) {
      const hyps = searchCamera(lines, dt, coarse, { positions: [[cam.x, cam.y, cam.z]], keep: 24 });
      expect(hyps.length).toBe(24);
      for (let k = 1; k < hyps.length; k++) expect(hyps[k]!.score).toBeLessThanOrEqual(hyps[k - 1]!.score);
      for (const h of hyps) {
        expect([h.params[2], h.params[7]]).toEqual([0, 0]); // no roll, no distortion in the coarse grid
        expect([h.params[4], h.params[5], h.params[6]]).toEqual([cam.x, cam.y, cam.z]);
      }
      const best = bestFit(lines, hyps, 0.2);
      expect(best).not.toBeNull();
      // Median pitch-point error measured 0.11 / 0.17 / 0.35 m.
      expect(median(gridErrors(cam, best!.camera))).toBeLessThan(0.5);
    }
  });

  it('from scratch (every candidate position), search + fit finds a broadcast camera mid-pan', () => {
    // The most distinctive view (penalty area, pan 20 degrees); ~3.5 s of search on a 2-core machine.
    const { cam, lines, dt } = views[1]!;
    const hyps = searchCamera(lines, dt, coarse, { positions: candidatePositions(), keep: 4 });
    expect(hyps.length).toBe(4 * candidatePositions().length);
    const best = bestFit(lines, hyps, 15);
    expect(best).not.toBeNull();
    const e = gridErrors(cam, best!.camera);
    // Measured median 0.17 m, max 0.32 m; inliers 419 of 460 visible. Position and zoom trade off (a
    // camera further back with a longer lens sees the pitch almost alike), so the pitch-point error is the
    // measure, not the position.
    expect(median(e)).toBeLessThan(0.5);
    expect(Math.max(...e)).toBeLessThan(1.5);
    expect(best!.inliers / best!.visible).toBeGreaterThan(0.8);
  });
});

/** A picture of nothing but the painted lines a camera sees: ridge pixels where the model's lines project, grass elsewhere. */
function linesSeenBy(cam: Camera): LineImage {
  const m = pitchModel(0.05);
  const u = new Float64Array(m.count);
  const v = new Float64Array(m.count);
  projectModel(toParams(cam), W, H, m, u, v);
  const line = new Uint8Array(W * H);
  for (let i = 0; i < m.count; i++) {
    const x = Math.floor(u[i] as number);
    const y = Math.floor(v[i] as number);
    if (x >= 0 && y >= 0 && x < W && y < H) line[y * W + x] = 1;
  }
  const count = line.reduce((n, b) => n + b, 0);
  return { width: W, height: H, line, offset: new Float32Array(W * H), axis: new Uint8Array(W * H).fill(1), grass: new Uint8Array(W * H).fill(1), pitch: new Uint8Array(W * H).fill(255), count, area: W * H };
}

describe('searchCamera on a view zoomed in on a penalty area', () => {
  // A World Cup main camera as found on a real clip (cwc_abudhabi): halfway line, 62 m back, 18 m up,
  // 13.5 degrees across, on the right penalty area.
  const cam: Camera = { x: 52.2, y: -62.5, z: 18, pan: 0.44, tilt: 0.152, roll: 0, focal: W / 2 / Math.tan(6.75 * DEG), k1: 0, width: W, height: H };
  const lines = linesSeenBy(cam);
  const dt = distanceTransform(lines.line, W, H);
  const positions = candidatePositions().filter(([x, y]) => x === PITCH_LENGTH / 2 && y < 0);

  it('lengthScore weighs each point by the picture length of its stretch: the zoomed true view beats a wide one collecting blurred hits', () => {
    const scratch = scoreScratch(coarse);
    const score = (c: Camera) => {
      projectModel(toParams(c), W, H, coarse, scratch.u, scratch.v);
      return lengthScore(lines, dt, coarse, 16, scratch);
    };
    const wide: Camera = { ...cam, focal: cam.focal / 3 };
    expect(score(cam)).toBeGreaterThan(2 * score(wide));
    expect(score({ ...cam, tilt: -0.3 })).toBe(-Infinity);
  });

  it('keeps hypotheses by picture length beside the point count, and search + fit finds the camera', () => {
    const plain = searchCamera(lines, dt, coarse, { positions, keep: 4 });
    const both = searchCamera(lines, dt, coarse, { positions, keep: 4, keepByLength: 2 });
    expect(plain.length).toBe(4 * positions.length);
    expect(both.length).toBeGreaterThan(plain.length);
    expect(both.length).toBeLessThanOrEqual(6 * positions.length);
    const best = bestFit(lines, both, 15);
    expect(best).not.toBeNull();
    expect(median(gridErrors(cam, best!.camera))).toBeLessThan(0.5);
  });
});
