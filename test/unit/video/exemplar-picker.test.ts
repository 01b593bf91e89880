import { describe, expect, it } from 'vitest';
import { ExemplarPicker, TrackCrops } from '../../../engine/video/exemplar-picker.js';

const W = 200;
const H = 120;

/** A grey frame with a sharp checkered figure in each box (so every box has detail). */
function frame(boxes: [number, number, number, number][]): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(90);
  for (const [x0, y0, x1, y1] of boxes) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.fill((x + y) % 2 ? 230 : 20, (y * W + x) * 3, (y * W + x) * 3 + 3);
  }
  return rgb;
}

describe('ExemplarPicker', () => {
  it('keeps tall, whole, lone people; not those cut by the edge, touching another, overlapping or too small', () => {
    const picker = new ExemplarPicker(0, 10_000, 1, 8);
    const people = [
      { box: [20, 20, 40, 80] as const, trackId: 1 },      // alone, 60 px: kept
      { box: [100, 20, 115, 70] as const, trackId: 2 },    // touching 3
      { box: [116, 20, 131, 70] as const, trackId: 3 },
      { box: [180, 30, 199, 90] as const, trackId: 4 },    // its padding leaves the frame
      { box: [60, 90, 66, 105] as const, trackId: 5 },     // 15 px: too small
      { box: [150, 20, 165, 60] as const, trackId: 6, overlapWith: 2 },
    ];
    picker.offer(0, frame(people.map((p) => [...p.box] as [number, number, number, number])), W, H, people);
    const [team0] = picker.pick(() => 0);
    expect(team0.map((c) => c.trackId)).toEqual([1]);
    // The crop is the box grown by a fifth of its height on each side.
    expect([team0[0]!.width, team0[0]!.height]).toEqual([20 + 24, 60 + 24]);
  });

  it('spreads a squad\'s crops over the match windows and splits them by squad', () => {
    const picker = new ExemplarPicker(0, 10_000, 5, 4);
    for (let w = 0; w < 5; w++) {
      const people = [{ box: [20, 20, 40, 80] as const, trackId: 10 + w }, { box: [120, 20, 140, 80] as const, trackId: 20 + w }];
      for (let k = 0; k < 3; k++) picker.offer(w * 2000 + k * 40, frame(people.map((p) => [...p.box] as [number, number, number, number])), W, H, people);
    }
    const [a, b] = picker.pick((track) => (track < 20 ? 0 : 1), 3);
    expect(a.map((c) => c.trackId)).toEqual([10, 11, 12]);
    expect(b.map((c) => c.trackId)).toEqual([20, 21, 22]);
  });
});

describe('TrackCrops (per-player exemplar crops)', () => {
  it('keeps each track\'s best crop, then gives each player his best few across his tracks, none to tracks without an id', () => {
    const crops = new TrackCrops();
    // Track 1 grows nearer the camera over three frames; tracks 2 and 3 are the same player later; 4 has no id.
    for (const [t, h] of [[0, 30], [40, 50], [80, 40]] as const) {
      const people = [{ box: [20, 20, 40, 20 + h] as const, trackId: 1 }];
      crops.offer(t, frame(people.map((p) => [...p.box] as [number, number, number, number])), W, H, people);
    }
    for (const trackId of [2, 3, 4]) {
      const people = [{ box: [120, 20, 140, 60] as const, trackId }];
      crops.offer(1000 * trackId, frame(people.map((p) => [...p.box] as [number, number, number, number])), W, H, people);
    }
    const picked = crops.pick((track) => (track === 4 ? null : track === 1 ? '0-7' : '1-4'), 5);
    expect([...picked.keys()].sort()).toEqual(['0-7', '1-4']);
    expect(picked.get('0-7')?.map((c) => [c.trackId, c.tMs, c.height])).toEqual([[1, 40, 50 + 20]]);
    expect(picked.get('1-4')?.map((c) => c.trackId).sort()).toEqual([2, 3]);
    expect(crops.pick(() => '1-4', 2).get('1-4')).toHaveLength(2);
  });
});
