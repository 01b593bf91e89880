import type { TrackKit } from './track-kit.js';

/**
 * The kit-colour clustering under assignTeams (team-assignment.ts): the feature's distance, the two
 * squads' trimmed two-means, the weights that separate them, and the search for the odd kits
 * (goalkeepers, officials). Pure functions over track features.
 */

export type Feature = TrackKit['feature'];
// Shorts count less than shirts: shirts are what tell squads apart; shorts break ties between similar shirts.
export const WEIGHTS = [1, 1, 1, 0.7, 0.7, 0.7, 1, 1];
export const DIMS = WEIGHTS.length;
export const dist = (a: readonly number[], b: readonly number[]) => Math.sqrt(WEIGHTS.reduce((s, w, i) => s + w * ((a[i] as number) - (b[i] as number)) ** 2, 0));

/**
 * Weights of the feature's dimensions for telling two squads apart: per dimension, the squared gap
 * between the two centres over the sum of the two squads' variances (Fisher's criterion, dimension by
 * dimension), blended half and half with equal weights and scaled to average 1. Two white kits differ in
 * the shorts' colour and the stripes' dark share alone; the lightness both share says nothing.
 */
export function separatingWeights(items: { f: Feature; w: number }[], centres: [Feature, Feature]): number[] {
  const sums = [new Float64Array(DIMS), new Float64Array(DIMS)];
  const ws = [0, 0];
  for (const it of items) {
    const k = dist(it.f, centres[0]) <= dist(it.f, centres[1]) ? 0 : 1;
    ws[k] = (ws[k] as number) + it.w;
    const sum = sums[k] as Float64Array;
    for (let i = 0; i < DIMS; i++) sum[i] = (sum[i] as number) + it.w * (((it.f[i] as number) - (centres[k][i] as number)) ** 2);
  }
  const [w0, w1] = ws as [number, number];
  if (!w0 || !w1) return [...WEIGHTS];
  const [s0, s1] = sums as [Float64Array, Float64Array];
  const fisher = Array.from({ length: DIMS }, (_, i) => {
    const spread = (s0[i] as number) / w0 + (s1[i] as number) / w1;
    return ((centres[0][i] as number) - (centres[1][i] as number)) ** 2 / Math.max(spread, 1);
  });
  const mean = fisher.reduce((a, b) => a + b, 0) / DIMS;
  return fisher.map((v) => (mean > 0 ? 0.5 + (0.5 * v) / mean : 1));
}

/**
 * Trimmed two-means (Cuesta-Albertos et al. 1997): k-means with k = 2 where each iteration ignores the
 * `trim` share of the weight lying farthest from its centre, so a goalkeeper's or referee's kit cannot
 * claim a centre of its own. Several starts from pairs of heavy tracks; the lowest trimmed cost wins.
 */
export function twoMeans(items: { f: Feature; w: number }[], trim = 0.2): [Feature, Feature] {
  const heavy = [...items].sort((a, b) => b.w - a.w).slice(0, 12);
  const total = items.reduce((s, it) => s + it.w, 0);
  let best: [Feature, Feature] | null = null;
  let bestCost = Infinity;
  for (let a = 0; a < heavy.length; a++) {
    for (let b = a + 1; b < heavy.length; b++) {
      let c: [Feature, Feature] = [[...heavy[a]!.f] as Feature, [...heavy[b]!.f] as Feature];
      let cost = Infinity;
      for (let it = 0; it < 15; it++) {
        const scored = items.map((x) => {
          const d0 = dist(x.f, c[0]);
          const d1 = dist(x.f, c[1]);
          return { x, k: (d0 <= d1 ? 0 : 1) as 0 | 1, d: Math.min(d0, d1) };
        }).sort((p, q) => p.d - q.d);
        const sums = [new Float64Array(DIMS), new Float64Array(DIMS)] as const;
        const ws = new Float64Array(2);
        let kept = 0;
        cost = 0;
        for (const s of scored) {
          if (kept >= (1 - trim) * total) break;
          kept += s.x.w;
          cost += s.x.w * s.d * s.d;
          ws[s.k] = (ws[s.k] as number) + s.x.w;
          const sum = sums[s.k] as Float64Array;
          for (let i = 0; i < DIMS; i++) sum[i] = (sum[i] as number) + s.x.w * (s.x.f[i] as number);
        }
        if (ws[0] === 0 || ws[1] === 0) {
          cost = Infinity;
          break;
        }
        c = [Array.from(sums[0], (v) => v / (ws[0] as number)) as Feature, Array.from(sums[1], (v) => v / (ws[1] as number)) as Feature];
      }
      if (cost < bestCost) {
        bestCost = cost;
        best = c;
      }
    }
  }
  return best ?? [heavy[0]!.f, heavy[heavy.length - 1]!.f];
}

