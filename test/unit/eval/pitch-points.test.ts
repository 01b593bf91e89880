import { describe, expect, it } from 'vitest';
import { projector, type Camera } from '../../../engine/geometry/camera.js';
import { atSourceSize, frameErrors, pitchPointLine, scorePitchPoints, type PitchPointFrame } from '../../../bench/eval/pitch-points.js';

/** A main camera at the halfway line, 1280x720, on the right penalty area. */
const cam: Camera = { x: 52.5, y: -40, z: 22, pan: 0.45, tilt: 0.3, roll: 0, focal: 1400, k1: 0, width: 1280, height: 720 };
const named: [string, number, number][] = [['box far front corner', 88.5, 54.16], ['box near front corner', 88.5, 13.84], ['spot', 94, 34], ['goal area far corner', 99.5, 43.16]];

function labelled(c: Camera, turned = false): PitchPointFrame {
  const proj = projector(c);
  return {
    clip: 'x.mp4', width: 1280, height: 720, frame: 10, t_ms: 400,
    points: named.map(([name, x, y]) => {
      const px = proj.project(x, y, 0) as [number, number];
      return { name, pitch: turned ? [105 - x, 68 - y] : [x, y], pixel: [px[0] - 0.5, px[1] - 0.5] };
    }),
  };
}

describe('pitch-point errors through the engine camera', () => {
  it('is zero for the true camera, whichever end the labels were named from', () => {
    for (const e of frameErrors(cam, labelled(cam).points)) expect(e).toBeLessThan(1e-6);
    for (const e of frameErrors(cam, labelled(cam, true).points)) expect(e).toBeLessThan(1e-6);
  });

  it('grows with a camera panned off, and scales a working-size camera to the labels\' pixels', () => {
    const off = frameErrors({ ...cam, pan: cam.pan + 0.005 }, labelled(cam).points);
    for (const e of off) {
      expect(e).toBeGreaterThan(0.2);
      expect(e).toBeLessThan(2);
    }
    const half: Camera = { ...cam, focal: 700, width: 640, height: 360 };
    for (const e of frameErrors(atSourceSize(half, 1280, 720), labelled(cam).points)) expect(e).toBeLessThan(1e-6);
  });

  it('counts labelled frames the engine did not calibrate, with no error for them', () => {
    const frames = [labelled(cam), { ...labelled(cam), frame: 50 }];
    const s = scorePitchPoints(frames, (f) => (f === 10 ? { ...cam, focal: 700, width: 640, height: 360 } : null));
    expect([s.frames, s.calibrated, s.errors.length]).toEqual([2, 1, 4]);
    expect(pitchPointLine('x.mp4', s)).toBe('| x.mp4 | 1 of 2 | 4 | 0.00 / 0.00 m |');
  });
});
