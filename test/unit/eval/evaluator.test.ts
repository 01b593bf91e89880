import { beforeAll, describe, expect, it } from 'vitest';
import { simulateMatch } from '../../../engine/sim/simulate.js';
import { toTruthEvents } from '../../../engine/match-data/truth-events.js';
import { FrameRenderer } from '../../../engine/sim/render/frame-renderer.js';
import type { FrameTruth } from '../../../engine/match-data/frame-truth.js';
import { TRUTH_FORMAT } from '../../../engine/io/sim-truth.js';
import { evaluate } from '../../../bench/eval/metrics.js';
import { truthAsEngineOutput } from '../../../bench/eval/truth-as-engine.js';
import type { EngineOutput, EvalTruth, Metric } from '../../../bench/eval/eval-types.js';
import type { Mat3 } from '../../../engine/geometry/camera.js';
import { sampleMinute } from '../../helpers/synthetic-match.js';

let truth: EvalTruth;
let perfect: EngineOutput;
const value = (metrics: Metric[], name: string): number => {
  const m = metrics.find((x) => x.name.startsWith(name));
  if (!m || m.value === null) throw new Error(`no value for ${name}`);
  return m.value;
};
const clone = (e: EngineOutput): EngineOutput => ({
  ...e, rows: e.rows.map((r) => ({ ...r })), events: e.events.map((x) => ({ ...x })),
  calibration: e.calibration ? new Map(e.calibration) : null,
});

beforeAll(() => {
  const source = sampleMinute();
  const track = simulateMatch(source, { seed: 4, fromMs: 4_000, durationMs: 8_000 });
  const events = toTruthEvents(source, track.startMs, track.startMs + 8_000);
  const r = new FrameRenderer(track, events, source.periods, { camera: 'broadcast', width: 640, height: 360, seed: 4, cuts: false });
  const frames: FrameTruth[] = [];
  for (let f = 0; f < r.frames; f++) frames.push(r.renderNext().truth);
  truth = {
    sim: {
      meta: { format: TRUTH_FORMAT, version: 1, seed: 4, source: { file: 'synthetic', format: 'test' }, start_ms: track.startMs, frame_ms: 40, frames: track.frames, pitch: { length_m: 105, width_m: 68 }, periods: source.periods, objects: track.objects },
      track, events,
    },
    frames,
  };
  perfect = truthAsEngineOutput(truth);
}, 60_000);

describe('evaluator: the perfect engine scores perfectly', () => {
  it('every metric at its best', () => {
    const m = evaluate(truth, perfect);
    for (const name of ['calibration: analysable', 'detection: precision', 'detection: recall', 'people: precision', 'people: recall', 'people: role', 'people: team', 'identity: rows with the correct', 'HOTA', 'GS-HOTA', 'ball:', 'possession:']) {
      expect(value(m, name), name).toBeCloseTo(1, 6);
    }
    expect(value(m, 'calibration: pitch-point error median')).toBeLessThan(1e-6);
    expect(value(m, 'people: pitch position error median')).toBeLessThan(0.01);
    expect(value(m, 'identity: rows with a wrong')).toBe(0);
    expect(value(m, 'physical: distance error, players on camera most')).toBeLessThan(0.02);
    expect(value(m, 'physical: distance error, players detected a minute')).toBeLessThan(0.02);
    expect(value(m, 'projected: position error median, under 10 s')).toBeLessThan(0.01);
    expect(value(m, 'projected: position error median, all')).toBeLessThan(0.01);
    for (const e of m.filter((x) => x.name.startsWith('events:'))) expect(e.value, e.name).toBe(1);
  });
});

describe('evaluator: believable movement', () => {
  it('the perfect engine moves as the truth does; a foot point jumping 1.5 m every other frame shows as impossible steps and speed', () => {
    const m = evaluate(truth, perfect);
    const share = m.find((x) => x.name.startsWith('movement: detected steps faster'));
    expect(share?.value).toBe(0);
    expect(share?.note).toBe('truth 0.00%');
    const top = m.find((x) => x.name.startsWith('movement: top speed of any track'));
    expect(top?.note).toBe(`truth ${(top?.value as number).toFixed(1)} km/h`);
    expect(top?.value).toBeLessThan(37);
    const e = clone(perfect);
    for (const r of e.rows) if (r.role !== 'ball' && Math.round(r.timestamp / 40) % 2 === 0) r.x += 150;
    const jumpy = evaluate(truth, e);
    expect(value(jumpy, 'movement: detected steps faster')).toBeGreaterThan(0.9);
    expect(value(jumpy, 'movement: top speed')).toBeGreaterThan(top?.value as number);
  });
});

