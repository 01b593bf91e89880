import { describe, expect, it } from 'vitest';
import { thumbnail, type Thumbnail } from '../../../../engine/vision/scenes/thumbnail.js';
import { changedShare, isGrass, looksLikePlay, sceneFeatures, type SceneFeatures } from '../../../../engine/vision/scenes/scene-features.js';
import { CutDetector, detectCuts, histogramDistance } from '../../../../engine/vision/scenes/shot-cuts.js';
import { findSweeps, labelScenes } from '../../../../engine/vision/scenes/scene-labels.js';

const W = 320;
const H = 180;
type RGB = [number, number, number];

/**
 * A frame painted by a function of the pixel position, with camera noise (+-`noise` per channel, the
 * same for every frame: a picture has texture where a graphic is flat).
 */
function frame(paint: (x: number, y: number) => RGB, noise = 24): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  let seed = 12345;
  const jitter = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return Math.round(((seed >>> 8) / 0x1000000 - 0.5) * 2 * noise);
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const [r, g, b] = paint(x, y);
      rgb.set([r + jitter(), g + jitter(), b + jitter()].map((v) => Math.max(0, Math.min(255, v))), (y * W + x) * 3);
    }
  }
  return rgb;
}
const GRASS: RGB = [70, 135, 55];
const STANDS: RGB = [35, 38, 43];
const KIT: RGB = [200, 30, 40];
const SHORTS: RGB = [240, 240, 240];
const BAND: RGB = [11, 61, 145];

const inBox = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) => x >= x0 * W && x < x1 * W && y >= y0 * H && y < y1 * H;

/** A wide shot: stands in the top quarter, grass below, a few small players. */
const wide = frame((x, y) => (y < H / 4 ? STANDS : (x % 40 < 3 && y % 50 > 40 ? KIT : GRASS)));
/** Another game camera's view (what a replay shows): stands down to 40%, bigger players. */
const otherView = frame((x, y) => (y < H * 0.4 ? STANDS : (x % 60 < 5 && y % 60 > 40 ? KIT : GRASS)));
/** A close-up as our renderer draws one: stands, then grass, a player from 30% to 95% of the frame height. */
const closeup = frame((x, y) => {
  if (inBox(x, y, 0.45, 0.3, 0.57, 0.65)) return KIT;
  if (inBox(x, y, 0.46, 0.65, 0.5, 0.95) || inBox(x, y, 0.52, 0.65, 0.56, 0.95)) return SHORTS;
  return y < H * 0.42 ? STANDS : GRASS;
});
/** A close-up on the pitch: grass all round a player 60% of the frame tall. */
const pitchCloseup = frame((x, y) => (inBox(x, y, 0.3, 0.25, 0.4, 0.85) ? KIT : GRASS));
/** A full-screen graphic: a blue gradient. */
const graphic = frame((x, y) => [20, 40 + Math.floor((y * 60) / H), 120 + Math.floor((x * 100) / W)], 0);
/** Crowd: blotches of colour, no grass. */
const crowd = frame((x, y) => [((x >> 3) * 37 + (y >> 3) * 91) % 200 + 30, ((x >> 3) * 53 + (y >> 3) * 17) % 120 + 20, ((x >> 3) * 29 + (y >> 3) * 71) % 190 + 25]);

/** `base` with a broadcaster's wipe: a diagonal band at `progress` (0-1) of its sweep across. */
function wipe(base: Uint8Array, progress: number): Uint8Array {
  const out = base.slice();
  const left = -200 + progress * 620;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = x - (left - y * 0.5);
      if (d >= 0 && d < 200) out.set(BAND, (y * W + x) * 3);
    }
  }
  return out;
}

const thumb = (rgb: Uint8Array) => thumbnail(rgb, W, H);
const features = (rgb: Uint8Array) => sceneFeatures(thumb(rgb));

