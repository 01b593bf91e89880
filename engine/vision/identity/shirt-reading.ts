import type { FramePerson } from '../tracking/frame-person.js';
import { jerseyHeightPx } from './jersey-crop.js';
import type { JerseyReading } from './jersey-reader.js';
import { NumberVotes } from './number-votes.js';

/** The jersey reader as the stage uses it (engine/vision/identity/jersey-reader.ts). */
export interface ShirtReader {
  read(rgb: Uint8Array, width: number, height: number, boxes: readonly (readonly number[])[]): Promise<JerseyReading[]>;
}

export interface ReadableShirt {
  track: number;
  /** The person's box in the detail picture's pixels. */
  box: [number, number, number, number];
}

export interface ShirtSelection {
  /** Detail picture pixels per working-grid pixel. */
  scale: number;
  width: number;
  height: number;
  /** Smallest torso (detail pixels) worth reading: the reader was trained on 14 px and up. */
  minTorsoPx?: number;
}

/**
 * The people of a frame whose shirt can be read: tracked, one upright person (not a piece of a split
 * blob, not overlapping another, sized as one standing person), whole in the picture, with a torso of
 * at least `minTorsoPx` in the detail picture. Their boxes in detail pixels.
 */
export function readableShirts(people: readonly FramePerson[], s: ShirtSelection): ReadableShirt[] {
  const min = s.minTorsoPx ?? 14;
  const out: ReadableShirt[] = [];
  for (const p of people) {
    if (p.trackId === null || p.split || p.overlapWith !== null || p.scale < 0.75 || p.scale > 1.3) continue;
    const box = p.box.map((v) => v * s.scale) as [number, number, number, number];
    if (box[0] < 1 || box[1] < 1 || box[2] > s.width - 1 || box[3] > s.height - 1) continue;
    if (jerseyHeightPx(box) < min) continue;
    out.push({ track: p.trackId, box });
  }
  return out;
}

/** One reading the stage took, kept for contact sheets and diagnosis. */
export interface ShirtReadingLog extends ReadableShirt {
  frame: number;
  reading: JerseyReading;
}

/** One shirt the reader looked at: whose track, when, how tall the person was, whether it saw a number. */
export interface ShirtSighting {
  track: number;
  frame: number;
  /** The person box's height in the detail picture, pixels. */
  heightPx: number;
  /** The reader's probability that a number can be read at all. */
  legible: number;
}

/**
 * The shirt-number stage: on the frames that come with a detail picture, reads the readable shirts and
 * votes the readings per track. The decisions (`votes.decide(track)`) feed identity resolution at the
 * end of the video.
 */
export class ShirtReading {
  readonly votes = new NumberVotes();
  /** Every shirt looked at, legible or not: officials wear no numbers (unnumbered-officials.ts). */
  readonly sightings: ShirtSighting[] = [];
  crops = 0;
  readonly log: ShirtReadingLog[] | null;

  constructor(private readonly reader: ShirtReader, private readonly s: ShirtSelection, o: { keepLog?: boolean } = {}) {
    this.log = o.keepLog ? [] : null;
  }

  async frame(frame: number, detail: Uint8Array, people: readonly FramePerson[]): Promise<void> {
    const shirts = readableShirts(people, this.s);
    if (shirts.length === 0) return;
    const readings = await this.reader.read(detail, this.s.width, this.s.height, shirts.map((r) => r.box));
    this.crops += shirts.length;
    shirts.forEach((r, k) => {
      const reading = readings[k] as JerseyReading;
      this.votes.add(r.track, reading, frame);
      this.sightings.push({ track: r.track, frame, heightPx: r.box[3] - r.box[1], legible: reading.legible });
      this.log?.push({ ...r, frame, reading });
    });
  }
}
