import { describe, expect, it } from 'vitest';
import { personPixelHeight, projector } from '../../../../engine/geometry/camera.js';
import { aimCamera } from '../../../../engine/match-data/camera-operator.js';
import { peopleFromFeet } from '../../../../engine/vision/detection/detect-people.js';
import { nearPitch } from '../../../../engine/vision/detection/foreground.js';
import { decodeFootGrid, DETECTOR_STRIDE } from '../../../../engine/vision/detection/person-detector.js';

const logit = (p: number) => Math.log(p / (1 - p));

/** A network output of rows x columns cells, all background, with `set` writing cells. */
function grid(rows: number, columns: number, set: (put: (r: number, c: number, p: number, ox: number, oy: number, h: number, w: number) => void) => void): Float32Array {
  const plane = rows * columns;
  const g = new Float32Array(5 * plane).fill(logit(0.01));
  for (let k = plane; k < 5 * plane; k++) g[k] = 0;
  set((r, c, p, ox, oy, h, w) => {
    const k = r * columns + c;
    g[k] = logit(p);
    g[plane + k] = logit(ox);
    g[2 * plane + k] = logit(oy);
    g[3 * plane + k] = Math.log(h);
    g[4 * plane + k] = Math.log(w);
  });
  return g;
}

describe('decodeFootGrid', () => {
  it('turns each heatmap peak into a foot point (cell + offset) and a box size, in input pixels', () => {
    const g = grid(20, 30, (put) => {
      put(5, 7, 0.9, 0.25, 0.75, 10, 3);
      put(12, 20, 0.6, 0.5, 0.5, 6, 2);
    });
    const out = decodeFootGrid(g, 20, 30);
    expect(out).toHaveLength(2);
    const [a, b] = out;
    expect(a!.score).toBeCloseTo(0.9, 5);
    expect(a!.foot[0]).toBeCloseTo((7 + 0.25) * DETECTOR_STRIDE, 4);
    expect(a!.foot[1]).toBeCloseTo((5 + 0.75) * DETECTOR_STRIDE, 4);
    expect(a!.height).toBeCloseTo(10 * DETECTOR_STRIDE, 4);
    expect(a!.width).toBeCloseTo(3 * DETECTOR_STRIDE, 4);
    expect(b!.foot[0]).toBeCloseTo(20.5 * DETECTOR_STRIDE, 4);
  });

  it('keeps only the highest cell of a neighbourhood and nothing under the threshold', () => {
    const g = grid(10, 10, (put) => {
      put(4, 4, 0.8, 0.5, 0.5, 8, 2);
      put(4, 5, 0.7, 0.5, 0.5, 8, 2); // the same person's shoulder of the peak
      put(5, 4, 0.75, 0.5, 0.5, 8, 2);
      put(8, 1, 0.2, 0.5, 0.5, 8, 2); // too unsure
    });
    const out = decodeFootGrid(g, 10, 10);
    expect(out).toHaveLength(1);
    expect(out[0]!.score).toBeCloseTo(0.8, 5);
    expect(decodeFootGrid(g, 10, 10, 0.1)).toHaveLength(2);
  });
});

describe('peopleFromFeet', () => {
  const W = 640;
  const H = 360;
  const cam = aimCamera({ x: 52.5, y: -38, z: 24, roll: 0, width: W, height: H, k1: 0 }, 52.5, 34, 38);
  const p = projector(cam);
  const standing = (gx: number, gy: number, heightShare = 1) => {
    const f = p.project(gx, gy, 0)!;
    const h = personPixelHeight(p, gx, gy, 1.8)! * heightShare;
    return { score: 0.8, foot: [f[0], f[1]] as [number, number], width: 0.3 * h, height: h };
  };

  it('stands a person-sized box on each foot and places it on the pitch', () => {
    const out = peopleFromFeet([standing(40, 30), standing(60, 20)], cam, nearPitch);
    expect(out).toHaveLength(2);
    const d = out[0]!;
    expect(Math.hypot(d.x - 40, d.y - 30)).toBeLessThan(0.05);
    expect(d.scale).toBeCloseTo(1, 2);
    expect(d.box[3]).toBeCloseTo(d.foot[1], 6);
    expect((d.box[0] + d.box[2]) / 2).toBeCloseTo(d.foot[0], 6);
    expect(d.split).toBe(false);
    expect(d.confidence).toBe(0.8);
  });

  it('drops feet off the pitch, boxes no person could fill, and what a broadcast graphic hides', () => {
    expect(peopleFromFeet([standing(52.5, 68 + 4)], cam, nearPitch)).toHaveLength(0); // 4 m beyond the far touchline
    expect(peopleFromFeet([standing(50, 30, 0.15)], cam, nearPitch)).toHaveLength(0); // a ball-sized box
    expect(peopleFromFeet([standing(50, 30, 3)], cam, nearPitch)).toHaveLength(0); // three people tall
    const d = standing(50, 30);
    const hidden = new Uint8Array(W * H);
    hidden[Math.floor(d.foot[1]) * W + Math.floor(d.foot[0])] = 1;
    expect(peopleFromFeet([d], cam, nearPitch, hidden)).toHaveLength(0);
    expect(peopleFromFeet([d], cam, nearPitch)).toHaveLength(1);
  });
});
