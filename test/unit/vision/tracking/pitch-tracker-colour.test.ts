import { describe, expect, it } from 'vitest';
import { PitchTracker, type PitchTrackerOptions, type TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { FRAME_MS, SwitchCounter, detect, gaussian, rng } from './synthetic.js';

/**
 * A defender marks an attacker: they run the same way, side by side, and their paths cross twice at a
 * shallow angle, coming within 0.3 m of each other. Each is detected every frame (0.3 m noise), in the
 * kit of his team (kitVector: shirt Lab, shorts Lab, dark and bright shares x 120): red with white
 * shorts, and white with black shorts, each sample a little off.
 */
const RED = [50, 65, 45, 95, 0, 2, 10, 5] as const;
const WHITE = [95, 0, 2, 12, 0, 0, 5, 90] as const;

function run(seed: number, options: PitchTrackerOptions): number {
  const tracker = new PitchTracker(options);
  const rand = rng(seed);
  const counter = new SwitchCounter();
  const kit = (c: readonly number[]) => c.map((v) => v + 6 * gaussian(rand));
  for (let f = 0; f < 150; f++) {
    const t = (f * FRAME_MS) / 1000;
    const x = 30 + 5 * t;
    // Lateral offsets that swap sides twice (at about 1.4 s and 4.1 s).
    const side = 0.9 * Math.sin(1.15 * t + 1.5);
    const a: TrackInput = { ...detect(x, 30 + side, rand), kit: kit(RED) };
    const b: TrackInput = { ...detect(x + 0.15, 30 - side, rand), kit: kit(WHITE) };
    const out = tracker.step(f * FRAME_MS, [a, b]);
    if (f < 3) continue;
    counter.see('A', out[0]?.trackId ?? null);
    counter.see('B', out[1]?.trackId ?? null);
  }
  return counter.switches;
}

describe('PitchTracker: kit colours in the association', () => {
  it('by default keeps a defender and the attacker he marks apart where position alone swaps them', () => {
    let withColour = 0;
    let positionOnly = 0;
    for (let seed = 1; seed <= 20; seed++) {
      withColour += run(seed, {});
      positionOnly += run(seed, { kit: null });
    }
    expect(positionOnly).toBeGreaterThan(5);
    expect(withColour).toBe(0);
  });
});
