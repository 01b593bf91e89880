import { describe, expect, it } from 'vitest';
import { simulateMatch } from '../../../engine/sim/simulate.js';
import { toTruthEvents } from '../../../engine/match-data/truth-events.js';
import { FrameRenderer, type RenderOptions } from '../../../engine/sim/render/frame-renderer.js';
import type { FrameTruth } from '../../../engine/match-data/frame-truth.js';
import { sampleMinute } from '../../helpers/synthetic-match.js';

const W = 960;
const H = 540;
const source = sampleMinute();
const track = simulateMatch(source, { seed: 4, fromMs: 10_000, durationMs: 400 });
const events = toTruthEvents(source);

function firstFrames(extra: Partial<RenderOptions>, n = 3): { rgba: Uint8ClampedArray; truth: FrameTruth }[] {
  const r = new FrameRenderer(track, events, source.periods, { camera: 'broadcast', width: W, height: H, seed: 5, cuts: false, ...extra });
  const out: { rgba: Uint8ClampedArray; truth: FrameTruth }[] = [];
  for (let f = 0; f < n; f++) {
    const x = r.renderNext();
    out.push({ rgba: new Uint8ClampedArray(x.rgba), truth: x.truth });
  }
  return out;
}

describe('rendered boots', () => {
  const plain = firstFrames({});
  const black = firstFrames({ boots: 'black' });
  const varied = firstFrames({ boots: 'varied' });

  it('are black unless asked otherwise, so every fixture rendered before renders the same', () => {
    plain.forEach((f, i) => expect(Buffer.compare(Buffer.from(f.rgba), Buffer.from((black[i] as typeof f).rgba))).toBe(0));
  });

  it('in varied colours change only the pixels at the feet, and nothing of the truth', () => {
    let changed = 0;
    let atFeet = 0;
    let bright = 0;
    varied.forEach((f, i) => {
      const b = black[i] as typeof f;
      expect(JSON.stringify(f.truth)).toBe(JSON.stringify(b.truth));
      const feet = b.truth.objects.filter((o) => o.box).map((o) => {
        const [x0, y0, x1, y1] = o.box as [number, number, number, number];
        return [x0 - 2, y1 - 0.2 * (y1 - y0) - 2, x1 + 2, y1 + 2] as const;
      });
      for (let p = 0; p < W * H; p++) {
        const k = p * 4;
        if (f.rgba[k] === b.rgba[k] && f.rgba[k + 1] === b.rgba[k + 1] && f.rgba[k + 2] === b.rgba[k + 2]) continue;
        changed++;
        const x = p % W;
        const y = (p - x) / W;
        if (feet.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1)) atFeet++;
        if (Math.max(f.rgba[k] as number, f.rgba[k + 1] as number, f.rgba[k + 2] as number) > 180) bright++;
      }
    });
    expect(changed).toBeGreaterThan(20);
    // An edge pixel of a figure cut by the picture's border may fall outside its clipped box.
    expect(atFeet / changed).toBeGreaterThan(0.99);
    expect(bright).toBeGreaterThan(5);
  });
});
