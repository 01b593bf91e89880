import { describe, expect, it } from 'vitest';
import { FROZEN_MIN, STILL_SHARE, StillnessWatch, frozenRuns, greySample, pixelChange, type PictureChange } from '../../../../engine/vision/scenes/frozen-picture.js';
import { labelScenes } from '../../../../engine/vision/scenes/scene-labels.js';
import { sceneFeatures, type SceneFeatures } from '../../../../engine/vision/scenes/scene-features.js';
import { thumbnail } from '../../../../engine/vision/scenes/thumbnail.js';

const W = 320;
const H = 180;

/** Grass with sensor noise drawn from `seed`, and a player (a red box) whose left edge is at `playerX`. */
function picture(seed: number, playerX: number, blink = false): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  let s = seed;
  const noise = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return ((s >>> 8) % 9) - 4;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const player = x >= playerX && x < playerX + 8 && y >= 80 && y < 100;
      const dot = blink && x >= 300 && x < 304 && y >= 4 && y < 8;
      const [r, g, b] = dot ? [250, 250, 250] : player ? [200, 30, 40] : [70, 135, 55];
      const i = (y * W + x) * 3;
      rgb[i] = r + noise();
      rgb[i + 1] = g + noise();
      rgb[i + 2] = b + noise();
    }
  }
  return rgb;
}

const change = (a: Uint8Array, b: Uint8Array) => pixelChange(greySample(a, W, H), greySample(b, W, H));

describe('pixel change between frames', () => {
  it('a repeated picture and a blinking overlay dot are still; a player stepping 3 px is not', () => {
    const a = picture(1, 100);
    expect(change(a, a)).toBe(0);
    expect(change(a, picture(1, 100, true))).toBeGreaterThan(0);
    expect(change(a, picture(1, 100, true))).toBeLessThan(STILL_SHARE);
    expect(change(a, picture(1, 103))).toBeGreaterThan(STILL_SHARE);
  });

  it('codec-level noise (a few grey levels) does not count as change', () => {
    expect(change(picture(1, 100), picture(2, 100))).toBeLessThan(STILL_SHARE);
  });

  it('samples of different sizes are wholly changed', () => {
    expect(pixelChange(new Uint8Array(10), new Uint8Array(12))).toBe(1);
  });
});

describe('StillnessWatch', () => {
  it('play moving under a grey step a frame drifts from its anchor and is re-anchored; a held picture is not', () => {
    const watch = new StillnessWatch();
    const changes: (PictureChange | undefined)[] = [];
    for (let t = 0; t < 100; t++) {
      // 1% of the pixels brighten by 3 grey levels a frame: each frame alone is within noise of the last.
      const grey = new Uint8Array(10_000).fill(100);
      grey.fill(100 + ((3 * t) % 150), 0, 100);
      changes.push(watch.push(grey));
    }
    expect(changes[0]).toBeUndefined();
    expect(changes.slice(1, 4).map((c) => c?.sinceAnchor)).toEqual([0, 0, 0]);
    expect(changes[4]?.sinceAnchor).toBeGreaterThanOrEqual(STILL_SHARE);
    // Each frame alone moved under a grey step: the change built up, it did not jump.
    expect(changes[4]?.sinceLast).toBe(0);
    expect(frozenRuns(changes)).toEqual([]);

    const held = new StillnessWatch();
    const picture = new Uint8Array(10_000).fill(90);
    const heldChanges = new Array(40).fill(0).map(() => held.push(picture));
    expect(frozenRuns(heldChanges)).toEqual([{ from: 1, to: 40 }]);
  });
});

