import { describe, expect, it } from 'vitest';
import { OverlayMask } from '../../../../engine/vision/detection/overlay-mask.js';
import { createRng } from '../../../../engine/match-data/rng.js';

const W = 160;
const H = 90;
/** Where people can be: everywhere in these pictures. */
const REGION = new Uint8Array(W * H).fill(2);

/** The score bug: a fixed dark-blue box with a white "text" pattern, drawn over every frame. */
const BUG = { x0: 10, y0: 6, x1: 49, y1: 17 };
/** A column of the bug's clock that changes every frame (a flickering digit): it leaves a hole in the still pixels. */
const CLOCK_X = 40;

/**
 * A stands-like background texture (non-grass grey-brown speckle, 2x2 px blobs) on a strip wide
 * enough for every pan offset.
 */
function texture(seed: number): Uint8Array {
  const rng = createRng(seed);
  const tw = W + 400;
  const t = new Uint8Array(tw * H * 3);
  for (let y = 0; y < H; y += 2) {
    for (let x = 0; x < tw; x += 2) {
      const v = 40 + Math.floor(rng.next() * 160);
      const c = [v, Math.floor(v * 0.9), Math.floor(v * 0.8)];
      for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) t.set(c, ((y + dy) * tw + x + dx) * 3);
    }
  }
  return t;
}
const TEX = texture(5);

interface FrameOpts {
  /** Pan offset of the background, pixels. */
  shift: number;
  frame: number;
  bug?: boolean;
  /** A red "player" box [x0, y0, size] drawn over the background (under the bug unless `moverOnTop`). */
  mover?: [number, number, number] | null;
  moverOnTop?: boolean;
}

function frame(o: FrameOpts): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  const tw = W + 400;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const s = (y * tw + x + o.shift) * 3;
      rgb.set(TEX.subarray(s, s + 3), (y * W + x) * 3);
    }
  }
  const drawMover = () => {
    if (!o.mover) return;
    const [mx, my, size] = o.mover;
    for (let y = my; y < my + size; y++) for (let x = mx; x < mx + size; x++) if (x >= 0 && x < W && y >= 0 && y < H) rgb.set([200, 30, 40], (y * W + x) * 3);
  };
  if (!o.moverOnTop) drawMover();
  if (o.bug ?? true) {
    for (let y = BUG.y0; y <= BUG.y1; y++) {
      for (let x = BUG.x0; x <= BUG.x1; x++) {
        const text = y >= 9 && y <= 14 && x % 4 === 0;
        let c = text ? [240, 240, 240] : [15, 25, 70];
        if (x === CLOCK_X && y >= 9 && y <= 14) c = o.frame % 2 === 0 ? [240, 240, 240] : [15, 25, 70];
        rgb.set(c, (y * W + x) * 3);
      }
    }
  }
  if (o.moverOnTop) drawMover();
  return rgb;
}

const inBug = (x: number, y: number) => x >= BUG.x0 && x <= BUG.x1 && y >= BUG.y0 && y <= BUG.y1;
function count(mask: Uint8Array, pred: (x: number, y: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < W * H; i++) if (mask[i] === 1 && pred(i % W, Math.floor(i / W))) n++;
  return n;
}

