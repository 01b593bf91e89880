import type { JerseyReading } from './jersey-reader.js';

export interface NumberDecision {
  number: number;
  /** 0-1: the winning number's share of the evidence, discounted while there are few readings. */
  confidence: number;
  /** Confident readings of this number. */
  votes: number;
}

/**
 * Numbers voted per track: one frame's reading is noisy (a fold turns 18 into 16, a turned player shows
 * a sliver of a digit), a track's many readings are not. Only readings the reader is sure of vote, each
 * with its confidence; a track gets a number when it has at least `minVotes` for it and the number holds
 * at least `minShare` of all its evidence, so a track that saw two different numbers (an identity switch
 * in a crowd) stays unnamed rather than half right. Pure: fed readings, asked for decisions.
 */
export class NumberVotes {
  private readonly byTrack = new Map<number, Map<number, { weight: number; votes: number }>>();

  constructor(private readonly o: { minVotes?: number; minShare?: number } = {}) {}

  add(track: number, reading: JerseyReading): void {
    if (reading.number === null) return;
    let votes = this.byTrack.get(track);
    if (!votes) this.byTrack.set(track, (votes = new Map()));
    const v = votes.get(reading.number) ?? { weight: 0, votes: 0 };
    v.weight += reading.confidence;
    v.votes += 1;
    votes.set(reading.number, v);
  }

  decide(track: number): NumberDecision | null {
    const votes = this.byTrack.get(track);
    if (!votes) return null;
    let best: [number, { weight: number; votes: number }] | null = null;
    let total = 0;
    for (const entry of votes) {
      total += entry[1].weight;
      if (!best || entry[1].weight > best[1].weight) best = entry;
    }
    if (!best) return null;
    const share = best[1].weight / total;
    if (best[1].votes < (this.o.minVotes ?? 2) || share < (this.o.minShare ?? 0.6)) return null;
    return { number: best[0], confidence: share * (1 - Math.exp(-best[1].votes / 3)), votes: best[1].votes };
  }

  tracks(): number[] {
    return [...this.byTrack.keys()];
  }
}
