import { PITCH_LENGTH, PITCH_WIDTH, PENALTY_AREA } from '../../geometry/pitch-markings.js';

/** What a track showed over its life: its mean kit colour and where it was. */
export interface TrackKit {
  id: number;
  /**
   * Shirt Lab, shorts Lab (the shirt again when the shorts were never seen), then the shirt's dark and
   * bright pixel shares scaled to Lab-like units (x 120: a kit that is half white differs from a plain one as much as two hues do).
   */
  feature: [number, number, number, number, number, number, number, number];
  /** Kit samples behind the feature. */
  samples: number;
  firstMs: number;
  lastMs: number;
  /** Mean pitch position over the track's detections. */
  meanX: number;
  meanY: number;
  /** Share of its detections inside either penalty area. */
  inBoxShare: number;
}

export interface TrackLabel {
  role: 'player' | 'goal_keeper' | 'referee';
  /** 0 = team_0 (defends the left half at kickoff), 1 = team_1, null for referees. */
  team: 0 | 1 | null;
}

export interface TeamModel {
  /** Mean shirt colour (Lab) of each squad's outfield players. */
  kits: [[number, number, number], [number, number, number]];
  /** Per track: the label its mean kit colour and whereabouts give. */
  labels: Map<number, TrackLabel>;
  /**
   * The label of a single kit sample (the same feature layout as TrackKit's): a squad's player, or the
   * role of the odd kit it is nearest to (a goalkeeper's kit, the officials'). Lets a track that changed
   * hands at a crossing be relabelled where its samples change. Null when the sample lies about as near
   * an odd kit as a squad's (it says nothing).
   */
  classify(feature: TrackKit['feature']): TrackLabel | null;
}

type Feature = TrackKit['feature'];
/** A sample names a kit when it lies nearer it than this share of its distance to the other kind. */
const SAMPLE_MARGIN = 0.8;
// Shorts count less than shirts: shirts are what tell squads apart; shorts break ties between similar shirts.
const WEIGHTS = [1, 1, 1, 0.7, 0.7, 0.7, 1, 1];
const DIMS = WEIGHTS.length;
const dist = (a: readonly number[], b: readonly number[]) => Math.sqrt(WEIGHTS.reduce((s, w, i) => s + w * ((a[i] as number) - (b[i] as number)) ** 2, 0));

/**
 * Weights of the feature's dimensions for telling two squads apart: per dimension, the squared gap
 * between the two centres over the sum of the two squads' variances (Fisher's criterion, dimension by
 * dimension), blended half and half with equal weights and scaled to average 1. Two white kits differ in
 * the shorts' colour and the stripes' dark share alone; the lightness both share says nothing.
 */