/** Features of a frame sequence as the engine computes them (each against the frame before). */
function sequence(frames: readonly Uint8Array[]): SceneFeatures[] {
  let previous: Thumbnail | null = null;
  const cache = new Map<Uint8Array, Thumbnail>();
  return frames.map((rgb) => {
    const t = cache.get(rgb) ?? thumb(rgb);
    cache.set(rgb, t);
    const f = sceneFeatures(t, previous);
    previous = t;
    return f;
  });
}
const times = (rgb: Uint8Array, n: number): Uint8Array[] => new Array<Uint8Array>(n).fill(rgb);
const sweep = (base: Uint8Array, n: number): Uint8Array[] => Array.from({ length: n }, (_, k) => wipe(base, (k + 1) / (n + 1)));

describe('scene features', () => {
  it('grass is green dominating red and blue, under light and shade', () => {
    expect(isGrass(70, 135, 55)).toBe(true);
    expect(isGrass(35, 70, 28)).toBe(true); // in shadow
    expect(isGrass(120, 190, 90)).toBe(true); // floodlit
    expect(isGrass(200, 30, 40)).toBe(false);
    expect(isGrass(240, 240, 240)).toBe(false); // lines
    expect(isGrass(35, 38, 43)).toBe(false); // stands
  });

  it('a wide shot looks like play; close-ups and a graphic do not', () => {
    const w = features(wide);
    expect(w.grassLow).toBeGreaterThan(0.9);
    expect(w.person).toBeLessThan(0.1);
    expect(looksLikePlay(w)).toBe(true);
    expect(looksLikePlay(features(otherView))).toBe(true);
    const c = features(closeup);
    // Cut from the stands at the pitch's edge: the player from 42% (the boundary) to 95% of the frame.
    expect(c.person).toBeGreaterThan(0.45);
    expect(c.person).toBeLessThan(0.6);
    expect(c.grassLow).toBeGreaterThan(0.8);
    expect(looksLikePlay(c)).toBe(false);
    const p = features(pitchCloseup);
    expect(p.person).toBeGreaterThan(0.55);
    expect(looksLikePlay(p)).toBe(false);
    const g = features(graphic);
    expect(g.grass).toBe(0);
    expect(looksLikePlay(g)).toBe(false);
  });

  it('measures people, not boards, tracks or players one behind the other', () => {
    // Two small players touching, one above the other: tall but thin, capped by their area.
    const stacked = features(frame((x, y) => (inBox(x, y, 0.5, 0.5, 0.51, 0.74) ? KIT : y < H / 4 ? STANDS : GRASS)));
    expect(stacked.person).toBeLessThan(0.2);
    expect(looksLikePlay(stacked)).toBe(true);
    // A running track across the bottom and a tall board at the side of the picture are not people.
    const track = features(frame((x, y) => (inBox(x, y, 0.3, 0.75, 0.75, 1) || inBox(x, y, 0.97, 0.3, 1, 0.9) ? STANDS : y < H / 4 ? STANDS : GRASS)));
    expect(track.person).toBe(0);
    expect(looksLikePlay(track)).toBe(true);
  });

  it('graphics are flat, pictures are not', () => {
    expect(features(graphic).flat).toBeGreaterThan(0.8);
    expect(features(crowd).flat).toBeLessThan(0.1);
    expect(features(wide).flat).toBeLessThan(0.8);
  });

  it('change: the share of pixels that changed strongly, against the previous frame only when given', () => {
    expect(changedShare(thumb(wide), thumb(wide))).toBe(0);
    expect(changedShare(thumb(wide), thumb(graphic))).toBeGreaterThan(0.9);
    const f = sceneFeatures(thumb(otherView), thumb(wide));
    // The stands reach from 25% to 40% of the height now: about 15% of the pixels changed.
    expect(f.change).toBeGreaterThan(0.12);
    expect(f.change).toBeLessThan(0.25);
    expect(f.histChange).toBeCloseTo(histogramDistance(features(wide).hist, features(otherView).hist), 5);
    expect(features(wide).change).toBeUndefined();
  });

  it('histograms sum to 1 and differ between shots', () => {
    const a = features(wide).hist;
    expect([...a].reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    expect(histogramDistance(a, a)).toBe(0);
    expect(histogramDistance(a, features(graphic).hist)).toBeGreaterThan(1.5);
  });
});

describe('shot cuts', () => {
  it('histogram distances alone: finds a hard cut and ignores the steady change of a pan', () => {
    expect(detectCuts([0, 0.05, 0.04, 0.9, 0.05, 0.03])).toEqual([0, 3]);
    expect(detectCuts(new Array(100).fill(0.1))).toEqual([0]);
    const d = [0, ...new Array(30).fill(0.02), 0.3, ...new Array(10).fill(0.02)];
    expect(detectCuts(d)).toEqual([0, 31]);
  });

  const calm = (n: number, change = 0.005, histChange = 0.02) => new Array(n).fill(0).map(() => ({ change, histChange }));
  it('with changed pixels: a jump against the shot so far is a cut, a histogram flicker is not', () => {
    expect(detectCuts([0, ...calm(30), { change: 0.2, histChange: 0.3 }, ...calm(10)])).toEqual([0, 31]);
    // The light drifting across a histogram bin edge: a large distance, no pixel really changed.
    expect(detectCuts([0, ...calm(30), { change: 0.003, histChange: 0.6 }, ...calm(10)])).toEqual([0]);
    // A different picture entirely: a cut even in a shot full of motion.
    expect(detectCuts([0, ...calm(30, 0.3, 0.1), { change: 0.7, histChange: 1.2 }, ...calm(10, 0.3, 0.1)])).toEqual([0, 31]);
  });

  it('a pan speeding up ramps its change and is no cut', () => {
    const ramp = [0.01, 0.015, 0.02, 0.03, 0.04, 0.06, 0.075, 0.09, 0.1, 0.11, 0.12, 0.12].map((change) => ({ change, histChange: 0.04 }));
    expect(detectCuts([0, ...calm(20, 0.01), ...ramp])).toEqual([0]);
  });

  it('frame by frame as the engine pushes features', () => {
    const detector = new CutDetector();
    const starts = sequence([...times(wide, 20), ...times(otherView, 10), ...times(graphic, 5)]).map((f) => detector.push(f));
    expect(starts.flatMap((s, i) => (s ? [i] : []))).toEqual([0, 20, 30]);
  });
});

describe('sweeps (wipes)', () => {
  // Measured on a rendered wipe: the graphic enters the corner, covers half the picture, leaves; then a cut.
  const wipeChange = [0.024, 0.081, 0.141, 0.21, 0.285, 0.342, 0.372, 0.34, 0.274, 0.199, 0.133, 0.079, 0.234];
  const change = [0, ...new Array(19).fill(0.004), ...wipeChange, ...new Array(20).fill(0.002)];
  const grass = change.map((_, i) => (i >= 20 && i < 32 ? 0.3 : 0.62));

  it('a run of busy frames that hides the grass: from the extrapolated entry to the cut that ends it', () => {
    // Busy from frame 21; the ramp extrapolates to zero change between frames 19 and 20.
    expect(findSweeps(change, [0], grass)).toEqual([{ from: 19, to: 32 }]);
    // The same run ramping out instead of ending on a cut: the next shot starts after its last busy frame.
    const rampOut = [...change.slice(0, 32), 0.03, ...change.slice(33)];
    expect(findSweeps(rampOut, [0], grass)).toEqual([{ from: 19, to: 32 }]);
    // A cut just before the sweep belongs to it.
    const afterCut = change.map((c, i) => (i === 18 ? 0.25 : c));
    expect(findSweeps(afterCut, [0, 18], grass)).toEqual([{ from: 18, to: 32 }]);
  });

  it('not a fast pan (the grass stays), nor a long busy shot, nor a pan that never changes much', () => {
    expect(findSweeps(change, [0], change.map(() => 0.62))).toEqual([]);
    expect(findSweeps([0, ...new Array(60).fill(0.3)], [0])).toEqual([]);
    expect(findSweeps([0, ...new Array(10).fill(0.004), ...new Array(8).fill(0.07), ...new Array(10).fill(0.004)], [0])).toEqual([]);
  });
});

describe('labelScenes', () => {
  const kinds = (segments: ReturnType<typeof labelScenes>) => segments.map((s) => [s.kind, s.analysable]);

  it('wipes, the replay between them, play and a close-up', () => {
    const frames = [...times(wide, 50), ...sweep(wide, 12), ...times(otherView, 60), ...sweep(wide, 12), ...times(wide, 40), ...times(closeup, 30)];
    const segments = labelScenes(sequence(frames));
    expect(kinds(segments)).toEqual([
      ['live', true], ['graphics', false], ['replay', false], ['graphics', false], ['live', true], ['closeup', false],
    ]);
    const truth = [50, 62, 122, 134, 174];
    segments.slice(1).forEach((s, k) => expect(Math.abs(s.from - (truth[k] as number))).toBeLessThanOrEqual(2));
    expect(segments[segments.length - 1]?.to).toBe(frames.length);
  });

  it('another camera cut in without wipes is live play, not a replay', () => {
    const segments = labelScenes(sequence([...times(wide, 50), ...times(otherView, 60), ...times(wide, 40)]));
    expect(segments.map((s) => [s.from, s.to, s.kind])).toEqual([[0, 50, 'live'], [50, 110, 'live'], [110, 150, 'live']]);
  });

  it('short non-play shots frame a replay too; long ones are shots of their own', () => {
    const framed = labelScenes(sequence([...times(wide, 50), ...times(graphic, 10), ...times(otherView, 60), ...times(graphic, 10), ...times(wide, 40)]));
    expect(framed.map((s) => [s.from, s.to, s.kind])).toEqual([[0, 50, 'live'], [50, 60, 'graphics'], [60, 120, 'replay'], [120, 130, 'graphics'], [130, 170, 'live']]);
    const shots = labelScenes(sequence([...times(wide, 50), ...times(crowd, 60), ...times(otherView, 60), ...times(graphic, 60), ...times(wide, 40)]));
    expect(kinds(shots)).toEqual([['live', true], ['closeup', false], ['live', true], ['graphics', false], ['live', true]]);
  });

  it('within a shot: a brief non-play stretch is held, a lasting one (a zoom on a player) splits it', () => {
    const play = features(wide);
    const close = features(closeup);
    const still = (f: SceneFeatures, n: number): SceneFeatures[] => new Array<SceneFeatures>(n).fill({ ...f, change: 0.004, histChange: 0.01 });
    const brief = labelScenes([...still(play, 100), ...still(close, 10), ...still(play, 100)]);
    expect(brief.map((s) => [s.from, s.to, s.kind])).toEqual([[0, 210, 'live']]);
    const zoom = labelScenes([...still(play, 100), ...still(close, 60), ...still(play, 100)]);
    expect(zoom.map((s) => [s.from, s.to, s.kind])).toEqual([[0, 100, 'live'], [100, 160, 'closeup'], [160, 260, 'live']]);
  });

  it('features without frame changes: shots from histogram distances alone', () => {
    const f = (rgb: Uint8Array, n: number): SceneFeatures[] => new Array<SceneFeatures>(n).fill(features(rgb));
    const segments = labelScenes([...f(wide, 50), ...f(graphic, 10), ...f(otherView, 60), ...f(graphic, 10), ...f(wide, 40), ...f(closeup, 30)]);
    expect(segments.map((s) => [s.from, s.to, s.kind, s.analysable])).toEqual([
      [0, 50, 'live', true],
      [50, 60, 'graphics', false],
      [60, 120, 'replay', false],
      [120, 130, 'graphics', false],
      [130, 170, 'live', true],
      [170, 200, 'closeup', false],
    ]);
    expect(labelScenes([])).toEqual([]);
  });
});
