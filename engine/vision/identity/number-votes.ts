import type { JerseyReading } from './jersey-reader.js';

/**
 * Only readings this sure vote. Measured on the engine's own crops of the rendered 10-minute fixture
 * (docs/benchmarks.md, bench:identity): readings at 0.95 and above are 98% right, from 0.9 84%, below
 * 0.85 about half (a 3 read as 5, 22 as 23): below 0.9 a reading adds more wrong votes than right ones.
 */
export const VOTE_CONFIDENCE = 0.9;
/**
 * A track is named with at least 3 sure readings of its number and the most of the weight (half or
 * more): with the current reader, and tracks whose squad is in doubt claiming no id (squad-doubt.ts), a
 * majority names more tracks rightly than a larger share would at few more wrong ones (measured on held-out
 * fixtures: docs/benchmarks.md, "Measured reasons moved from code comments"). A reader's confusion of two
 * numbers (16/18, 6/8) then leaves the track the number it read most.
 */
export const MIN_VOTES = 3;
export const MIN_SHARE = 0.5;

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
/** One sure reading of a track, and the frame it was read at (-1: not known). */
interface VotedReading {
  number: number;
  confidence: number;
  frame: number;
}

export class NumberVotes {
  private readonly byTrack = new Map<number, VotedReading[]>();

  constructor(private readonly o: { minVotes?: number; minShare?: number; minConfidence?: number } = {}) {}

  add(track: number, reading: JerseyReading, frame = -1): void {
    if (reading.number === null || reading.confidence < (this.o.minConfidence ?? VOTE_CONFIDENCE)) return;
    let list = this.byTrack.get(track);
    if (!list) this.byTrack.set(track, (list = []));
    list.push({ number: reading.number, confidence: reading.confidence, frame });
  }

  /** A track's sure readings in the order they came (frames ascending when fed frame by frame). */
  readings(track: number): readonly Readonly<VotedReading>[] {
    return this.byTrack.get(track) ?? [];
  }

  /** The readings of `track` from frame `from` on now belong to track `to` (a track cut in two). */
  move(track: number, from: number, to: number): void {
    const list = this.byTrack.get(track);
    if (!list) return;
    const moved = list.filter((r) => r.frame >= from);
    if (moved.length === 0) return;
    this.byTrack.set(track, list.filter((r) => r.frame < from));
    this.byTrack.set(to, [...(this.byTrack.get(to) ?? []), ...moved]);
  }

  decide(track: number): NumberDecision | null {
    return this.decideTogether([track]);
  }

  /** One decision over the readings of several tracks known to be one person (a stitched chain). */
  decideTogether(tracks: readonly number[]): NumberDecision | null {
    return this.decideReadings(tracks.flatMap((t) => this.byTrack.get(t) ?? []));
  }

  private decideReadings(readings: readonly VotedReading[]): NumberDecision | null {
    const won = voteWinner(readings, this.o.minVotes ?? MIN_VOTES, this.o.minShare ?? MIN_SHARE);
    return won ? { number: won.number, confidence: voteConfidence(won.weight, won.total, won.votes), votes: won.votes } : null;
  }

  tracks(): number[] {
    return [...this.byTrack.keys()];
  }
}

/**
 * How sure a vote is, 0-1: the winner's share of the evidence with one sure reading's worth of doubt
 * against it, discounted while there are few readings. The doubt makes the amount of evidence count and
 * not only its purity: a track that read 19 211 times and 10 four times is surer of 19 than one that read
 * it 14 times and nothing else (without the doubt the purer, shorter track won where the two overlapped,
 * and the long track lost its id).
 */
export function voteConfidence(weight: number, totalWeight: number, votes: number): number {
  return (weight / (totalWeight + 1)) * (1 - Math.exp(-votes / 3));
}

/**
 * The vote rule over sure readings: the number with the most weight (summed confidence) wins when it
 * has at least `minVotes` readings and `minShare` of all the weight (`total`), and more than any other
 * number; null otherwise.
 */
export function voteWinner(readings: readonly { number: number; confidence: number }[], minVotes: number, minShare: number): { number: number; weight: number; total: number; share: number; votes: number } | null {
  const votes = new Map<number, { weight: number; votes: number }>();
  for (const r of readings) {
    const v = votes.get(r.number) ?? { weight: 0, votes: 0 };
    v.weight += r.confidence;
    v.votes += 1;
    votes.set(r.number, v);
  }
  let best: [number, { weight: number; votes: number }] | null = null;
  let second = 0;
  let total = 0;
  for (const entry of votes) {
    total += entry[1].weight;
    if (!best || entry[1].weight > best[1].weight) {
      second = best ? best[1].weight : 0;
      best = entry;
    } else second = Math.max(second, entry[1].weight);
  }
  if (!best) return null;
  const share = best[1].weight / total;
  // A tie names nobody, whatever the share asked for.
  if (best[1].votes < minVotes || share < minShare || best[1].weight === second) return null;
  return { number: best[0], weight: best[1].weight, total, share, votes: best[1].votes };
}
