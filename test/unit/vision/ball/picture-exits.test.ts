import { describe, expect, it } from 'vitest';
import { pixelToGround, type Camera } from '../../../../engine/geometry/camera.js';
import { ballTrack, type BallFrameInput } from '../../../../engine/vision/ball/ball-track.js';
import { broadcastCamera, netPeakAt } from './synthetic.js';

/** A still camera (SoccerTrack's kind: it shows one half of the pitch and never turns). */
const still = broadcastCamera({ x: 30, y: -20, z: 10, tilt: 0.3, pan: 0, focal: 500 });

/** The ground point seen at a pixel of `cam`. */
function at(cam: Camera, u: number, v: number): [number, number] {
  const g = pixelToGround(cam, u, v);
  if (!g) throw new Error(`no ground at ${u}, ${v}`);
  return g;
}

/** Frames of one camera with a sure detector peak at the ground point `where(f)` gives (none where it gives null). */
function scene(frames: number, camera: (f: number) => Camera, where: (f: number) => [number, number] | null): BallFrameInput[] {
  return Array.from({ length: frames }, (_, f) => {
    const cam = camera(f);
    const p = where(f);
    const peak = p ? netPeakAt(cam, p[0], p[1], 0.8) : null;
    return { camera: cam, candidates: peak ? [peak] : [] };
  });
}

const rows = (track: ReturnType<typeof ballTrack>, from: number, to: number) => track.slice(from, to).filter((p) => p).length;

describe('ballTrack after the ball leaves the picture', () => {
  it('gives no rows on boots deep inside a still camera\'s picture while the ball is beyond its edge, and takes the ball up where it comes back in', () => {
    // 0-2 s the ball runs out across the right edge; 3-7 s a walker's boots 300 px inside; from 8 s
    // the ball comes back in across the same edge.
    const track = ballTrack(scene(250, () => still, (f) => {
      if (f < 50) return at(still, 400 + 5 * f, 200);
      if (f >= 75 && f < 175) return at(still, 320 + 0.3 * (f - 75), 260);
      if (f >= 200) return at(still, 636 - 6 * (f - 200), 150);
      return null;
    }));
    expect(rows(track, 0, 50)).toBe(50);
    expect(rows(track, 75, 175)).toBe(0);
    expect(rows(track, 200, 250)).toBe(50);
  });

  it('keeps a ball first seen deep inside once it is back if it moves faster than anyone runs', () => {
    // Back at 15 m/s for 0.8 s, then rolling out slowly.
    const back = at(still, 420, 150);
    const track = ballTrack(scene(200, () => still, (f) => {
      if (f < 50) return at(still, 400 + 5 * f, 200);
      if (f >= 100) return [back[0] - 0.6 * Math.min(f - 100, 20) - 0.05 * Math.max(0, f - 120), back[1]];
      return null;
    }));
    expect(rows(track, 100, 200)).toBe(100);
  });

  it('keeps a stretch where the camera turned to, somewhere the picture did not show when the ball left', () => {
    // A following camera: the ball leaves at the right edge, the camera turns right for a second, and a
    // ball rolling slowly is seen in the middle of the new picture.
    const pan = (f: number) => (f < 50 ? 0 : Math.min(0.35, 0.35 * ((f - 50) / 25)));
    const cam = (f: number) => broadcastCamera({ pan: pan(f) });
    const slow = at(broadcastCamera({ pan: 0.35 }), 320, 200);
    const track = ballTrack(scene(150, cam, (f) => {
      if (f < 50) return at(cam(f), 400 + 4.8 * f, 200);
      if (f >= 90) return [slow[0] + 0.02 * (f - 90), slow[1]];
      return null;
    }));
    expect(rows(track, 90, 150)).toBe(60);
  });

  it('keeps a slow ball deep inside after frames without a camera (a cut to a close-up and back)', () => {
    const frames = scene(200, () => still, (f) => {
      if (f < 50) return at(still, 400 + 5 * f, 200);
      if (f >= 100) return at(still, 320 + 0.3 * (f - 100), 260);
      return null;
    });
    for (let f = 60; f < 80; f++) frames[f] = { camera: null, candidates: [] };
    expect(rows(ballTrack(frames), 100, 200)).toBe(100);
  });

  it('keeps a slow ball deep inside when the last stretch ended inside the picture (hidden, not gone)', () => {
    const track = ballTrack(scene(200, () => still, (f) => {
      if (f < 50) return at(still, 200 + 2 * f, 200);
      if (f >= 100) return at(still, 320 + 0.3 * (f - 100), 260);
      return null;
    }));
    expect(rows(track, 100, 200)).toBe(100);
  });
});