describe('OverlayMask', () => {
  it('learns a fixed graphic over a panning background, and regions() fills its box grown by 2 px', () => {
    const om = new OverlayMask(W, H);
    const bugArea = (BUG.x1 - BUG.x0 + 1) * (BUG.y1 - BUG.y0 + 1);
    let maskedAt = -1;
    for (let f = 0; f < 80; f++) {
      // Pan 3 px a frame: the speckle under any fixed pixel changes almost every frame.
      om.update(frame({ shift: 3 * f, frame: f }), f > 0, REGION);
      if (maskedAt < 0 && count(om.mask, inBug) > 0) maskedAt = f;
      if (f === 40) {
        // Not before the hold (50 watched frames) and the running share of changes (starting at 1, decaying
        // 1/25 a frame) is under 0.1: that takes ln(0.1)/ln(0.96) = 57 still frames.
        expect(count(om.mask, () => true)).toBe(0);
      }
    }
    // 57 updates with a previous frame (frames 1..57): masked from frame 57 on.
    expect(maskedAt).toBe(57);
    // Every bug pixel but the flickering clock column is still; the background never is.
    const still = count(om.mask, inBug);
    expect(still).toBe(bugArea - 6);
    expect(count(om.mask, (x, y) => !inBug(x, y))).toBe(0);
    const boxes = om.regions();
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const want = x >= BUG.x0 - 2 && x <= BUG.x1 + 2 && y >= BUG.y0 - 2 && y <= BUG.y1 + 2 ? 1 : 0;
        expect(boxes[y * W + x], `regions() at ${x},${y}`).toBe(want);
      }
    }
  });

  it('never masks a moving object, and a person arriving on the graphic unmasks it at once', () => {
    const om = new OverlayMask(W, H);
    let maxMoverMasked = 0;
    for (let f = 0; f < 100; f++) {
      // A 10 px red box crossing the picture at 2 px a frame (any pixel is under it for 5 frames).
      const mover: [number, number, number] = [(2 * f) % (W + 10) - 10, 60, 10];
      const rgb = frame({ shift: 3 * f, frame: f, mover });
      om.update(rgb, f > 0, REGION);
      maxMoverMasked = Math.max(maxMoverMasked, count(om.mask, (x, y) => x >= mover[0] && x < mover[0] + 10 && y >= 60 && y < 70));
    }
    expect(maxMoverMasked).toBe(0);
    expect(count(om.mask, inBug)).toBeGreaterThan(0);
    // Something arrives in front of a learned still patch (here drawn over the bug): the pixels it covers
    // changed this frame and are not overlay any more, without waiting for the running share.
    const rgb = frame({ shift: 300, frame: 100, mover: [20, 8, 6], moverOnTop: true });
    om.update(rgb, true, REGION);
    expect(count(om.mask, (x, y) => x >= 20 && x < 26 && y >= 8 && y < 14)).toBe(0);
    // The rest of the bug stays masked: all of it but the clock column (6 px) and the covered 6 x 6.
    expect(count(om.mask, inBug)).toBe((BUG.x1 - BUG.x0 + 1) * (BUG.y1 - BUG.y0 + 1) - 6 - 36);
  });

  it('learns nothing from a still camera (moving = false), nor outside the region', () => {
    const om = new OverlayMask(W, H);
    for (let f = 0; f < 100; f++) om.update(frame({ shift: 3 * f, frame: f }), false, REGION);
    expect(count(om.mask, () => true)).toBe(0);
    expect(count(om.regions(), () => true)).toBe(0);

    const outside = new OverlayMask(W, H);
    const noRegion = new Uint8Array(W * H);
    for (let f = 0; f < 80; f++) outside.update(frame({ shift: 3 * f, frame: f }), f > 0, noRegion);
    expect(count(outside.mask, () => true)).toBe(0);
  });

  it('never learns the painted lines the camera draws, even when a jittering calibration calls a still camera moving', () => {
    // A still camera (no pan: shift 0) whose calibration jitters, so `moving` is true: a painted line across
    // row 60 stays put in the picture just as a graphic would. Where the camera draws paint it is paint.
    const paint = new Uint8Array(W * H);
    for (let x = 0; x < W; x++) for (let y = 59; y <= 61; y++) paint[y * W + x] = 1;
    const om = new OverlayMask(W, H);
    for (let f = 0; f < 80; f++) {
      const rgb = frame({ shift: 0, frame: f, bug: false });
      for (let x = 0; x < W; x++) rgb.set([235, 235, 235], (60 * W + x) * 3);
      om.update(rgb, f > 0, REGION, paint);
    }
    expect(count(om.mask, (_, y) => y >= 59 && y <= 61)).toBe(0);
    // Without the paint mask the same line (and the still background) would be learned.
    const blind = new OverlayMask(W, H);
    for (let f = 0; f < 80; f++) {
      const rgb = frame({ shift: 0, frame: f, bug: false });
      for (let x = 0; x < W; x++) rgb.set([235, 235, 235], (60 * W + x) * 3);
      blind.update(rgb, f > 0, REGION);
    }
    expect(count(blind.mask, (_, y) => y === 60)).toBe(W);
  });

  it('reset() forgets what was learned', () => {
    const om = new OverlayMask(W, H);
    for (let f = 0; f < 70; f++) om.update(frame({ shift: 3 * f, frame: f }), f > 0, REGION);
    expect(count(om.mask, inBug)).toBeGreaterThan(0);
    om.reset();
    expect(count(om.mask, () => true)).toBe(0);
    // And it has to watch the full hold again before masking.
    for (let f = 0; f < 40; f++) om.update(frame({ shift: 3 * f, frame: f }), f > 0, REGION);
    expect(count(om.mask, () => true)).toBe(0);
  });

  it('grass-coloured still pixels are never overlay (uniform grass keeps its colour under a pan)', () => {
    const om = new OverlayMask(W, H);
    const grass = new Uint8Array(W * H * 3);
    for (let i = 0; i < W * H; i++) grass.set([70, 135, 55], i * 3);
    for (let f = 0; f < 80; f++) om.update(Uint8Array.from(grass), f > 0, REGION);
    expect(count(om.mask, () => true)).toBe(0);
  });
});
