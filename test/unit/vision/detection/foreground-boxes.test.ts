import { describe, expect, it } from 'vitest';
import { foregroundMask } from '../../../../engine/vision/detection/foreground.js';
import { rng } from '../ball/synthetic.js';

describe('foregroundMask within boxes', () => {
  it('decides the pixels inside the boxes as the whole-frame mask does, and leaves the rest out', () => {
    const w = 160;
    const h = 90;
    const rand = rng(7);
    const rgb = new Uint8Array(w * h * 3);
    const grass = new Uint8Array(w * h);
    const region = new Uint8Array(w * h);
    const band = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) {
      // Grass with stripes, and blotches of kit colour, white and shade.
      const kind = rand();
      const [r, g, b] = kind < 0.75 ? [50 + 20 * ((i % w) % 20 < 10 ? 1 : 0), 120, 45] : kind < 0.85 ? [200, 30, 40] : kind < 0.93 ? [235, 235, 230] : [30, 70, 25];
      rgb[i * 3] = r + Math.floor(rand() * 10);
      rgb[i * 3 + 1] = g + Math.floor(rand() * 10);
      rgb[i * 3 + 2] = b + Math.floor(rand() * 10);
      grass[i] = kind < 0.75 ? 1 : 0;
      region[i] = i % w > 5 ? 1 : 0;
      band[i] = rand() < 0.1 ? 1 : 0;
    }
    const lines = { width: w, height: h, grass } as Parameters<typeof foregroundMask>[1];
    const full = foregroundMask(rgb, lines, band, region, null);
    // Boxes at the borders, overlapping, fractional, and one reaching past the frame.
    const boxes = [[0, 0, 12.5, 30], [40.2, 20.7, 58, 70.1], [50, 60, 75, 89], [150, 70, 170, 95]];
    const part = foregroundMask(rgb, lines, band, region, null, { boxes });
    const inside = (x: number, y: number) => boxes.some((b) => x >= Math.floor(b[0] as number) - 1 && x < Math.ceil(b[2] as number) + 2 && y >= Math.floor(b[1] as number) - 1 && y < Math.ceil(b[3] as number) + 2);
    let checked = 0;
    let set = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (inside(x, y)) {
          expect(part[i], `pixel ${x}, ${y}`).toBe(full[i]);
          checked++;
          set += full[i] as number;
        } else {
          expect(part[i]).toBe(0);
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect(set).toBeGreaterThan(100);
    // The whole frame again after the smaller tables: the reused buffer leaves nothing behind.
    expect(foregroundMask(rgb, lines, band, region, null)).toEqual(full);
  });
});
