import { describe, expect, it } from 'vitest';
import { boxMean, downscaleRgb, linePixels } from '../../../../engine/vision/calibration/line-pixels.js';
import { distanceTransform } from '../../../../engine/vision/calibration/distance-transform.js';
import { projector } from '../../../../engine/geometry/camera.js';
import { pitchMarkings } from '../../../../engine/geometry/pitch-markings.js';
import { H, renderFrames, W } from './rendered-frames.js';

describe('downscaleRgb', () => {
  it('averages each factor x factor block per channel', () => {
    // 4 x 2 pixels -> 2 x 1 at factor 2. Block sums chosen to divide by 4 exactly.
    // prettier-ignore
    const rgb = Uint8Array.from([
      10, 0, 255,   20, 4, 255,    100, 1, 0,   100, 2, 0,
      30, 8, 255,   40, 12, 255,   100, 3, 0,   200, 6, 4,
    ]);
    const out = downscaleRgb(rgb, 4, 2, 2);
    expect(out.width).toBe(2);
    expect(out.height).toBe(1);
    expect([...out.rgb]).toEqual([25, 6, 255, 125, 3, 1]);
  });

  it('drops the pixels that do not fill a whole block, and returns the input itself at factor 1', () => {
    const w = 5;
    const h = 7;
    const rgb = new Uint8Array(w * h * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) % 256;
    const out = downscaleRgb(rgb, w, h, 3);
    expect([out.width, out.height]).toEqual([1, 2]);
    // Second output pixel: rows 3-5, columns 0-2, red channel.
    let sum = 0;
    for (let y = 3; y < 6; y++) for (let x = 0; x < 3; x++) sum += rgb[(y * w + x) * 3] as number;
    // The mean of 9 values, stored as a byte: within one level of the true mean (the stage truncates).
    expect(Math.abs((out.rgb[3] as number) - sum / 9)).toBeLessThan(1);
    const same = downscaleRgb(rgb, w, h, 1);
    expect(same.rgb).toBe(rgb);
    expect([same.width, same.height]).toEqual([w, h]);
  });
});

describe('boxMean', () => {
  it('gives the share of ones in the window clipped to the image, scaled to 0-255', () => {
    // prettier-ignore
    const mask = Uint8Array.from([
      1, 0, 0, 0,
      0, 0, 0, 0,
      0, 0, 0, 1,
    ]);
    const m = boxMean(mask, 4, 3, 1);
    // Corner (0,0): window 2x2 holds one 1 -> 255/4.  (1,1): 3x3 holds one -> 255/9.  (1,0): 3x2 holds one -> 255/6.
    expect(m[0]).toBe(64);
    expect(m[1 * 4 + 1]).toBe(28);
    expect(m[1]).toBe(43);
    // (2,1): 3x3 window holds the 1 at (3,2) only.
    expect(m[1 * 4 + 2]).toBe(28);
    // (3,0): 2x2 window x 2..3, y 0..1: no ones.
    expect(m[3]).toBe(0);
    expect(boxMean(new Uint8Array(12).fill(1), 4, 3, 5).every((v) => v === 255)).toBe(true);
  });

  it('equals a direct window sum on a random mask', () => {
    const w = 23;
    const h = 17;
    const mask = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) mask[i] = (i * 7919) % 5 === 0 ? 1 : 0;
    for (const r of [0, 1, 3, 7]) {
      const m = boxMean(mask, w, h, r);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let s = 0;
          let n = 0;
          for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
            for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
              s += mask[yy * w + xx] as number;
              n++;
            }
          }
          expect(m[y * w + x]).toBe(Math.round((255 * s) / n));
        }
      }
    }
  });
});

const GRASS = [70, 135, 55];
const PAINT = 240;

/**
 * A grass frame with painted lines, anti-aliased by the share of each pixel the paint covers. Positions
 * are continuous picture coordinates (pixel x covers [x, x + 1], as on a canvas).
 */
function paint(w: number, h: number, cover: (x: number, y: number) => number): Uint8Array {
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = Math.max(0, Math.min(1, cover(x, y)));
      for (let c = 0; c < 3; c++) rgb[(y * w + x) * 3 + c] = Math.round((GRASS[c] as number) + (PAINT - (GRASS[c] as number)) * a);
    }
  }
  return rgb;
}
/** Share of the pixel [p, p + 1] covered by a strip [c - half, c + half]. */
const strip = (p: number, c: number, half: number) => Math.max(0, Math.min(p + 1, c + half) - Math.max(p, c - half));

