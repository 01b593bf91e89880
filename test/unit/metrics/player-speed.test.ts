import { describe, expect, it } from 'vitest';
import {
  ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_REFEREE, STATUS_DETECTED_OVERLAP, STATUS_PROJECTED, STATUS_PROJECTED_NOCAM,
} from '../../../engine/results/tracking-columns.js';
import { computeRowSpeeds, groupPlayerDetectionRows } from '../../../engine/metrics/player-speed.js';
import { savgolSlopeWeights } from '../../../engine/metrics/savitzky-golay.js';
import { buildTracking, run, speedsOf } from './fixture-tracks.js';

describe('savgolSlopeWeights', () => {
  it('gives central differences and the 3-point one-sided formulas for a 3-sample window', () => {
    const h = Array.from(savgolSlopeWeights(3));
    const expected = [-1.5, 2, -0.5, -0.5, 0, 0.5, 0.5, -2, 1.5];
    h.forEach((v, i) => expect(v).toBeCloseTo(expected[i] as number, 12));
  });
  it('uses k / sum(k^2) at the centre of a 9-sample window (sum k^2 = 60)', () => {
    const h = savgolSlopeWeights(9);
    for (let j = 0; j < 9; j++) expect(h[4 * 9 + j]).toBeCloseTo((j - 4) / 60, 12);
  });
});

