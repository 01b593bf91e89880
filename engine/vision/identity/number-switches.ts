import { MIN_VOTES, VOTE_CONFIDENCE, voteWinner } from './number-votes.js';

/**
 * A run of readings names its number with 75% of its weight: a cut made on a reader's confusion splits one
 * man in two, so a run must be clearer than a whole track must be to be named (number-votes.ts MIN_SHARE).
 */
export const SWITCH_RUN_SHARE = 0.75;

/** One shirt reading of a track, at the frame it was read. */
export interface TimedReading {
  frame: number;
  number: number | null;
  confidence: number;
}

export interface SwitchOptions {
  minVotes?: number;
  minShare?: number;
  minConfidence?: number;
  /**
   * Whether the track may have changed hands between two frames (exclusive): the tracker swaps people
   * where they meet, so a switch is believed only where the track overlapped somebody or was lost for a
   * while. Absent: anywhere.
   */
  couldSwitch?: (from: number, to: number) => number | null;
}

/**
 * Where a track changed hands, from its shirt readings: the tracker sometimes carries one man's track
 * on with another (two players crossing, one hiding the other), and the track's readings then say one
 * number for a while and another after. Each such track is cut where the readings change: a run that
 * votes number A by the vote rule of number-votes.ts (at least `minVotes` sure readings, and `minShare`
 * of the weight, SWITCH_RUN_SHARE by default) followed by a run that votes a different number B. Cuts are searched recursively (a
 * track may change hands twice) at the split of the readings that leaves the most winning weight on
 * both sides. A cut is made only where `couldSwitch` finds a moment the track could have changed hands
 * between the two readings (it returns that frame); otherwise between them. Returns the frames at which
 * a new person begins, ascending. A reader's confusions (16 read as 18 now and then) do not cut: the
 * run of the other number must win its side clearly.
 */
export function numberSwitches(readings: readonly TimedReading[], o: SwitchOptions = {}): number[] {
  const minVotes = o.minVotes ?? MIN_VOTES;
  const minShare = o.minShare ?? SWITCH_RUN_SHARE;
  const minConfidence = o.minConfidence ?? VOTE_CONFIDENCE;
  const sure = readings.filter((r) => r.number !== null && r.confidence >= minConfidence).sort((a, b) => a.frame - b.frame);
  const cuts: number[] = [];
  const winner = (from: number, to: number) => voteWinner(sure.slice(from, to) as { number: number; confidence: number }[], minVotes, minShare);
  const search = (from: number, to: number) => {
    let bestAt = -1;
    let bestWeight = 0;
    let bestFrame = 0;
    for (let k = from + minVotes; k <= to - minVotes; k++) {
      const a = sure[k - 1] as TimedReading;
      const b = sure[k] as TimedReading;
      if (a.frame === b.frame) continue;
      const left = winner(from, k);
      const right = winner(k, to);
      let weight: number;
      if (left && right) {
        if (left.number === right.number) continue;
        weight = left.weight + right.weight;
      } else if (left || right) {
        // One side names a man; the other holds as many sure readings, hardly any of them his number (an
        // unsure mix, say 6 and 8, after a clear run of 24): somebody else.
        const named = (left ?? right) as { number: number; weight: number };
        const [a0, a1] = left ? [k, to] : [from, k];
        if (a1 - a0 < minVotes) continue;
        let his = 0;
        let all = 0;
        for (let i = a0; i < a1; i++) {
          const r = sure[i] as TimedReading;
          all += r.confidence;
          if (r.number === named.number) his += r.confidence;
        }
        if (his / all > 1 - minShare) continue;
        weight = named.weight;
      } else continue;
      const at = o.couldSwitch ? o.couldSwitch(a.frame + 1, b.frame) : Math.round((a.frame + b.frame + 1) / 2);
      if (at === null) continue;
      if (weight > bestWeight) {
        bestWeight = weight;
        bestAt = k;
        bestFrame = at;
      }
    }
    if (bestAt < 0) return;
    search(from, bestAt);
    cuts.push(bestFrame);
    search(bestAt, to);
  };
  search(0, sure.length);
  return cuts;
}