describe('evaluator: projected rows', () => {
  it('score the distance from where the player was, whatever the detected rows do', () => {
    const e = clone(perfect);
    for (const r of e.rows) if (r.status === 'projected') r.y += 400;
    const m = evaluate(truth, e);
    expect(m.find((x) => x.name.startsWith('projected: position error median, all'))?.note).toMatch(/^[1-9]\d* rows$/);
    expect(value(m, 'projected: position error median, all')).toBeCloseTo(4, 1);
    expect(value(m, 'people: pitch position error median')).toBeLessThan(0.01);
  });
});

describe('evaluator: each metric moves the way it should', () => {
  it('shifted positions: position error equals the shift, HOTA falls, detection does not', () => {
    const e = clone(perfect);
    for (const r of e.rows) if (r.role !== 'ball') r.x += 200;
    const m = evaluate(truth, e);
    expect(value(m, 'people: pitch position error median')).toBeCloseTo(2, 1);
    // Localisation similarity at 2 m with tau 5 m is exp(ln 0.05 x 0.16) = 0.62: HOTA drops well below 1.
    expect(value(m, 'HOTA')).toBeLessThan(0.85);
    expect(value(m, 'HOTA')).toBeGreaterThan(0.4);
    expect(value(m, 'people: recall')).toBeCloseTo(1, 6);
  });

  it('swapped identities: identity accuracy and association fall, detection stays', () => {
    const e = clone(perfect);
    const half = truth.sim.track.startMs + 4_000;
    for (const r of e.rows) {
      if (r.timestamp < half) continue;
      if (r.player_id === '0-4') Object.assign(r, { player_id: '0-7', track_id: '0-7' });
      else if (r.player_id === '0-7') Object.assign(r, { player_id: '0-4', track_id: '0-4' });
    }
    const m = evaluate(truth, e);
    const base = evaluate(truth, perfect);
    expect(value(m, 'identity: rows with a wrong')).toBeGreaterThan(0.02);
    expect(value(m, 'identity: rows with the correct')).toBeLessThan(1);
    expect(value(m, 'GS-HOTA')).toBeLessThan(value(base, 'GS-HOTA') - 0.01);
    expect(value(m, 'HOTA')).toBeLessThan(1 - 1e-3);
    expect(value(m, 'people: recall')).toBeCloseTo(1, 6);
  });

  it('dropped frames: recall and DetA fall, precision stays', () => {
    const e = clone(perfect);
    const times = [...new Set(e.rows.map((r) => r.timestamp))];
    const dropped = new Set(times.filter((_, i) => i % 10 < 3));
    e.rows = e.rows.filter((r) => !dropped.has(r.timestamp));
    const m = evaluate(truth, e);
    expect(value(m, 'people: recall')).toBeGreaterThan(0.6);
    expect(value(m, 'people: recall')).toBeLessThan(0.8);
    expect(value(m, 'people: precision')).toBeCloseTo(1, 6);
    expect(value(m, 'HOTA')).toBeLessThan(0.9);
  });

  it('false positives: precision falls, recall stays', () => {
    const e = clone(perfect);
    const times = [...new Set(e.rows.map((r) => r.timestamp))];
    for (const t of times) e.rows.push({ timestamp: t, role: 'player', player_id: null, x: 100, y: 100, bbox_x: 5, bbox_y: 5, status: 'detected' });
    const m = evaluate(truth, e);
    expect(value(m, 'people: precision')).toBeLessThan(0.97);
    expect(value(m, 'people: recall')).toBeCloseTo(1, 6);
  });

  it('team labels: a global swap costs nothing (labels are arbitrary), random flips do', () => {
    const swapped = clone(perfect);
    for (const r of swapped.rows) {
      if (r.team === 0 || r.team === 1) r.team = (1 - r.team) as 0 | 1;
      if (r.player_id) r.player_id = `${r.player_id.startsWith('0-') ? 1 : 0}-${r.player_id.slice(2)}`;
    }
    const m = evaluate(truth, swapped);
    expect(value(m, 'people: team accuracy')).toBeCloseTo(1, 6);
    expect(value(m, 'GS-HOTA')).toBeCloseTo(1, 6);
    const noisy = clone(perfect);
    noisy.rows.forEach((r, i) => {
      if (i % 4 === 0 && (r.team === 0 || r.team === 1)) r.team = (1 - r.team) as 0 | 1;
    });
    const n = evaluate(truth, noisy);
    expect(value(n, 'people: team accuracy')).toBeLessThan(0.85);
    expect(value(n, 'people: team accuracy')).toBeGreaterThan(0.6);
  });

  it('events: missing ones cut recall, late ones (2 s) miss entirely', () => {
    const e = clone(perfect);
    const passes = e.events.filter((x) => x.type === 'pass');
    e.events = e.events.filter((x) => x.type !== 'pass' || passes.indexOf(x) % 2 === 0);
    const m = evaluate(truth, e);
    expect(m.find((x) => x.name.startsWith('events: pass'))?.note).toMatch(/P 1.00 R 0.[45]/);
    const late = clone(perfect);
    for (const x of late.events) x.start_ms += 2000;
    expect(value(evaluate(truth, late), 'events: pass')).toBe(0);
  });

  it('calibration: a wrong homography shows as metres, a missing one as coverage', () => {
    const e = clone(perfect);
    let k = 0;
    for (const [t, H] of e.calibration as Map<number, Mat3 | null>) {
      const drop = k++ % 2 === 0;
      // Scaling the homography's x column stretches the pitch sideways: errors grow across the picture.
      (e.calibration as Map<number, Mat3 | null>).set(t, drop ? null : [H![0] * 1.05, H![1], H![2], H![3] * 1.05, H![4], H![5], H![6] * 1.05, H![7], H![8]] as Mat3);
    }
    const m = evaluate(truth, e);
    expect(value(m, 'calibration: analysable frames calibrated')).toBeCloseTo(0.5, 1);
    expect(value(m, 'calibration: pitch-point error median')).toBeGreaterThan(0.3);
  });

  it('ball: 3 m off counts as not found', () => {
    const e = clone(perfect);
    for (const r of e.rows) if (r.role === 'ball') r.x += 300;
    expect(value(evaluate(truth, e), 'ball:')).toBe(0);
  });

  it('ball: one resting 3 m beyond the far touchline, written on the line, is found as rows can state it', () => {
    const track = truth.sim.track;
    const n = track.objects.length;
    const y = Float32Array.from(track.y);
    for (let f = 0; f < track.frames; f++) y[f * n + n - 1] = 71;
    const beyond: EvalTruth = { ...truth, sim: { ...truth.sim, track: { ...track, y } } };
    const e = clone(perfect);
    for (const r of e.rows) if (r.role === 'ball') r.y = 6800;
    const m = evaluate(beyond, e);
    expect(value(m, 'ball: detected within 2 m')).toBe(0);
    expect(value(m, 'ball: within 2 m of the truth as rows state it')).toBe(1);
  });

  it('possession: the wrong team every frame scores zero', () => {
    const e = clone(perfect);
    for (const x of e.events) if (x.type === 'team_possession') x.team = x.team === 0 ? 1 : 0;
    expect(value(evaluate(truth, e), 'possession:')).toBe(0);
  });

  it('distance: an engine whose positions wander overestimates distance (frame-to-frame jitter the smoothing removes)', () => {
    const e = clone(perfect);
    // A metre each way once a second: motion no smoothing can tell from running.
    for (const r of e.rows) if (r.role !== 'ball') r.x += Math.round(100 * Math.sin((2 * Math.PI * r.timestamp) / 1000));
    expect(value(evaluate(truth, e), 'physical: distance error, players detected a minute')).toBeGreaterThan(0.2);
  });
});
