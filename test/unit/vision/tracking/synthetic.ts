import type { TrackInput } from '../../../../engine/vision/tracking/pitch-tracker.js';
import { createRng } from '../../../../engine/match-data/rng.js';

/** Synthetic scenes for the tracker's tests: seeded noise, a toy camera for boxes, an id-switch counter. */

export const FRAME_MS = 40;

/** A seeded generator (the simulator's Mulberry32), so every scenario is the same on every run. */
export function rng(seed: number): () => number {
  return createRng(seed).next;
}

export function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/**
 * A toy broadcast camera on the near touchline: far players (large y) stand higher in the picture and
 * smaller. Good enough for overlap tests, which is all the tracker uses boxes for.
 */
export function toyBox(x: number, y: number): [number, number, number, number] {
  const depth = 68 - y;
  const h = 30 + depth * 0.6;
  const w = h * 0.4;
  const u = 60 + x * 17;
  const v = 150 + depth * 12;
  return [u - w / 2, v - h, u + w / 2, v];
}

/** A detection of someone standing at (x, y), its position read with Gaussian noise of sigma metres. */
export function detect(x: number, y: number, rand: () => number, sigma = 0.3, score = 0.9): TrackInput {
  return { x: x + sigma * gaussian(rand), y: y + sigma * gaussian(rand), box: toyBox(x, y), score };
}

/**
 * 22 players on smooth random paths, two teams of 11: each player wanders around a place in his team's
 * shape (three random sinusoids per axis, up to 1.25 m each way, 0.1-0.35 Hz), the two shapes interlock
 * (every player has an opponent about 5 m away) and the whole block shifts up and down the pitch and
 * across it together. Speeds reach 5-6 m/s, accelerations up to 4-6 m/s²; nobody comes closer than about 1.5 m
 * (closer, two players' detections merge: that is another test). Returns positions[frame][player].
 */
export function crowd(frames: number, seed: number): Array<Array<[number, number]>> {
  const rand = rng(seed);
  const places: Array<[number, number]> = [];
  // 11 places per team on a loose grid; the second team sits 4 m along and 3 m across from the first.
  for (let i = 0; i < 11; i++) places.push([22 + (i % 4) * 16 + (i >= 8 ? 8 : 0), 10 + Math.floor(i / 4) * 16 + (i >= 8 ? 8 : 0)]);
  for (let i = 0; i < 11; i++) {
    const [x, y] = places[i] as [number, number];
    places.push([x + 3, y + 2.5]);
  }
  const wander = places.map(() =>
    Array.from({ length: 6 }, () => ({ amp: 1.25 / 3, hz: 0.1 + rand() * 0.25, phase: rand() * 2 * Math.PI })),
  );
  const out: Array<Array<[number, number]>> = [];
  for (let f = 0; f < frames; f++) {
    const t = (f * FRAME_MS) / 1000;
    const shiftX = 10 * Math.sin(2 * Math.PI * 0.05 * t);
    const shiftY = 5 * Math.sin(2 * Math.PI * 0.03 * t + 1);
    out.push(
      places.map(([x, y], p) => {
        const w = wander[p] as Array<{ amp: number; hz: number; phase: number }>;
        let dx = 0;
        let dy = 0;
        w.forEach((s, k) => {
          const v = s.amp * Math.sin(2 * Math.PI * s.hz * t + s.phase);
          if (k < 3) dx += v;
          else dy += v;
        });
        return [x + shiftX + dx, y + shiftY + dy];
      }),
    );
  }
  return out;
}

/**
 * Counts identity switches: each time a truth object is given a track id different from the one it had
 * the last time it was given one (frames where it was not detected, or got no id, do not count).
 */
export class SwitchCounter {
  readonly last = new Map<string, number>();
  switches = 0;

  see(truth: string, trackId: number | null): void {
    if (trackId === null) return;
    const before = this.last.get(truth);
    if (before !== undefined && before !== trackId) this.switches++;
    this.last.set(truth, trackId);
  }
}
