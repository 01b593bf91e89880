import { describe, expect, it } from 'vitest';
import { readableShirts, ShirtReading, type ShirtReader } from '../../../../engine/vision/identity/shirt-reading.js';
import type { FramePerson } from '../../../../engine/vision/tracking/frame-person.js';
import type { JerseyReading } from '../../../../engine/vision/identity/jersey-reader.js';

const person = (trackId: number | null, box: [number, number, number, number], o: Partial<FramePerson> = {}): FramePerson => ({
  box, foot: [(box[0] + box[2]) / 2, box[3]], x: 50, y: 30, scale: 1, split: false, trackId, confirmed: true, overlapWith: null, kit: null, ...o,
});

// Working grid 640x360, detail picture 1280x720 (scale 2): a 20 px person is 40 px tall in the detail.
const selection = { scale: 2, width: 1280, height: 720 };

describe('which shirts the number reader is shown', () => {
  it('keeps tracked, upright, whole people with a torso of 14 detail pixels or more, in detail pixels', () => {
    const shirts = readableShirts([person(1, [100, 100, 110, 120]), person(2, [200, 100, 206, 114])], selection);
    // 20 px on the grid -> 40 px in the detail -> torso 16.8 px: read; 14 px -> torso 11.8 px: too small.
    expect(shirts).toEqual([{ track: 1, box: [200, 200, 220, 240] }]);
  });

  it('leaves out untracked people, pieces of split blobs, overlapping people, odd sizes and people cut by the frame edge', () => {
    const box: [number, number, number, number] = [100, 100, 110, 125];
    const shirts = readableShirts([
      person(null, box), person(2, box, { split: true }), person(3, box, { overlapWith: 4 }), person(5, box, { scale: 1.6 }), person(6, box, { scale: 0.5 }),
      person(7, [0, 100, 10, 125]), person(8, [630, 335, 640, 360]), person(9, box),
    ], selection);
    expect(shirts.map((s) => s.track)).toEqual([9]);
  });
});

describe('the shirt-number stage', () => {
  it('votes each reading for its track and keeps a log when asked', async () => {
    // A stand-in reader answering by box position: the stage's bookkeeping, not the network, is under test.
    const reader: ShirtReader = {
      read: async (_rgb, _w, _h, boxes) => boxes.map((b): JerseyReading => ((b[0] as number) < 300 ? { number: 9, confidence: 0.9, legible: 0.95 } : { number: null, confidence: 0.2, legible: 0.3 })),
    };
    const stage = new ShirtReading(reader, selection, { keepLog: true });
    const people = [person(1, [100, 100, 110, 125]), person(2, [400, 100, 410, 125])];
    for (let f = 0; f < 15; f += 5) await stage.frame(f, new Uint8Array(1280 * 720 * 3), people);
    expect(stage.crops).toBe(6);
    expect(stage.votes.decide(1)).toMatchObject({ number: 9, votes: 3 });
    expect(stage.votes.decide(2)).toBeNull();
    expect(stage.log?.map((l) => [l.frame, l.track, l.reading.number])).toEqual([[0, 1, 9], [0, 2, null], [5, 1, 9], [5, 2, null], [10, 1, 9], [10, 2, null]]);
    // Every shirt looked at, legible or not, with its size in detail pixels (officials wear no numbers).
    expect(stage.sightings).toHaveLength(6);
    expect(stage.sightings[1]).toEqual({ track: 2, frame: 0, heightPx: 50, legible: 0.3 });
  });
});
