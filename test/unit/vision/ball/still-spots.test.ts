import { describe, expect, it } from 'vitest';
import { ballTrack, type BallFrameInput } from '../../../../engine/vision/ball/ball-track.js';
import type { BallCandidate } from '../../../../engine/vision/ball/ball-candidates.js';
import { broadcastCamera, dist, netPeakAt as peakAt } from './synthetic.js';

/** A still camera's frames: a sure peak on `spot` from `from` to `to` (frames), and the ball's peaks where `ball` gives one. */
function frames(length: number, spot: [number, number], from: number, to: number, ball: (f: number) => [number, number] | null): BallFrameInput[] {
  const camera = broadcastCamera({ x: 20 });
  return Array.from({ length }, (_, f) => {
    const b = ball(f);
    const peaks = [f >= from && f < to ? peakAt(camera, ...spot, 0.65) : null, b ? peakAt(camera, ...b, 0.9) : null];
    return { camera, candidates: peaks.filter((c): c is BallCandidate => c !== null) };
  });
}

describe('still spots the network is sure of', () => {
  it('takes no rows on a painted junction the network likes that lies still for two minutes while the ball is away', () => {
    // 2 minutes: the ball is played for 4 s, then away; a sure peak on the halfway line's end all along.
    const spot: [number, number] = [52.5, 1];
    const ball = (f: number): [number, number] | null => (f < 100 ? [30 + 0.3 * f, 30 - 0.05 * f] : null);
    const track = ballTrack(frames(3000, spot, 0, 3000, ball));
    expect(track.slice(0, 100).every((p, f) => dist(p, ball(f) as [number, number]) < 0.5)).toBe(true);
    expect(track.filter((p) => dist(p, spot) < 2).length).toBe(0);
  });

  it('keeps a sure ball lying dead for a 40-second restart', () => {
    // The ball is laid on the goal area's corner at 2 s, lies there 40 s, then is kicked long.
    const spot: [number, number] = [5.5, 24.8];
    const ball = (f: number): [number, number] | null => (f >= 1050 ? [5.5 + 0.6 * (f - 1050), 24.8 + 0.1 * (f - 1050)] : null);
    const track = ballTrack(frames(1100, spot, 50, 1050, ball));
    expect(track.slice(50, 1050).filter((p) => dist(p, spot) < 0.5).length).toBe(1000);
  });
});