describe('linePixels on painted lines drawn by code', () => {
  const w = 80;
  const h = 60;

  it('finds a 2 px vertical line at its centre to the sub-pixel, and nothing elsewhere', () => {
    const found: number[] = [];
    for (const cx of [30, 30.25, 30.5, 30.75, 31]) {
      const L = linePixels(paint(w, h, (x) => strip(x, cx, 1)), w, h);
      // One ridge pixel per row, away from the top and bottom `flank` rows the detector skips.
      expect(L.count).toBe(h - 6);
      const xs = new Set<number>();
      for (let i = 0; i < w * h; i++) {
        if (!L.line[i]) continue;
        expect(L.axis[i]).toBe(1);
        const x = (i % w) + (L.offset[i] as number);
        xs.add(x);
        // The ridge pixel itself within 1 px of the centre (pixel centres at index + 0.5).
        expect(Math.abs((i % w) + 0.5 - cx)).toBeLessThanOrEqual(1);
      }
      expect(xs.size).toBe(1);
      found.push([...xs][0] as number);
    }
    // Sub-pixel: index + offset follows the line's centre (a parabola through the symmetric AA profile; the
    // byte rounding of the paint costs ~0.002 px), in pixel-index coordinates where the centre of pixel i is
    // i, i.e. at cx - 0.5 in canvas coordinates. (The projector and the renderer use canvas coordinates; see
    // the half-pixel test in camera-fit.test.ts.)
    found.forEach((x, k) => expect(x).toBeCloseTo([30, 30.25, 30.5, 30.75, 31][k]! - 0.5, 2));
  });

  it('finds a horizontal line along y (axis 2) and a 1 px line too', () => {
    const L = linePixels(paint(w, h, (_x, y) => strip(y, 25.5, 1)), w, h);
    expect(L.count).toBe(w - 6);
    for (let i = 0; i < w * h; i++) {
      if (!L.line[i]) continue;
      expect(L.axis[i]).toBe(2);
      expect(Math.floor(i / w) + (L.offset[i] as number)).toBeCloseTo(25, 5);
    }
    const thin = linePixels(paint(w, h, (x) => strip(x, 40.5, 0.5)), w, h);
    expect(thin.count).toBe(h - 6);
    for (let i = 0; i < w * h; i++) if (thin.line[i]) expect(i % w).toBe(40);
  });

  it('finds a slanted anti-aliased line within a pixel of its centre', () => {
    // x = 20 + 0.6 y, 2 px wide measured across x; coverage from 4x4 supersampling.
    const cover = (x: number, y: number) => {
      let s = 0;
      for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) s += Math.abs(x + (a + 0.5) / 4 - (20 + 0.6 * (y + (b + 0.5) / 4))) <= 1 ? 1 : 0;
      return s / 16;
    };
    const L = linePixels(paint(w, h, cover), w, h);
    expect(L.count).toBeGreaterThanOrEqual(h - 6);
    for (let i = 0; i < w * h; i++) {
      if (!L.line[i]) continue;
      const px = (i % w) + 0.5 + (L.axis[i] === 1 ? (L.offset[i] as number) : 0);
      const py = Math.floor(i / w) + 0.5 + (L.axis[i] === 2 ? (L.offset[i] as number) : 0);
      // Horizontal distance to the centre line; the line is steep, so this is close to the true distance.
      expect(Math.abs(px - (20 + 0.6 * py))).toBeLessThanOrEqual(1);
    }
  });

  it('ignores a faint line (under the contrast), lines off the grass, and a uniform frame', () => {
    // Paint at 10% over the grass: ~9 luma levels brighter, under the default contrast of 18.
    const faint = linePixels(paint(w, h, (x) => 0.1 * strip(x, 30.5, 1)), w, h);
    expect(faint.count).toBe(0);
    // The same white line on a grey (stands) background: no grass around it, not a pitch line.
    const grey = new Uint8Array(w * h * 3).fill(60);
    for (let y = 0; y < h; y++) for (let x = 30; x < 32; x++) grey.fill(PAINT, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const off = linePixels(grey, w, h);
    expect(off.count).toBe(0);
    expect(off.pitch.every((v) => v === 0)).toBe(true);
    const flat = linePixels(paint(w, h, () => 0), w, h);
    expect(flat.count).toBe(0);
    expect(flat.grass.every((v) => v === 1)).toBe(true);
    expect(flat.pitch.every((v) => v === 255)).toBe(true);
  });

  it('the pitch share is high on grass even under a line, low over the stands', () => {
    // Top 20 rows stands (grey), the rest grass with a vertical line.
    const rgb = paint(w, h, (x) => strip(x, 40.5, 1));
    for (let i = 0; i < 20 * w; i++) rgb.fill(60, i * 3, i * 3 + 3);
    const L = linePixels(rgb, w, h);
    expect(L.pitch[5 * w + 10]).toBe(0);
    expect(L.pitch[50 * w + 40]).toBeGreaterThan(200); // on the line itself: 13 of 15 columns are grass
    // Ridge pixels only where the window is mostly grass: none in the stands, none in the top rows of grass
    // whose window still reaches into the stands by more than half.
    for (let i = 0; i < w * h; i++) if (L.line[i]) expect(Math.floor(i / w)).toBeGreaterThanOrEqual(20);
  });
});

