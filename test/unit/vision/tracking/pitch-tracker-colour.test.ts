import { describe, expect, it } from 'vitest';
import { PitchTracker, type PitchTrackerOptions, type TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, SwitchCounter, detect, gaussian, rng } from './synthetic.js';

/**
 * A defender marks an attacker: they run the same way, side by side, and their paths cross twice at a
 * shallow angle, coming within 0.3 m of each other. Each is detected every frame (0.3 m noise), in the
 * shirt of his team: red (Lab 50, 65, 45) and white (Lab 95, 0, 2), each sample a little off.
 */
const RED = [50, 65, 45] as const;
const WHITE = [95, 0, 2] as const;

function run(seed: number, options: PitchTrackerOptions): number {
  const tracker = new PitchTracker(options);
  const rand = rng(seed);
  const counter = new SwitchCounter();
  const shirt = (c: readonly number[]): [number, number, number] => [c[0]! + 3 * gaussian(rand), c[1]! + 3 * gaussian(rand), c[2]! + 3 * gaussian(rand)];
  for (let f = 0; f < 150; f++) {
    const t = (f * FRAME_MS) / 1000;
    const x = 30 + 5 * t;
    // Lateral offsets that swap sides twice (at about 1.4 s and 4.1 s).
    const side = 0.9 * Math.sin(1.15 * t + 1.5);
    const a: TrackInput = { ...detect(x, 30 + side, rand), colour: shirt(RED) };
    const b: TrackInput = { ...detect(x + 0.15, 30 - side, rand), colour: shirt(WHITE) };
    const out = tracker.step(f * FRAME_MS, [a, b]);
    if (f < 3) continue;
    counter.see('A', out[0]?.trackId ?? null);
    counter.see('B', out[1]?.trackId ?? null);
  }
  return counter.switches;
}

describe('PitchTracker: shirt colour in the association', () => {
  it('by default keeps a defender and the attacker he marks apart where position alone swaps them', () => {
    let withColour = 0;
    let positionOnly = 0;
    for (let seed = 1; seed <= 20; seed++) {
      withColour += run(seed, {});
      positionOnly += run(seed, { colour: null });
    }
    expect(positionOnly).toBeGreaterThan(5);
    expect(withColour).toBe(0);
  });
});
