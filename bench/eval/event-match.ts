/** An event as scoring sees it: when it starts and, where it matters, which team made it. */
export interface TimedEvent {
  t: number;
  team?: number | null;
}

export interface EventScore {
  tp: number;
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Events matched one to one within `tolMs` of each other (and of the same team when both name one):
 * each truth event, in order, takes the nearest unused engine event in reach. Precision, recall, F1.
 */
export function scoreEvents(truth: readonly TimedEvent[], engine: readonly TimedEvent[], tolMs = 1000): EventScore {
  const used = new Uint8Array(engine.length);
  let tp = 0;
  for (const t of truth) {
    let best = -1;
    let bestD = tolMs;
    engine.forEach((e, k) => {
      if (used[k]) return;
      if (t.team != null && e.team != null && t.team !== e.team) return;
      const d = Math.abs(e.t - t.t);
      if (d <= bestD) {
        bestD = d;
        best = k;
      }
    });
    if (best >= 0) {
      used[best] = 1;
      tp++;
    }
  }
  const precision = engine.length ? tp / engine.length : 0;
  const recall = truth.length ? tp / truth.length : 0;
  return { tp, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}
