import { describe, expect, it } from 'vitest';
import { projectOffCamera, type Sighting } from '../../../../engine/vision/tracking/off-camera.js';

const seen = (from: number, to: number, at: (f: number) => [number, number]): Sighting[] =>
  Array.from({ length: to - from }, (_, i) => ({ frame: from + i, x: at(from + i)[0], y: at(from + i)[1] }));

describe('projected rows of a player off camera', () => {
  it('fills the gap between two sightings at 5 Hz on the straight line between them, and nothing where he is seen', () => {
    // Seen frames 0-99 at (10, 10), then off camera, then seen from frame 200 at (30, 20).
    const sightings = [...seen(0, 100, () => [10, 10]), ...seen(200, 300, () => [30, 20])];
    const rows = projectOffCamera(sightings, { frames: 300, covered: () => true });
    expect(rows.map((r) => r.frame)).toEqual(Array.from({ length: 19 }, (_, i) => 105 + i * 5));
    const mid = rows.find((r) => r.frame === 150);
    // Last seen at frame 99, seen again at 200: frame 150 is 51/101 of the way.
    expect(mid?.x).toBeCloseTo(10 + (20 * 51) / 101, 6);
    expect(mid?.y).toBeCloseTo(10 + (10 * 51) / 101, 6);
    expect(rows.every((r) => !r.nocam)).toBe(true);
  });

  it('holds the nearest sighting before the first and after the last, with confidence falling with time unseen', () => {
    const rows = projectOffCamera(seen(100, 110, () => [40, 30]), { frames: 1000, covered: () => true });
    expect(rows[0]).toMatchObject({ frame: 0, x: 40, y: 30 });
    expect(rows.at(-1)).toMatchObject({ frame: 995, x: 40, y: 30 });
    const conf = (f: number) => rows.find((r) => r.frame === f)?.positionConf as number;
    expect(conf(115)).toBeGreaterThan(conf(300));
    expect(conf(300)).toBeGreaterThan(conf(600));
    expect(conf(995)).toBeGreaterThanOrEqual(0.05);
    expect(conf(115)).toBeLessThanOrEqual(1);
  });

  it('does not project over a one-frame miss, and marks frames without any camera as nocam', () => {
    const sightings = seen(0, 50, () => [5, 5]).filter((s) => s.frame !== 25);
    expect(projectOffCamera(sightings, { frames: 50, covered: () => true })).toEqual([]);
    const rows = projectOffCamera(seen(0, 10, () => [5, 5]), { frames: 40, covered: (f) => f < 20 });
    expect(rows.map((r) => [r.frame, r.nocam])).toEqual([[15, false], [20, true], [25, true], [30, true], [35, true]]);
  });

  it('projects nobody who was never seen', () => {
    expect(projectOffCamera([], { frames: 100, covered: () => true })).toEqual([]);
  });
});