describe('linePixels on rendered broadcast frames', () => {
  // Three views: the kick-off centre, the camera mid-pan towards the right penalty area, and the wide
  // static tactical camera.
  const views = [
    ...renderFrames({ count: 1, fromMs: 4_000 }),
    ...renderFrames({ count: 1, skip: 40, fromMs: 14_000 }),
    ...renderFrames({ count: 1, fromMs: 4_000, camera: 'tactical' }),
  ];

  it('puts most ridge pixels on the painted lines of the true camera, and finds nearly all of those lines', () => {
    for (const { rgb, truth } of views) {
      const cam = truth.camera!;
      const lines = linePixels(rgb, W, H);
      // The projected markings, sampled every 5 cm, as a mask (pixel = floor of the canvas coordinate).
      const p = projector(cam);
      const marks = new Uint8Array(W * H);
      for (const line of pitchMarkings()) {
        for (let k = 1; k < line.length; k++) {
          const [ax, ay] = line[k - 1]!;
          const [bx, by] = line[k]!;
          const n = Math.ceil(Math.hypot(bx - ax, by - ay) / 0.05);
          for (let s = 0; s <= n; s++) {
            const q = p.project(ax + ((bx - ax) * s) / n, ay + ((by - ay) * s) / n, 0);
            if (q && q[0] >= 0 && q[1] >= 0 && q[0] < W && q[1] < H) marks[Math.floor(q[1]) * W + Math.floor(q[0])] = 1;
          }
        }
      }
      const toMarks = distanceTransform(marks, W, H);
      let near = 0;
      let nearOrPerson = 0;
      const inPerson = (x: number, y: number) => truth.objects.some((o) => o.box && x >= o.box[0] - 1 && x <= o.box[2] + 1 && y >= o.box[1] - 1 && y <= o.box[3] + 1);
      for (let i = 0; i < W * H; i++) {
        if (!lines.line[i]) continue;
        const onLine = (toMarks.dist2[i] as number) <= 4;
        if (onLine) near++;
        if (onLine || inPerson(i % W, Math.floor(i / W))) nearOrPerson++;
      }
      // Measured share within 2 px of a marking: 0.79 / 0.76 / 0.83 (the rest is mostly white kit
      // edges). 0.65 leaves margin for renderer changes and catches a detector that fires on texture.
      expect(near / lines.count).toBeGreaterThan(0.65);
      // On a line or on a person: measured 0.94 / 0.93 / 0.89. Anything else (stands, boards, goal nets,
      // grass) stays rare.
      expect(nearOrPerson / lines.count).toBeGreaterThan(0.8);
      // Recall: projected marking pixels with a ridge within 2 px. Measured 0.998 / 0.988 / 0.93 (the
      // tactical view's far lines are under a pixel wide).
      const toRidges = distanceTransform(lines.line, W, H);
      let marked = 0;
      let covered = 0;
      for (let i = 0; i < W * H; i++) {
        if (!marks[i]) continue;
        marked++;
        if ((toRidges.dist2[i] as number) <= 4) covered++;
      }
      expect(covered / marked).toBeGreaterThan(0.85);
    }
  });
});

describe('rendered frames with lens distortion', () => {
  // Under k1 != 0 a straight marking images as a curve: the renderer must subdivide its strips (a 105 m
  // touchline is one quad), or the paint runs straight between the projected ends (measured before the
  // fix: the near touchline's middle painted at v = 270 where the truth puts it at 280.8).
  it('paints the near touchline where the distorted projector puts it', () => {
    const [f] = renderFrames({ count: 1, fromMs: 4_000, camera: 'tactical', k1: -0.1 });
    const cam = f!.truth.camera!;
    const lines = linePixels(f!.rgb, W, H);
    const p = projector(cam);
    let checked = 0;
    for (const x of [15, 30, 75, 90]) {
      const [u, v] = p.project(x, 0, 0)!;
      checked++;
      let nearest = Infinity;
      for (let y = 0; y < H; y++) if (lines.line[y * W + Math.round(u)]) nearest = Math.min(nearest, Math.abs(y + 0.5 - v));
      expect(nearest, `touchline at x = ${x} m`).toBeLessThan(2);
    }
    expect(checked).toBe(4);
  });
});
