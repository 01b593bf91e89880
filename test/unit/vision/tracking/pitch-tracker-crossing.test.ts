import { describe, expect, it } from 'vitest';
import { PitchTracker, type TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, SwitchCounter, detect, rng, toyBox } from './synthetic.js';

/**
 * Two players run through the same point at the same moment (frame 50, at (50, 30)), 5 m/s each. For the
 * 10 frames around it the detector sees one blob for the two: one detection, the other missing. Either the
 * detection sits on A, the player in front (B is hidden behind him; the detection counts as A's), or on
 * the middle of the two (a blob's foot point; the detection counts as neither's). Bystanders stand 15 m away.
 */
const FRAMES = 110;
const CROSS = 50;
const MERGED = [CROSS - 5, CROSS + 5] as const;

type Where = 'front player' | 'midpoint';

function run(angleDeg: number, where: Where, seed: number) {
  const speed = 5;
  const a = (angleDeg * Math.PI) / 180;
  const vA: [number, number] = [speed, 0];
  const vB: [number, number] = [speed * Math.cos(a), speed * Math.sin(a)];
  const at = (v: [number, number], f: number): [number, number] => {
    const t = ((f - CROSS) * FRAME_MS) / 1000;
    return [50 + v[0] * t, 30 + v[1] * t];
  };
  const bystanders: Array<[number, number]> = [
    [35, 30],
    [65, 30],
    [50, 15],
    [50, 45],
  ];
  const tracker = new PitchTracker();
  const rand = rng(seed);
  const counter = new SwitchCounter();
  /** Per frame: the id on A's detection (the shared one while merged) and on B's (undefined while merged). */
  const seen: Array<{ f: number; a: number | null | undefined; b: number | null | undefined }> = [];
  let handOvers = 0;
  for (let f = 0; f < FRAMES; f++) {
    const [ax, ay] = at(vA, f);
    const [bx, by] = at(vB, f);
    const merged = f >= MERGED[0] && f < MERGED[1];
    const dets: TrackInput[] = [];
    if (merged) {
      const d = where === 'front player' ? detect(ax, ay, rand) : detect((ax + bx) / 2, (ay + by) / 2, rand);
      // The blob's box covers both players.
      const [pa, pb] = [toyBox(ax, ay), toyBox(bx, by)];
      d.box = [Math.min(pa[0], pb[0]), Math.min(pa[1], pb[1]), Math.max(pa[2], pb[2]), Math.max(pa[3], pb[3])];
      dets.push(d);
    } else {
      dets.push(detect(ax, ay, rand), detect(bx, by, rand));
    }
    for (const [x, y] of bystanders) dets.push(detect(x, y, rand));
    const out = tracker.step(f * FRAME_MS, dets);
    if (merged && f > MERGED[0] && out[0]?.trackId !== seen[f - 1]?.a) handOvers++;
    seen.push({ f, a: out[0]?.trackId, b: merged ? undefined : out[1]?.trackId });
    if (f < 3) continue;
    if (!merged || where === 'front player') counter.see('A', out[0]?.trackId ?? null);
    if (!merged) counter.see('B', out[1]?.trackId ?? null);
  }
  return { seen, switches: counter.switches, handOvers };
}

/** Runs one case over 10 seeds. */
function tally(angle: number, where: Where) {
  let keptAfter = 0;
  let overOneSwitch = 0;
  let handOvers = 0;
  for (let seed = 1; seed <= 10; seed++) {
    const r = run(angle, where, seed);
    const before = r.seen[MERGED[0] - 1] as { a: number; b: number };
    expect(before.a).not.toBe(before.b);
    // Kept: from 5 frames after the merge to the end, each has the id he had before it.
    if (r.seen.slice(MERGED[1] + 5).every((s) => s.a === before.a && s.b === before.b)) keptAfter++;
    if (r.switches > 1) overOneSwitch++;
    handOvers += r.handOvers;
  }
  return { keptAfter, overOneSwitch, handOvers };
}

describe('PitchTracker: two players crossing, detected as one for 10 frames', () => {
  const cases: Array<[number, Where]> = [
    [90, 'front player'],
    [90, 'midpoint'],
    [150, 'front player'],
    [150, 'midpoint'],
  ];

  it.each(cases)('crossing at %i°, merged detection on the %s: ids kept after the crossing', (angle, where) => {
    const { keptAfter, overOneSwitch, handOvers } = tally(angle, where);
    expect(keptAfter).toBe(10);
    // At most one switch per crossing (the shared detection going to B's track and staying), in all runs but
    // at most one of ten: when noise puts the shared detection nearer the other track's prediction by more
    // than the coasting penalty it changes hands, and back after, which positions alone cannot prevent.
    expect(overOneSwitch).toBeLessThanOrEqual(1);
    // The shared detection mostly stays with one track (0-5 hand-overs in 10 runs over 200 seeds); without
    // the coasting penalty it changes hands 20-40 times in 10 runs, to whichever prediction noise favours.
    expect(handOvers).toBeLessThanOrEqual(10);
  });

  it('keeps ids in most runs even at 60°, where the two run nearly together and the merge is ambiguous from its first frame', () => {
    // Over 200 seeds ids are kept in about 97% of runs; a lost one is a swap decided early in the merge, while
    // the shared detection is about as near one prediction as the other.
    for (const where of ['front player', 'midpoint'] as const) expect(tally(60, where).keptAfter).toBeGreaterThanOrEqual(8);
  });
});