describe('frozenRuns', () => {
  const at = (sinceAnchor: number, sinceLast = sinceAnchor): PictureChange => ({ sinceAnchor, sinceLast });
  const still = (n: number) => new Array<PictureChange>(n).fill(at(0));
  const live = (n: number) => new Array<PictureChange>(n).fill(at(0.05));

  it('a second of still frames is a frozen picture; a shorter stretch is not', () => {
    expect(frozenRuns([undefined, ...live(10), ...still(FROZEN_MIN - 1), ...live(10)])).toEqual([]);
    expect(frozenRuns([undefined, ...live(10), ...still(FROZEN_MIN), ...live(10)])).toEqual([{ from: 11, to: 11 + FROZEN_MIN }]);
    expect(frozenRuns([...live(5), ...still(40)])).toEqual([{ from: 5, to: 45 }]);
  });

  it('the repeated frame of a 24 frames/s video brought to 25 is no freeze', () => {
    const c: PictureChange[] = [];
    for (let i = 0; i < 500; i++) c.push(at(i % 24 === 0 ? 0 : 0.03));
    expect(frozenRuns(c)).toEqual([]);
  });

  it("a keyframe redrawing the stalled picture does not end the freeze; a 5 frames/s video's changes are no keyframes", () => {
    expect(frozenRuns([...live(10), ...still(20), at(0.045), ...still(12), ...live(5)])).toEqual([{ from: 10, to: 43 }]);
    // A clean picture's keyframe redraws little, but all at once.
    expect(frozenRuns([...live(10), ...still(20), at(0.0062, 0.0054), ...still(12), ...live(5)])).toEqual([{ from: 10, to: 43 }]);
    expect(frozenRuns([...live(10), ...still(20), at(0.045), ...still(4), ...live(5)])).toEqual([]);
    // Slow play re-anchored (just over the still share, each frame alone under it) is no keyframe.
    expect(frozenRuns([...live(10), ...still(20), at(2 * STILL_SHARE, 0.3 * STILL_SHARE), ...still(12), ...live(5)])).toEqual([]);
    const fiveFps: PictureChange[] = [];
    for (let i = 0; i < 300; i++) fiveFps.push(at(i % 5 === 0 ? 0.04 : 0));
    expect(frozenRuns(fiveFps)).toEqual([]);
  });

  it('an unmeasured frame breaks a run', () => {
    expect(frozenRuns([...still(20), undefined, ...still(20)])).toEqual([]);
  });
});

describe('labelScenes with a frozen picture', () => {
  const play = sceneFeatures(thumbnail(picture(1, 100), W, H));
  const at = (pixel: number): SceneFeatures => ({ ...play, change: 0.004, histChange: 0.01, pictureChange: { sinceAnchor: pixel, sinceLast: pixel } });

  it('cuts the freeze out of live play as a frozen segment that is not analysable', () => {
    const features = [...new Array(100).fill(0).map(() => at(0.05)), ...new Array(60).fill(0).map(() => at(0.0001)), ...new Array(40).fill(0).map(() => at(0.05))];
    const segments = labelScenes(features);
    expect(segments.map((s) => [s.from, s.to, s.kind, s.analysable])).toEqual([
      [0, 100, 'live', true],
      [100, 160, 'frozen', false],
      [160, 200, 'live', true],
    ]);
  });

  it('a video that ends frozen ends on a frozen segment', () => {
    const segments = labelScenes([...new Array(50).fill(0).map(() => at(0.05)), ...new Array(30).fill(0).map(() => at(0))]);
    expect(segments.map((s) => [s.from, s.to, s.kind])).toEqual([[0, 50, 'live'], [50, 80, 'frozen']]);
  });

  it('a non-play shot held still keeps its kind (here a flat one: a graphic)', () => {
    const notPlay = { ...play, person: 0.6 };
    const held = (f: SceneFeatures, n: number, pixel: number) => new Array(n).fill(0).map(() => ({ ...f, change: 0.004, histChange: 0.01, pictureChange: { sinceAnchor: pixel, sinceLast: pixel } }));
    const segments = labelScenes([...held(play, 60, 0.05), ...held(notPlay, 80, 0), ...held(play, 60, 0.05)]);
    expect(segments.map((s) => [s.from, s.to, s.kind, s.analysable])).toEqual([
      [0, 60, 'live', true],
      [60, 140, 'graphics', false],
      [140, 200, 'live', true],
    ]);
  });

  it('without pixel changes nothing is frozen', () => {
    const segments = labelScenes(new Array(80).fill(0).map(() => ({ ...play, change: 0.004, histChange: 0.01 })));
    expect(segments.map((s) => s.kind)).toEqual(['live']);
  });
});