/**
 * Kits other than the two squads' (goalkeepers, referees; a referee's kit may sit close to one squad's,
 * as a black referee's does to a black-and-white striped side with black shorts): clusters added one at
 * a time, each seeded at the track farthest from every centre so far, then k-means over all centres.
 * A new cluster is kept when it is small (under 18% of the weight, as officials and goalkeepers are)
 * and lies apart from both squads (beyond 2.5 times their median spread, 4 times for a lone track); at most five are added (two
 * goalkeepers, officials, and the odd track whose colours were spoiled). A rejected seed does not end
 * the search: the next farthest track not yet tried seeds the next attempt (ten at most).
 */
export function oddClusters(items: { f: Feature; w: number; t: TrackKit }[], teams: [Feature, Feature]): Feature[] {
  let extra: Feature[] = [];
  // Tracks already tried as the seed of a kit of their own (and the tracks that gathered round them) are
  // not seeds again: one spoiled track far out must not end the search before the officials' kit is found.
  const tried = new Set<(typeof items)[number]>();
  for (let attempt = 0; attempt < 10 && extra.length < 5; attempt++) {
    const centres = [...teams, ...extra];
    let seed: (typeof items)[number] | null = null;
    let seedD = -1;
    for (const it of items) {
      if (tried.has(it)) continue;
      const d = Math.min(...centres.map((c) => dist(it.f, c)));
      if (d > seedD) {
        seedD = d;
        seed = it;
      }
    }
    if (!seed) break;
    let c: Feature[] = [...centres.map((x) => [...x] as Feature), [...seed.f] as Feature];
    let ws = new Float64Array(c.length);
    const nearest = (f: Feature) => {
      let k = 0;
      for (let j = 1; j < c.length; j++) if (dist(f, c[j] as Feature) < dist(f, c[k] as Feature)) k = j;
      return k;
    };
    for (let it = 0; it < 12; it++) {
      const sums = c.map(() => new Float64Array(DIMS));
      ws = new Float64Array(c.length);
      for (const x of items) {
        const k = nearest(x.f);
        ws[k] = (ws[k] as number) + x.w;
        const sum = sums[k] as Float64Array;
        for (let i = 0; i < DIMS; i++) sum[i] = (sum[i] as number) + x.w * (x.f[i] as number);
      }
      c = c.map((old, k) => (ws[k] ? (Array.from(sums[k] as Float64Array, (v) => v / (ws[k] as number)) as Feature) : old));
    }
    const total = ws.reduce((a, b) => a + b, 0);
    const last = c.length - 1;
    // A squad's spread as the weighted median distance of its tracks: tracks spoiled by overlaps sit far
    // out and would inflate a root-mean-square.
    const spreadOf = (k: number) => {
      const ds = items.filter((x) => nearest(x.f) === k).map((x) => ({ d: dist(x.f, c[k] as Feature), w: x.w })).sort((a, b) => a.d - b.d);
      const half = ds.reduce((a, x) => a + x.w, 0) / 2;
      let acc = 0;
      for (const x of ds) {
        acc += x.w;
        if (acc >= half) return x.d;
      }
      return 0;
    };
    const newC = c[last] as Feature;
    // One slightly odd track is not a kit of its own; a lone track far out (a goalkeeper) is.
    const memberItems = items.filter((x) => nearest(x.f) === last);
    const apart = [0, 1].every((k) => dist(newC, c[k] as Feature) > Math.max(8, (memberItems.length >= 2 ? 2.5 : 4) * spreadOf(k)));
    // Goalkeepers and officials are few at a time (a keeper; a referee and two assistants): a colour
    // worn by more people at once (five) is a squad's kit in shade or under floodlight, not an odd kit.
    const few = concurrentTracks(memberItems.map((x) => x.t)) <= MAX_ODD_AT_ONCE;
    if (!((ws[last] as number) / total < 0.18 && apart && few)) {
      tried.add(seed);
      for (const x of memberItems) tried.add(x);
      continue;
    }
    extra = c.slice(2) as Feature[];
    teams = [c[0] as Feature, c[1] as Feature];
  }
  return extra;
}

/**
 * Most tracks of one odd kit seen at the same time: the referee and two assistants, and one more for a
 * player whose kit sampled like theirs for a while (a striped shirt in shadow). With three, officials
 * could be rejected as a kit (four of their tracks at once) and named players (docs/benchmarks.md,
 * "Measured reasons moved from code comments").
 */
const MAX_ODD_AT_ONCE = 4;

/** The most of these tracks alive at one moment (each from its first to its last detection). */
export function concurrentTracks(tracks: readonly Pick<TrackKit, 'firstMs' | 'lastMs'>[]): number {
  const edges = tracks.flatMap((t) => [[t.firstMs, 1], [t.lastMs + 1, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, d] of edges) {
    now += d;
    most = Math.max(most, now);
  }
  return most;
}
