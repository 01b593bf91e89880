import { describe, expect, it } from 'vitest';
import { thumbnail } from '../../../engine/vision/thumbnail.js';
import { isGrass, looksLikePlay, sceneFeatures, type SceneFeatures } from '../../../engine/vision/scene-features.js';
import { detectCuts, histogramDistance } from '../../../engine/vision/shot-cuts.js';
import { labelScenes } from '../../../engine/vision/scene-labels.js';

const W = 320;
const H = 180;

/** A frame painted by a function of the pixel position. */
function frame(paint: (x: number, y: number) => [number, number, number]): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rgb.set(paint(x, y), (y * W + x) * 3);
  return rgb;
}
const GRASS: [number, number, number] = [70, 135, 55];
const STANDS: [number, number, number] = [35, 38, 43];
const KIT: [number, number, number] = [200, 30, 40];

/** A wide shot: stands in the top quarter, grass below, a few small players. */
const wide = frame((x, y) => (y < H / 4 ? STANDS : (x % 40 < 3 && y % 50 > 40 ? KIT : GRASS)));
/** A close-up: a player's body fills the middle of the frame from top to bottom. */
const closeup = frame((x) => (x > W * 0.35 && x < W * 0.7 ? KIT : GRASS));
/** A full-screen graphic: a blue gradient. */
const graphic = frame((x, y) => [20, 40 + Math.floor((y * 60) / H), 120 + Math.floor((x * 100) / W)]);

const features = (rgb: Uint8Array) => sceneFeatures(thumbnail(rgb, W, H));

describe('scene features', () => {
  it('grass is green dominating red and blue, under light and shade', () => {
    expect(isGrass(70, 135, 55)).toBe(true);
    expect(isGrass(35, 70, 28)).toBe(true); // in shadow
    expect(isGrass(120, 190, 90)).toBe(true); // floodlit
    expect(isGrass(200, 30, 40)).toBe(false);
    expect(isGrass(240, 240, 240)).toBe(false); // lines
    expect(isGrass(35, 38, 43)).toBe(false); // stands
  });

  it('a wide shot looks like play; a close-up and a graphic do not', () => {
    const w = features(wide);
    expect(w.grassLow).toBeGreaterThan(0.9);
    expect(w.tall).toBe(0);
    expect(looksLikePlay(w)).toBe(true);
    const c = features(closeup);
    expect(c.tall).toBeGreaterThan(0.3);
    expect(looksLikePlay(c)).toBe(false);
    const g = features(graphic);
    expect(g.grass).toBe(0);
    expect(looksLikePlay(g)).toBe(false);
  });

  it('histograms sum to 1 and differ between shots', () => {
    const a = features(wide).hist;
    expect([...a].reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    expect(histogramDistance(a, a)).toBe(0);
    expect(histogramDistance(a, features(graphic).hist)).toBeGreaterThan(1.5);
  });
});

describe('shot cuts', () => {
  it('finds a hard cut and ignores the steady change of a pan', () => {
    expect(detectCuts([0, 0.05, 0.04, 0.9, 0.05, 0.03])).toEqual([0, 3]);
    expect(detectCuts(new Array(100).fill(0.1))).toEqual([0]);
  });

  it('finds a cut that is small in absolute terms but large against the shot so far', () => {
    const d = [0, ...new Array(30).fill(0.02), 0.3, ...new Array(10).fill(0.02)];
    expect(detectCuts(d)).toEqual([0, 31]);
  });
});

describe('labelScenes', () => {
  const f = (rgb: Uint8Array, n: number): SceneFeatures[] => new Array(n).fill(features(rgb));
  it('labels shots, and a play-like shot between two wipes as a replay', () => {
    const seq = [...f(wide, 50), ...f(graphic, 10), ...f(wide, 60), ...f(graphic, 10), ...f(wide, 40), ...f(closeup, 30)];
    const segments = labelScenes(seq);
    expect(segments.map((s) => [s.from, s.to, s.kind, s.analysable])).toEqual([
      [0, 50, 'live', true],
      [50, 60, 'graphics', false],
      [60, 120, 'replay', false],
      [120, 130, 'graphics', false],
      [130, 170, 'live', true],
      [170, 200, 'closeup', false],
    ]);
  });
});
