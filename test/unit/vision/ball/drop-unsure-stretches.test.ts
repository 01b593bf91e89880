import { describe, expect, it } from 'vitest';
import { ballTrack, dropUnsureStretches, type BallFrameInput } from '../../../../engine/vision/ball/ball-track.js';
import { broadcastCamera, dist, netPeakAt as peakAt } from './synthetic.js';

describe('dropUnsureStretches', () => {
  it('drops the stretches between restarts made only of unsure peaks, and keeps the rest as they were', () => {
    const unsure = Uint8Array.from([0, 1, 1, 1, 1, 1, 0, 1]);
    const path = [
      { node: 0, linked: false }, { node: 1, linked: true },
      { node: 2, linked: false }, { node: 3, linked: true }, { node: 4, linked: true },
      { node: 5, linked: false }, { node: 6, linked: true },
      { node: 7, linked: false },
    ];
    expect(dropUnsureStretches(path, { unsure })).toEqual([
      { node: 0, linked: false }, { node: 1, linked: true },
      { node: 5, linked: false }, { node: 6, linked: true },
    ]);
    expect(dropUnsureStretches([], { unsure })).toEqual([]);
  });
});

describe('ballTrack with weak detector peaks alone', () => {
  it('gives no row while only weak peaks on something else are seen, and keeps a ball stretch sure once', () => {
    // 12 s: the ball is played for 4 s (weak peaks but for one sure frame), then leaves the picture; for
    // the last 8 s weak peaks follow a boot walking about 20 m away.
    const ball = (f: number): [number, number] => [30 + 0.3 * f, 40 - 0.05 * f];
    const boot = (f: number): [number, number] => [50 + 0.02 * f, 20 + 0.01 * f];
    const frames = Array.from({ length: 300 }, (_, f): BallFrameInput => {
      const camera = broadcastCamera({ pan: -0.1 + 0.0008 * f, x: 20 });
      const peak = f < 100 ? peakAt(camera, ...ball(f), f === 50 ? 0.8 : 0.3) : peakAt(camera, ...boot(f), 0.3);
      return { camera, candidates: peak ? [peak] : [] };
    });
    const track = ballTrack(frames);
    expect(track.slice(0, 100).every((p, f) => dist(p, ball(f)) < 0.5)).toBe(true);
    expect(track.slice(110).filter((p) => p).length).toBe(0);
  });
});
