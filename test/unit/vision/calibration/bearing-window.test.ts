import { describe, expect, it } from 'vitest';
import { BearingWindow, bearingReach } from '../../../../engine/vision/calibration/bearing-window.js';
import { projectModel } from '../../../../engine/vision/calibration/camera-fit.js';
import { candidatePositions, lengthScore, scoreScratch } from '../../../../engine/vision/calibration/camera-search.js';
import { pitchModel } from '../../../../engine/vision/calibration/pitch-model.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../../../engine/geometry/pitch-markings.js';
import type { LineImage } from '../../../../engine/vision/calibration/line-pixels.js';
import { distanceTransform } from '../../../../engine/vision/calibration/distance-transform.js';

const model = pitchModel(2);
const W = 640;
const H = 360;

/** A small deterministic generator, so a failure names a camera that can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Level cameras of the coarse grid's kind at every candidate position, aimed near the pitch, some off centre. */
function levelCameras(count: number): Float64Array[] {
  const rnd = random(7);
  const positions = candidatePositions();
  const out: Float64Array[] = [];
  for (let k = 0; k < count; k++) {
    const [x, y, z] = positions[k % positions.length] as [number, number, number];
    const tx = rnd() * PITCH_LENGTH;
    const ty = rnd() * PITCH_WIDTH;
    const pan = Math.atan2(tx - x, ty - y) + (rnd() - 0.5) * 0.6;
    const tilt = Math.atan2(z, Math.hypot(tx - x, ty - y)) + (rnd() - 0.5) * 0.4;
    const hfov = 0.12 + rnd() * 1.3;
    const focal = W / 2 / Math.tan(hfov / 2);
    const offCentre = k % 3 === 0 ? [(rnd() - 0.5) * 60, (rnd() - 0.5) * 40] : [0, 0];
    out.push(Float64Array.from([pan, Math.max(0.02, tilt), 0, Math.log(focal), x, y, z, 0, offCentre[0] as number, offCentre[1] as number]));
  }
  return out;
}

function inPicture(u: number, v: number): boolean {
  return u === u && u >= 0 && v >= 0 && u <= W - 1 && v <= H - 1;
}

describe('BearingWindow', () => {
  it('holds every model point a level camera shows, and the marking neighbours of those when asked', () => {
    const u = new Float64Array(model.count);
    const v = new Float64Array(model.count);
    let shown = 0;
    const missed: string[] = [];
    let selected = 0;
    let narrow = 0;
    let narrowWindowed = 0;
    for (const p of levelCameras(3000)) {
      const window = new BearingWindow(model, p[4] as number, p[5] as number);
      if (!window.select(p, W, H, true)) continue;
      selected++;
      projectModel(p, W, H, model, u, v);
      const inView = new Set(window.inView.list.subarray(0, window.inView.count));
      const projected = new Set(window.projected.list.subarray(0, window.projected.count));
      for (let i = 0; i < model.count; i++) {
        if (!inPicture(u[i] as number, v[i] as number)) continue;
        shown++;
        if (!inView.has(i) || !projected.has(model.pair[i] as number)) missed.push(`point ${i} of camera ${Array.from(p).join(',')}`);
      }
      if (2 * Math.atan(W / 2 / Math.exp(p[3] as number)) < 0.3) {
        narrow++;
        narrowWindowed += window.inView.count;
      }
      // Listed in increasing order, so a score sums its terms in the order a full pass does.
      const list = Array.from(window.inView.list.subarray(0, window.inView.count));
      expect(list).toEqual([...list].sort((a, b) => a - b));
    }
    expect(missed).toEqual([]);
    expect(selected).toBeGreaterThan(2500);
    expect(narrow).toBeGreaterThan(200);
    expect(shown).toBeGreaterThan(10000);
    // The point of it: a zoomed-in view (most of the coarse grid's poses) leaves out most of the pitch.
    expect(narrowWindowed / narrow).toBeLessThan(0.3 * model.count);
  });

  it('gives the same length-weighted score from the window as from every point', () => {
    const lines = stripedLines();
    const dt = distanceTransform(lines.line, W, H);
    const full = scoreScratch(model);
    const part = scoreScratch(model);
    let finite = 0;
    for (const p of levelCameras(400)) {
      const window = new BearingWindow(model, p[4] as number, p[5] as number);
      if (!window.select(p, W, H, true)) continue;
      projectModel(p, W, H, model, full.u, full.v);
      part.u.fill(NaN);
      part.v.fill(NaN);
      projectModel(p, W, H, model, part.u, part.v, window.projected);
      const a = lengthScore(lines, dt, model, 16, full);
      expect(lengthScore(lines, dt, model, 16, part, window.inView)).toBe(a);
      if (Number.isFinite(a)) finite++;
    }
    expect(finite).toBeGreaterThan(50);
  });

  it('bounds nothing for a rolled or bent camera, or one looking down past its lower edge', () => {
    const p = Float64Array.from([0, 0.3, 0, Math.log(800), 52.5, -30, 15, 0, 0, 0]);
    expect(bearingReach(p, W, H)).toBeLessThan(Math.PI / 2);
    expect(bearingReach(Float64Array.from([...p.slice(0, 2), 0.01, ...p.slice(3)]), W, H)).toBe(Infinity);
    expect(bearingReach(Float64Array.from([...p.slice(0, 7), -0.1, 0, 0]), W, H)).toBe(Infinity);
    const steep = Float64Array.from([0, 1.5, 0, Math.log(200), 52.5, 34, 60, 0, 0, 0]);
    expect(bearingReach(steep, W, H)).toBe(Infinity);
    expect(new BearingWindow(model, 52.5, 34).select(steep, W, H, false)).toBe(false);
  });
});

/** A picture with a line every 40 px both ways on grass: scores of every sign from any camera. */
function stripedLines(): LineImage {
  const n = W * H;
  const line = new Uint8Array(n);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (x % 40 === 0 || y % 40 === 0) line[y * W + x] = 1;
  return {
    width: W, height: H, line, offset: new Float32Array(n), axis: new Uint8Array(n),
    grass: new Uint8Array(n).fill(1), pitch: new Uint8Array(n).fill(255), count: line.reduce((a, b) => a + b, 0), area: n,
  };
}
