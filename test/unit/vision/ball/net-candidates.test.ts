import { describe, expect, it } from 'vitest';
import { projector } from '../../../../engine/geometry/camera.js';
import { BALL_DIAMETER } from '../../../../engine/vision/ball/ball-candidates.js';
import { netCandidates } from '../../../../engine/vision/ball/net-candidates.js';
import { broadcastCamera } from './synthetic.js';

describe('netCandidates', () => {
  const cam = broadcastCamera();
  const proj = projector(cam);

  it('places a peak on the ground under the ball, with the diameter a ball has there and the network score', () => {
    const centre = proj.project(40, 30, BALL_DIAMETER / 2)!;
    const [c] = netCandidates([{ u: centre[0], v: centre[1], score: 0.7 }], cam);
    expect(c).toBeDefined();
    expect(c!.kind).toBe('net');
    expect(c!.score).toBe(0.7);
    expect(Math.hypot(c!.x - 40, c!.y - 30)).toBeLessThan(0.3);
    const d = Math.hypot(...([0, 1].map((k) => proj.project(40, 30, 0)![k]! - proj.project(40, 30, BALL_DIAMETER)![k]!) as [number, number]));
    expect(c!.d).toBeCloseTo(d, 0);
  });

  it('drops peaks under a broadcast graphic and above the horizon', () => {
    const hidden = new Uint8Array(cam.width * cam.height);
    const centre = proj.project(60, 20, 0.11)!;
    hidden[Math.floor(centre[1]) * cam.width + Math.floor(centre[0])] = 1;
    expect(netCandidates([{ u: centre[0], v: centre[1], score: 0.9 }], cam, hidden)).toEqual([]);
    expect(netCandidates([{ u: 320, v: 1, score: 0.9 }], broadcastCamera({ tilt: 0.02 }))).toEqual([]);
  });
});

describe('netCandidates on the painted spots', () => {
  it('drops a peak on the penalty spot or the centre spot, keeps one a metre beside it', () => {
    const cam = broadcastCamera();
    const proj = projector(cam);
    const at = (x: number, y: number) => {
      const c = proj.project(x, y, BALL_DIAMETER / 2)!;
      return { u: c[0], v: c[1], score: 0.9 };
    };
    expect(netCandidates([at(11, 34), at(52.5, 34)], cam)).toEqual([]);
    const [kept] = netCandidates([at(12.2, 34)], cam);
    expect(kept && Math.hypot(kept.x - 12.2, kept.y - 34)).toBeLessThan(0.3);
  });
});
