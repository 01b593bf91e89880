import { describe, expect, it } from 'vitest';
import { smoothedSpeeds } from '../../../bench/eval/smoothed-speeds.js';

describe('smoothedSpeeds', () => {
  it('reads a steady run at its speed through jitter that makes raw steps look twice as fast', () => {
    // 5 m/s along x for 4 s at 25 fps, the foot point jittering 0.15 m frame to frame.
    const track = Array.from({ length: 100 }, (_, f) => ({ t: f * 40, x: 5 * f * 0.04 + (f % 2 ? 0.15 : -0.15), y: 10 }));
    const v = smoothedSpeeds([track], 40);
    expect(v.length).toBe(92);
    for (const s of v) expect(Math.abs(s - 5)).toBeLessThan(1);
    const raw = track.slice(1).map((p, i) => Math.abs(p.x - (track[i] as { x: number }).x) / 0.04);
    expect(Math.max(...raw)).toBeGreaterThan(10);
  });

  it('takes no window across a gap', () => {
    const track = [...Array.from({ length: 6 }, (_, f) => ({ t: f * 40, x: f, y: 0 })), ...Array.from({ length: 6 }, (_, f) => ({ t: 1000 + f * 40, x: f, y: 0 }))];
    expect(smoothedSpeeds([track], 40)).toHaveLength(0);
  });
});
