/** One track as stitching sees it: its squad, its span and where it was at both ends. */
export interface TrackEnds {
  track: number;
  team: 0 | 1 | null;
  role: 'player' | 'goal_keeper' | 'referee';
  /** First and last detection, ms. */
  fromMs: number;
  toMs: number;
  first: readonly [number, number];
  last: readonly [number, number];
  /** The track's own voted number, when it has one: tracks of different numbers never join. */
  number: number | null;
}

export interface StitchOptions {
  /** Longest gap between one track's last detection and the next one's first, ms. */
  maxGapMs?: number;
  /** How far a player can get in the gap: `slackM + speedMps x gap`. */
  speedMps?: number;
  slackM?: number;
  /** A link is taken only when the next-best candidate on either side is at least this much worse (cost ratio). */
  ambiguity?: number;
}

/**
 * 5 s: chosen on the fixtures that are not the 10-minute yardstick (bench:identity replays of the 3-minute
 * and 1080p runs: gaps of 3, 5, 8 and 12 s gave 57.2 / 57.8 / 57.9 / 57.0% right ids with 0.9 / 1.2 / 1.4 /
 * 1.6% wrong, and 87.6 / 89.3 / 89.0 / 88.8% right; docs/benchmarks.md). A broadcast camera that pans
 * away from a man and back loses him for a few seconds.
 */
export const STITCH_DEFAULTS: Required<StitchOptions> = { maxGapMs: 5000, speedMps: 7, slackM: 2, ambiguity: 1.5 };

/**
 * Tracklet stitching: a player whose track ends (lost in a crowd, an occlusion, a cut the tracker did not
 * bridge) and reappears as a new track shortly after, near where he vanished, on the same side, is one
 * person. Each track links at most one successor; a link is made only when it is the clear best for both
 * tracks (no teammate ended or started about as near), since a wrong join gives one man another's
 * number. Returns chains of track ids in time order; every eligible track is in exactly one chain.
 * Officials and tracks without a squad are not stitched.
 */
export function stitchTracks(tracks: readonly TrackEnds[], options: StitchOptions = {}): number[][] {
  const o = { ...STITCH_DEFAULTS, ...options };
  const eligible = tracks.filter((t) => t.team !== null && t.role !== 'referee');
  interface Pair { a: TrackEnds; b: TrackEnds; cost: number }
  const pairs: Pair[] = [];
  const ends = [...eligible].sort((p, q) => p.toMs - q.toMs);
  const starts = [...eligible].sort((p, q) => p.fromMs - q.fromMs);
  for (const a of ends) {
    for (const b of starts) {
      if (b.fromMs <= a.toMs) continue;
      if (b.fromMs - a.toMs > o.maxGapMs) break;
      if (b.team !== a.team || (a.role === 'goal_keeper') !== (b.role === 'goal_keeper')) continue;
      if (a.number !== null && b.number !== null && a.number !== b.number) continue;
      const reach = o.slackM + (o.speedMps * (b.fromMs - a.toMs)) / 1000;
      const d = Math.hypot((b.first[0] as number) - (a.last[0] as number), (b.first[1] as number) - (a.last[1] as number));
      if (d > reach) continue;
      // Distance as a share of the reach: a gap of 2 s may cover more ground than one of 0.2 s.
      pairs.push({ a, b, cost: d / reach });
    }
  }
  const bestOf = (key: 'a' | 'b') => {
    const m = new Map<number, number[]>();
    for (const p of pairs) m.set(p[key].track, [...(m.get(p[key].track) ?? []), p.cost]);
    for (const list of m.values()) list.sort((x, y) => x - y);
    return m;
  };
  const byA = bestOf('a');
  const byB = bestOf('b');
  const clear = (list: number[] | undefined, cost: number) => !list || list.length < 2 || (list[1] as number) >= Math.max(cost, 0.05) * o.ambiguity;
  const next = new Map<number, number>();
  const prev = new Map<number, number>();
  for (const p of [...pairs].sort((x, y) => x.cost - y.cost)) {
    if (next.has(p.a.track) || prev.has(p.b.track)) continue;
    if ((byA.get(p.a.track)?.[0] ?? Infinity) < p.cost || (byB.get(p.b.track)?.[0] ?? Infinity) < p.cost) continue;
    if (!clear(byA.get(p.a.track), p.cost) || !clear(byB.get(p.b.track), p.cost)) continue;
    next.set(p.a.track, p.b.track);
    prev.set(p.b.track, p.a.track);
  }
  const chains: number[][] = [];
  for (const t of starts) {
    if (prev.has(t.track)) continue;
    const chain = [t.track];
    for (let n = next.get(t.track); n !== undefined; n = next.get(n)) chain.push(n);
    chains.push(chain);
  }
  return chains;
}