describe('computeRowSpeeds', () => {
  it('[SUM-08] a player at a constant 5 m/s on a diagonal reads 5 m/s on every sample, stretch ends included', () => {
    // 12 cm and 16 cm per 40 ms frame: 3 m/s and 4 m/s, so 5 m/s along the line.
    const cols = buildTracking([{ id: '0-7', samples: run(0, 40, (k) => [1000 + 12 * k, 500 + 16 * k]) }]);
    const v = speedsOf(cols, computeRowSpeeds(cols), '0-7');
    expect(v).toHaveLength(40);
    for (const s of v) expect(Math.abs(s - 5)).toBeLessThan(1e-3);
  });

  it('tracks constant acceleration exactly where its window is centred; within half a window of an end, the speed at the end window\'s centre', () => {
    // x = k^2 cm at frame k is a = 2 cm/frame^2 = 12.5 m/s^2; the slope 2k cm/frame is 0.5 k m/s. The
    // 9-sample windows at the ends are centred on frames 4 and 16.
    const cols = buildTracking([{ id: '1-4', samples: run(0, 21, (k) => [2000 + k * k, 3400]) }]);
    const v = speedsOf(cols, computeRowSpeeds(cols), '1-4');
    v.forEach((s, k) => expect(Math.abs(s - 0.5 * Math.min(16, Math.max(4, k)))).toBeLessThan(1e-3));
  });

  it('takes a stretch end\'s jitter no more strongly than its middle\'s', () => {
    // A player standing still with the foot point jittering +-10 cm: the ends' speeds are as small as the middle's.
    const jitter = [7, -9, 4, 10, -6, -10, 3, 8, -4, 9, -7, 1, -8, 6, 10, -3, -9, 5, -1, 8, -5];
    const cols = buildTracking([{ id: '1-5', samples: run(0, 21, (k) => [3000 + (jitter[k] as number), 3000 - (jitter[20 - k] as number)]) }]);
    const v = speedsOf(cols, computeRowSpeeds(cols), '1-5');
    const middle = Math.max(...v.slice(4, 17));
    expect(Math.max(...v.slice(0, 4), ...v.slice(17))).toBeLessThanOrEqual(middle + 1e-9);
  });

  it('is exact for constant acceleration in stretches of every length it gives speeds for, players interleaved', () => {
    // Each player runs two stretches of L samples (frames 0.. and 100..) with x = k(k-1)/2 cm: the slope is
    // k - 1/2 cm per frame, so the speed is |k - 0.5| / 4 m/s (0.125 m/s at k = 0, 9.625 m/s at k = 39).
    const lengths = [5, 6, 7, 8, 9, 10, 11, 12, 16, 17, 18, 25, 40];
    const cols = buildTracking(lengths.map((L, j) => ({
      id: `${j % 2}-${L}`,
      samples: [...run(0, L, (k) => [1000 + (k * (k - 1)) / 2, 100 + 300 * j]), ...run(100, L, (k) => [5000 + (k * (k - 1)) / 2, 100 + 300 * j])],
    })));
    const speeds = computeRowSpeeds(cols);
    lengths.forEach((L, j) => {
      const v = speedsOf(cols, speeds, `${j % 2}-${L}`);
      expect(v).toHaveLength(2 * L);
      // The window: 9 samples, or the widest odd one the stretch holds; samples nearer an end than its
      // half take the speed at its centre.
      const ms = ((Math.min(9, L % 2 === 1 ? L : L - 1)) - 1) / 2;
      v.forEach((s, i) => expect(Math.abs(s - Math.abs(Math.min(L - 1 - ms, Math.max(ms, i % L)) - 0.5) / 4)).toBeLessThan(1e-3));
    });
  });

  it('[SUM-09] gives NaN to the ball, referees, unidentified and projected rows, and keeps overlap and goalkeeper rows', () => {
    const line = (k: number): [number, number] => [1000 + 20 * k, 3000];
    const cols = buildTracking([
      { id: null, role: ROLE_BALL, samples: run(0, 10, line) },
      { id: null, role: ROLE_REFEREE, samples: run(0, 10, line) },
      { id: null, samples: run(0, 10, line) },
      { id: '0-GK', role: ROLE_GOAL_KEEPER, samples: run(0, 10, line) },
      { id: '0-5', status: STATUS_DETECTED_OVERLAP, samples: run(0, 10, line) },
      { id: '1-5', status: STATUS_PROJECTED, samples: run(0, 10, line) },
      { id: '1-6', status: STATUS_PROJECTED_NOCAM, samples: run(0, 10, line) },
    ]);
    const speeds = computeRowSpeeds(cols);
    expect(speeds).toHaveLength(cols.length);
    for (let i = 0; i < cols.length; i++) {
      const p = cols.player[i] as number;
      const id = p < 0 ? null : cols.players[p];
      if (id === '0-GK' || id === '0-5') expect(Math.abs((speeds[i] as number) - 5)).toBeLessThan(1e-3);
      else expect(speeds[i]).toBeNaN();
    }
  });

  it('[SUM-09] never bridges projected rows or missing frames', () => {
    // Frames 0-9 detected, 10-19 projected (walking off at a wild 20 m/s), 20-29 missing, 30-39 detected.
    // The detected parts move at 5 m/s; the 1.5 m between frame 9 and frame 30 is not speed.
    const cols = buildTracking([{
      id: '0-9',
      samples: [
        ...run(0, 10, (k) => [1000 + 20 * k, 2000]),
        ...run(10, 10, (k) => [1180 + 80 * k, 2000], STATUS_PROJECTED),
        ...run(30, 10, (k) => [1330 + 20 * k, 2000]),
      ],
    }]);
    const speeds = computeRowSpeeds(cols);
    for (let i = 0; i < cols.length; i++) {
      if (cols.status[i] === STATUS_PROJECTED) expect(speeds[i]).toBeNaN();
      else expect(Math.abs((speeds[i] as number) - 5)).toBeLessThan(1e-3);
    }
  });

  it('gives stretches under five samples NaN, and a short stretch the widest window that fits', () => {
    const cols = buildTracking([
      { id: '0-1', samples: [{ frame: 0, x: 100, y: 100 }] },
      // Two samples 40 ms apart: their difference is the foot point's jitter as much as the motion.
      { id: '0-2', samples: [{ frame: 0, x: 100, y: 100 }, { frame: 1, x: 106, y: 108 }] },
      { id: '0-4', samples: run(0, 4, (k) => [300 + 20 * k, 300]) },
      // Five samples of x = 2k^2 (slope 4k cm/frame = k m/s): one 5-point window, every sample its centre's speed.
      { id: '0-3', samples: run(0, 5, (k) => [500 + 2 * k * k, 500]) },
      // Eight samples: 7-point windows centred on frames 3 and 4.
      { id: '0-5', samples: run(0, 8, (k) => [500 + 2 * k * k, 900]) },
    ]);
    const speeds = computeRowSpeeds(cols);
    expect(speedsOf(cols, speeds, '0-1')[0]).toBeNaN();
    for (const s of speedsOf(cols, speeds, '0-2')) expect(s).toBeNaN();
    for (const s of speedsOf(cols, speeds, '0-4')) expect(s).toBeNaN();
    for (const s of speedsOf(cols, speeds, '0-3')) expect(s).toBeCloseTo(2, 5);
    speedsOf(cols, speeds, '0-5').forEach((s, k) => expect(s).toBeCloseTo(Math.min(4, Math.max(3, k)), 5));
  });

  it('cuts at a teleport glitch: the glitch sample gets NaN and its neighbours keep their true speed', () => {
    // 5 m/s along x; frame 20 jumps 3 m sideways and back (an identity glitch).
    const cols = buildTracking([{ id: '1-10', samples: run(0, 41, (k) => [1000 + 20 * k, k === 20 ? 3300 : 3000]) }]);
    const v = speedsOf(cols, computeRowSpeeds(cols), '1-10');
    v.forEach((s, k) => {
      if (k === 20) expect(s).toBeNaN();
      else expect(Math.abs(s - 5)).toBeLessThan(1e-3);
    });
  });

  it('removes smoothed speeds above 12 m/s as implausible', () => {
    // 52 cm per frame = 13 m/s: smooth, so no single step is a teleport, but faster than any human.
    const cols = buildTracking([
      { id: '0-11', samples: run(0, 20, (k) => [1000 + 52 * k, 3000]) },
      { id: '0-12', samples: run(0, 20, (k) => [1000 + 46 * k, 3000]) },
    ]);
    const speeds = computeRowSpeeds(cols);
    for (const s of speedsOf(cols, speeds, '0-11')) expect(s).toBeNaN();
    for (const s of speedsOf(cols, speeds, '0-12')) expect(s).toBeCloseTo(11.5, 4);
  });

  it('takes the frame step as a parameter', () => {
    // 20 cm per 40 ms frame is 5 m/s; read as 50 fps (20 ms), the builder's 40 ms steps are gaps everywhere.
    const cols = buildTracking([{ id: '0-3', samples: run(0, 10, (k) => [1000 + 20 * k, 3000]) }]);
    for (const s of computeRowSpeeds(cols, { frameMs: 20 })) expect(s).toBeNaN();
    for (const s of computeRowSpeeds(cols, { frameMs: 40, window: 5 })) expect(s).toBeCloseTo(5, 4);
    expect(() => computeRowSpeeds(cols, { window: 4 })).toThrow(/odd/);
  });
});

describe('groupPlayerDetectionRows', () => {
  it('lists each player\'s detection rows in time order', () => {
    const cols = buildTracking([
      { id: '0-1', samples: run(0, 3, () => [0, 0]) },
      { id: null, role: ROLE_BALL, samples: run(0, 3, () => [0, 0]) },
      { id: '1-1', samples: [...run(0, 2, () => [0, 0]), ...run(2, 1, () => [0, 0], STATUS_PROJECTED)] },
    ]);
    const { offsets, rows } = groupPlayerDetectionRows(cols);
    // Row order per frame: 0-1, ball, 1-1 -> rows 0..8; 1-1's frame-2 row (8) is projected.
    expect(Array.from(offsets)).toEqual([0, 3, 5]);
    expect(Array.from(rows)).toEqual([0, 3, 6, 2, 5]);
  });
});