function separatingWeights(items: { f: Feature; w: number }[], centres: [Feature, Feature]): number[] {
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
function twoMeans(items: { f: Feature; w: number }[], trim = 0.2): [Feature, Feature] {
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
function oddClusters(items: { f: Feature; w: number; t: TrackKit }[], teams: [Feature, Feature]): Feature[] {
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
 * player whose kit sampled like theirs for a while (a striped shirt in shadow). With three, the 3-minute
 * fixture's black officials were rejected as a kit (four of their tracks at once) and named players:
 * role accuracy of the track labels 92.0% -> 97.5% with four; unchanged on the 10-minute fixture.
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

/** Two tracks of one side's goalkeeper may overlap this long (the tracker handing him from one to the next), ms. */
const KEEPER_HANDOVER_MS = 1000;

const inBox = (x: number, y: number) => Math.abs(y - PITCH_WIDTH / 2) <= PENALTY_AREA.width / 2 && (x <= PENALTY_AREA.depth || x >= PITCH_LENGTH - PENALTY_AREA.depth);
export { inBox as inPenaltyArea };

/** Assistant referees run the touchlines: within this distance of one (or beyond it) is not the field of play, metres. */
export const TOUCHLINE_BAND = 4;
/** Away from the touchlines (y in metres). */
export const inField = (y: number) => Math.abs(y - PITCH_WIDTH / 2) < PITCH_WIDTH / 2 - TOUCHLINE_BAND;

/** Where a goalkeeper stands: within 25 m of a goal line, in the middle 44 m of the width (metres). */
export const nearGoal = (x: number, y: number) => (x < 25 || x > PITCH_LENGTH - 25) && Math.abs(y - PITCH_WIDTH / 2) < 22;

/**
 * Squads, goalkeepers and referees from the tracks' kit colours (the field notes' recipe: cluster
 * colours, then vote per track rather than per frame). Two-means over the tracks finds the two outfield
 * kits; tracks far from both are the odd kits: goalkeepers when they live in a penalty area, referees
 * otherwise. A goalkeeper joins the squad whose outfield players, while he was seen, stood on his side
 * of the halfway line. team_0 is the squad whose players stood further left in the first minute.
 */
export function assignTeams(tracks: readonly TrackKit[], options: { minSamples?: number } = {}): TeamModel | null {
  const minSamples = options.minSamples ?? 15;
  const fit = tracks.filter((t) => t.samples >= minSamples);
  if (fit.length < 4) return null;
  let items = fit.map((t) => ({ f: t.feature, w: t.samples, t }));
  let centres = twoMeans(items);
  // Odd kits out, then the squads again without them.
  const spread = (k: 0 | 1) => {
    let s = 0;
    let w = 0;
    for (const it of items) {
      if ((dist(it.f, centres[0]) <= dist(it.f, centres[1]) ? 0 : 1) !== k) continue;
      s += it.w * dist(it.f, centres[k]) ** 2;
      w += it.w;
    }
    return w ? Math.sqrt(s / w) : 0;
  };
  let others: Feature[] = [];
  const odd = (f: Feature) => {
    const d0 = dist(f, centres[0]);
    const d1 = dist(f, centres[1]);
    if (others.some((o) => dist(f, o) < Math.min(d0, d1))) return true;
    const k = d0 <= d1 ? 0 : 1;
    return Math.min(d0, d1) > Math.max(14, 2.5 * spread(k));
  };
  for (let round = 0; round < 2; round++) {
    const inliers = items.filter((it) => !odd(it.f));
    if (inliers.length >= 4) centres = twoMeans(inliers);
    others = oddClusters(items, centres);
  }
  items = fit.map((t) => ({ f: t.feature, w: t.samples, t }));
  const labels = new Map<number, TrackLabel>();
  // Between the two squads, each dimension counts by how well it tells them apart (Fisher's criterion).
  const lambda = separatingWeights(items.filter((it) => !odd(it.f)), centres);
  const squadDist = (f: Feature, c: Feature) => Math.sqrt(lambda.reduce((s, l, i) => s + l * ((f[i] as number) - (c[i] as number)) ** 2, 0));
  const squadOf = (f: Feature): 0 | 1 => (squadDist(f, centres[0]) <= squadDist(f, centres[1]) ? 0 : 1);

  // Which cluster is team_0: further left among the tracks of the first minute of the analysis.
  const start = Math.min(...tracks.map((t) => t.firstMs));
  const early = new Float64Array(2);
  const earlyW = new Float64Array(2);
  for (const t of tracks) {
    if (t.firstMs > start + 60_000 || odd(t.feature)) continue;
    const k = squadOf(t.feature);
    early[k] = (early[k] as number) + t.meanX * t.samples;
    earlyW[k] = (earlyW[k] as number) + t.samples;
  }
  const leftIs0 = earlyW[0] && earlyW[1] ? (early[0] as number) / earlyW[0] <= (early[1] as number) / earlyW[1] : true;
  const team = (k: 0 | 1): 0 | 1 => (leftIs0 ? k : ((1 - k) as 0 | 1));

  // Nearest of all kits: for samples and short tracks, being far from both squads is no evidence of a
  // goalkeeper or an official (their colours are noisy); being near one of those kits is.
  const nearOdd = (f: Feature) => others.some((o) => dist(f, o) < Math.min(dist(f, centres[0]), dist(f, centres[1])));
  for (const t of tracks) {
    if (t.samples < minSamples ? !nearOdd(t.feature) : !odd(t.feature)) {
      labels.set(t.id, { role: 'player', team: team(squadOf(t.feature)) });
      continue;
    }
    // Goalkeepers stay near their goal, in the middle of the width; officials roam the middle third or
    // run the touchlines.
    if (t.inBoxShare < 0.6 && !nearGoal(t.meanX, t.meanY)) {
      // On the pitch, a track far from both squads and from every odd kit is a player washed out in
      // the distance, not an official (the assistants run outside the touchlines).
      const onPitch = t.meanY >= 0 && t.meanY <= PITCH_WIDTH;
      labels.set(t.id, onPitch && !nearOdd(t.feature) ? { role: 'player', team: team(squadOf(t.feature)) } : { role: 'referee', team: null });
      continue;
    }
    // A goalkeeper: the squad whose outfield players stood on his side while he was seen.
    const side = t.meanX < PITCH_LENGTH / 2 ? -1 : 1;
    const sx = new Float64Array(2);
    const sw = new Float64Array(2);
    for (const o of tracks) {
      if (o === t || odd(o.feature) || o.lastMs < t.firstMs || o.firstMs > t.lastMs) continue;
      const k = squadOf(o.feature);
      sx[k] = (sx[k] as number) + o.meanX * o.samples;
      sw[k] = (sw[k] as number) + o.samples;
    }
    let k: 0 | 1 = squadOf(t.feature);
    if (sw[0] && sw[1]) {
      const m0 = (sx[0] as number) / sw[0];
      const m1 = (sx[1] as number) / sw[1];
      k = (side < 0 ? m0 <= m1 : m0 > m1) ? 0 : 1;
    }
    labels.set(t.id, { role: 'goal_keeper', team: team(k) });
  }
  // Each odd kit takes the label most of its tracks got (weighted by samples).
  const nearestOther = (f: Feature) => {
    let j = -1;
    for (let k = 0; k < others.length; k++) if (j < 0 || dist(f, others[k] as Feature) < dist(f, others[j] as Feature)) j = k;
    return j;
  };
  const votes = others.map(() => new Map<string, number>());
  for (const t of fit) {
    if (!odd(t.feature)) continue;
    const j = nearestOther(t.feature);
    const l = labels.get(t.id);
    if (j < 0 || !l) continue;
    const key = `${l.role}:${l.team}`;
    const v = votes[j] as Map<string, number>;
    v.set(key, (v.get(key) ?? 0) + t.samples);
  }
  const oddLabels: (TrackLabel | null)[] = votes.map((v) => {
    const top = [...v.entries()].sort((a, b) => b[1] - a[1])[0];
    if (!top) return null;
    const [role, t] = top[0].split(':');
    return { role: role as TrackLabel['role'], team: t === 'null' ? null : (Number(t) as 0 | 1) };
  });
  // A kit's word over a track's whereabouts: the referee follows play into a penalty area now and then,
  // and one of his tracks that lived there is still the referee when most of his kit's tracks say so (the
  // Laws make a goalkeeper's colours differ from the officials').
  for (const t of fit) {
    if (!odd(t.feature)) continue;
    const kit = oddLabels[nearestOther(t.feature)];
    if (kit?.role === 'referee') labels.set(t.id, kit);
  }
  // One goalkeeper a side at a time: of two tracks taken for one side's goalkeeper while both were seen
  // (a second longer than a handover), the one that lived less in the penalty area is an outfield player
  // whose kit sampled a little off (a player cut by the picture's edge for a while, in shade).
  const keepers = tracks.filter((t) => labels.get(t.id)?.role === 'goal_keeper')
    .sort((a, b) => b.inBoxShare - a.inBoxShare || b.samples - a.samples);
  for (let i = 0; i < keepers.length; i++) {
    const t = keepers[i] as TrackKit;
    const side = labels.get(t.id)?.team;
    const clash = keepers.slice(0, i).some((k) => {
      const l = labels.get(k.id);
      return l?.role === 'goal_keeper' && l.team === side && Math.min(k.lastMs, t.lastMs) - Math.max(k.firstMs, t.firstMs) > KEEPER_HANDOVER_MS;
    });
    if (clash) labels.set(t.id, { role: 'player', team: team(squadOf(t.feature)) });
  }
  // One referee in the field of play at a time: of two tracks labelled referee seen together away from
  // the touchlines for most of the life of one (and longer than a handover), the one farther from the
  // officials' kit is a player whose kit sampled dark (a striped shirt with its white in shadow). A
  // shorter time together is a track that changed hands: its rows are relabelled where their samples
  // change (track-store.ts windowLabels).
  // The officials' kit: of the odd kits labelled referee, the one worn the most (a spoiled track can
  // make a kit of its own).
  const weightOf = (j: number) => [...(votes[j] as Map<string, number>).values()].reduce((a, b) => a + b, 0);
  const officials = others.map((o, j) => ({ o, j })).filter(({ j }) => oddLabels[j]?.role === 'referee')
    .sort((a, b) => weightOf(b.j) - weightOf(a.j))[0]?.o;
  const fromOfficials = (t: TrackKit) => (officials ? dist(t.feature, officials) : 0);
  const referees = tracks.filter((t) => labels.get(t.id)?.role === 'referee' && inField(t.meanY))
    .sort((a, b) => fromOfficials(a) - fromOfficials(b));
  for (let i = 0; i < referees.length; i++) {
    const t = referees[i] as TrackKit;
    const together = (k: TrackKit) => Math.min(k.lastMs, t.lastMs) - Math.max(k.firstMs, t.firstMs);
    const clash = referees.slice(0, i).some((k) => labels.get(k.id)?.role === 'referee' && together(k) > Math.max(KEEPER_HANDOVER_MS, (t.lastMs - t.firstMs) / 2));
    if (clash) labels.set(t.id, { role: 'player', team: team(squadOf(t.feature)) });
  }
  // A single sample is noisy (a striped shirt whose white is hidden looks like the black officials'
  // kit; two white shirts differ by their stripes and shorts alone): it names a kit only when clearly
  // nearer it than any other kind, and abstains when it lies between them.
  const squadSample = (f: Feature): TrackLabel | null => {
    const d0 = squadDist(f, centres[0]);
    const d1 = squadDist(f, centres[1]);
    return Math.min(d0, d1) < SAMPLE_MARGIN * Math.max(d0, d1) ? { role: 'player', team: team(d0 <= d1 ? 0 : 1) } : null;
  };
  const classify = (f: Feature): TrackLabel | null => {
    const j = nearestOther(f);
    if (j < 0) return squadSample(f);
    const dOdd = dist(f, others[j] as Feature);
    const dSquad = Math.min(dist(f, centres[0]), dist(f, centres[1]));
    if (dOdd < SAMPLE_MARGIN * dSquad) return oddLabels[j] ?? squadSample(f);
    if (dSquad < SAMPLE_MARGIN * dOdd) return squadSample(f);
    return null;
  };
  const k0 = leftIs0 ? centres[0] : centres[1];
  const k1 = leftIs0 ? centres[1] : centres[0];
  return { kits: [[k0[0], k0[1], k0[2]], [k1[0], k1[1], k1[2]]], labels, classify };
}
