import { describe, expect, it } from 'vitest';
import { despikeRun } from '../../../../engine/vision/tracking/despike.js';
import { despikePlayers, despikeTracks } from '../../../../engine/vision/tracking/despike-tracks.js';
import { TrackingBuilder } from '../../../../engine/results/tracking-columns.js';

/** A player running at 7 m/s along x, sampled at 25 Hz, with a little detector jitter. */
function run(n: number): { x: Float64Array; y: Float64Array } {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = 30 + 0.28 * i + 0.03 * Math.sin(i * 1.7);
    y[i] = 20 + 0.03 * Math.cos(i * 2.3);
  }
  return { x, y };
}

describe('despikeRun (Hampel filter in two dimensions)', () => {
  it('replaces a one-frame and a two-frame spike by the median of their neighbourhood', () => {
    const { x, y } = run(40);
    const clean = { x: Float64Array.from(x), y: Float64Array.from(y) };
    y[10] = y[10]! + 2.1; // a foot point a couple of metres off for one frame
    x[25] = x[25]! - 1.4;
    x[26] = x[26]! - 1.5; // and for two
    expect(despikeRun(x, y, 0, 40)).toBe(3);
    for (const i of [10, 25, 26]) expect(Math.hypot(x[i]! - clean.x[i]!, y[i]! - clean.y[i]!), `frame ${i}`).toBeLessThan(0.3);
    // Everything else is untouched.
    for (let i = 0; i < 40; i++) if (![10, 25, 26].includes(i)) expect([x[i], y[i]]).toEqual([clean.x[i], clean.y[i]]);
  });

  it('leaves real motion alone: a sprint, a sharp turn, jitter under half a metre', () => {
    const { x, y } = run(40);
    for (let i = 20; i < 40; i++) y[i] = (y[i] as number) + 0.3 * (i - 20); // turns through 45 degrees and keeps going
    const before = [Float64Array.from(x), Float64Array.from(y)];
    expect(despikeRun(x, y, 0, 40)).toBe(0);
    expect([x, y]).toEqual(before);
  });

  it('does nothing to runs shorter than its window', () => {
    const { x, y } = run(6);
    y[3] = (y[3] as number) + 3;
    expect(despikeRun(x, y, 0, 6)).toBe(0);
  });
});

describe('despikeTracks', () => {
  it('filters each track\'s runs of consecutive frames separately, rows of other tracks interleaved', () => {
    const n = 30;
    const a = run(n);
    const rows = { length: 2 * n + 1, frame: new Int32Array(2 * n + 1), track: new Int32Array(2 * n + 1), x: new Float32Array(2 * n + 1), y: new Float32Array(2 * n + 1) };
    for (let f = 0; f < n; f++) {
      rows.frame[2 * f] = f;
      rows.track[2 * f] = 7;
      rows.x[2 * f] = a.x[f]!;
      rows.y[2 * f] = a.y[f]!;
      rows.frame[2 * f + 1] = f;
      rows.track[2 * f + 1] = 9;
      rows.x[2 * f + 1] = 80;
      rows.y[2 * f + 1] = 40 + (f === 12 ? 3 : 0);
    }
    rows.frame[2 * n] = 12;
    rows.track[2 * n] = -1; // no track: never touched
    rows.x[2 * n] = 5;
    rows.y[2 * n] = 5;
    rows.y[2 * 15] = rows.y[2 * 15]! + 2; // track 7, frame 15
    expect(despikeTracks(rows)).toBe(2);
    expect(rows.y[2 * 15]).toBeCloseTo(a.y[15]!, 0);
    expect(rows.y[2 * 12 + 1]).toBe(40);
    expect([rows.x[2 * n], rows.y[2 * n]]).toEqual([5, 5]);
  });
});

describe('despikePlayers', () => {
  it('filters an identified player\'s detected rows across the tracks they join; projected rows and other players untouched', () => {
    const b = new TrackingBuilder();
    const seven = b.playerIndex('0-7');
    const other = b.playerIndex('1-4');
    const { x, y } = run(30);
    for (let f = 0; f < 30; f++) {
      // Two tracks joined at frame 15, with the foot point of the handover frame two metres off.
      b.push({ timestamp: f * 40, role: 0, player: seven, playerIdConf: 1, x: Math.round(x[f]! * 100), y: Math.round((y[f]! + (f === 15 ? 2 : 0)) * 100), status: 0, track: f < 15 ? 1 : 2 });
      b.push({ timestamp: f * 40, role: 0, player: other, playerIdConf: 1, x: 8000, y: 4000 + (f === 15 ? 300 : 0), status: 2 });
    }
    const c = b.finish();
    expect(despikePlayers(c)).toBe(1);
    const row = (p: number, f: number) => [...Array(c.length).keys()].find((i) => c.player[i] === p && c.timestamp[i] === f * 40)!;
    expect(Math.abs(c.y[row(seven, 15)]! - y[15]! * 100)).toBeLessThan(30);
    expect(c.y[row(other, 15)]).toBe(4300);
  });
});
