import { PITCH_LENGTH, PITCH_WIDTH, PENALTY_AREA } from '../../geometry/pitch-markings.js';
import { dist, oddClusters, separatingWeights, twoMeans } from './kit-clusters.js';
import type { TrackKit } from './track-kit.js';

export type { TrackKit } from './track-kit.js';

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

/** How long two tracks were both alive, ms (negative: apart). */
const seenTogether = (a: TrackKit, b: TrackKit) => Math.min(a.lastMs, b.lastMs) - Math.max(a.firstMs, b.firstMs);

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

  const asPlayer = (t: TrackKit) => labels.set(t.id, { role: 'player', team: team(squadOf(t.feature)) });
  /**
   * Of tracks holding a label one person holds at a time (a side's goalkeeper, the referee), best first:
   * each seen together with a better one that still holds the label for longer than `limit(t)` ms is a
   * player whose kit sampled like theirs.
   */
  const oneAtATime = (ranked: readonly TrackKit[], same: (l: TrackLabel | undefined, own: TrackLabel | undefined) => boolean, limit: (t: TrackKit) => number) => {
    ranked.forEach((t, i) => {
      const own = labels.get(t.id);
      if (ranked.slice(0, i).some((k) => same(labels.get(k.id), own) && seenTogether(k, t) > limit(t))) asPlayer(t);
    });
  };

  // Nearest of all kits: for samples and short tracks, being far from both squads is no evidence of a
  // goalkeeper or an official (their colours are noisy); being near one of those kits is.
  const nearOdd = (f: Feature) => others.some((o) => dist(f, o) < Math.min(dist(f, centres[0]), dist(f, centres[1])));
  for (const t of tracks) {
    if (t.samples < minSamples ? !nearOdd(t.feature) : !odd(t.feature)) {
      asPlayer(t);
      continue;
    }
    // Goalkeepers stay near their goal, in the middle of the width; officials roam the middle third or
    // run the touchlines.
    if (t.inBoxShare < 0.6 && !nearGoal(t.meanX, t.meanY)) {
      // On the pitch, a track far from both squads and from every odd kit is a player washed out in
      // the distance, not an official (the assistants run outside the touchlines).
      const onPitch = t.meanY >= 0 && t.meanY <= PITCH_WIDTH;
      if (onPitch && !nearOdd(t.feature)) asPlayer(t);
      else labels.set(t.id, { role: 'referee', team: null });
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
  oneAtATime(keepers, (l, own) => l?.role === 'goal_keeper' && l.team === own?.team, () => KEEPER_HANDOVER_MS);
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
  oneAtATime(referees, (l) => l?.role === 'referee', (t) => Math.max(KEEPER_HANDOVER_MS, (t.lastMs - t.firstMs) / 2));
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
