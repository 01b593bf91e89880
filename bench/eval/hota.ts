import { maxWeightMatching } from './hungarian.js';

/** One frame of ground truth and predictions: ids and a similarity matrix [gt][pred] in [0, 1]. */
export interface HotaFrame {
  gtIds: string[];
  predIds: string[];
  similarity: number[][];
}

export interface HotaResult {
  hota: number;
  detA: number;
  assA: number;
  locA: number;
  /** HOTA at each alpha (0.05 ... 0.95). */
  byAlpha: number[];
}

/** a[i] += v (typed arrays under noUncheckedIndexedAccess). */
const add = (a: Float64Array, i: number, v = 1): void => {
  a[i] = (a[i] as number) + v;
};

export const ALPHAS = Array.from({ length: 19 }, (_, i) => 0.05 + 0.05 * i);

/**
 * HOTA (Luiten et al., IJCV 2021) as TrackEval computes it: a global alignment score per (gt, pred) id
 * pair from soft matches over all frames, then per frame a Hungarian matching of alignment x
 * similarity, and per alpha DetA = TP / (TP + FN + FP), AssA = mean over TPs of
 * TPA / (TPA + FNA + FPA), HOTA = sqrt(DetA x AssA), averaged over alpha.
 */
export function hota(frames: readonly HotaFrame[]): HotaResult {
  const gtIndex = new Map<string, number>();
  const prIndex = new Map<string, number>();
  const idOf = (m: Map<string, number>, id: string) => {
    let i = m.get(id);
    if (i === undefined) {
      i = m.size;
      m.set(id, i);
    }
    return i;
  };
  for (const f of frames) {
    f.gtIds.forEach((id) => idOf(gtIndex, id));
    f.predIds.forEach((id) => idOf(prIndex, id));
  }
  const G = gtIndex.size;
  const P = prIndex.size;
  const gtCount = new Float64Array(G);
  const prCount = new Float64Array(P);
  const potential = new Float64Array(G * P);
  for (const f of frames) {
    const g = f.gtIds.map((id) => gtIndex.get(id) as number);
    const p = f.predIds.map((id) => prIndex.get(id) as number);
    g.forEach((i) => add(gtCount, i));
    p.forEach((j) => add(prCount, j));
    if (!g.length || !p.length) continue;
    const rowSum = f.similarity.map((r) => r.reduce((a, b) => a + b, 0));
    const colSum = p.map((_, j) => f.similarity.reduce((a, r) => a + (r[j] as number), 0));
    f.similarity.forEach((r, i) => r.forEach((s, j) => {
      const denom = (rowSum[i] as number) + (colSum[j] as number) - s;
      if (denom > 0) add(potential, (g[i] as number) * P + (p[j] as number), s / denom);
    }));
  }
  const alignment = new Float64Array(G * P);
  for (let i = 0; i < G; i++) {
    for (let j = 0; j < P; j++) {
      const pm = potential[i * P + j] as number;
      const d = (gtCount[i] as number) + (prCount[j] as number) - pm;
      alignment[i * P + j] = d > 0 ? pm / d : 0;
    }
  }
  const A = ALPHAS.length;
  const tp = new Float64Array(A);
  const fn = new Float64Array(A);
  const fp = new Float64Array(A);
  const loc = new Float64Array(A);
  const matches = ALPHAS.map(() => new Float64Array(G * P));
  for (const f of frames) {
    const g = f.gtIds.map((id) => gtIndex.get(id) as number);
    const p = f.predIds.map((id) => prIndex.get(id) as number);
    if (!g.length || !p.length) {
      for (let a = 0; a < A; a++) {
        add(fn, a, g.length);
        add(fp, a, p.length);
      }
      continue;
    }
    const score = f.similarity.map((r, i) => r.map((s, j) => (alignment[(g[i] as number) * P + (p[j] as number)] as number) * s));
    const assign = maxWeightMatching(score);
    for (let a = 0; a < A; a++) {
      let hits = 0;
      assign.forEach((j, i) => {
        if (j < 0) return;
        const s = (f.similarity[i] as number[])[j] as number;
        if (s >= (ALPHAS[a] as number) - 1e-12) {
          hits++;
          add(loc, a, s);
          add(matches[a] as Float64Array, (g[i] as number) * P + (p[j] as number));
        }
      });
      add(tp, a, hits);
      add(fn, a, g.length - hits);
      add(fp, a, p.length - hits);
    }
  }
  const byAlpha: number[] = [];
  let detSum = 0;
  let assSum = 0;
  let locSum = 0;
  for (let a = 0; a < A; a++) {
    const t = tp[a] as number;
    const det = t / Math.max(1, t + (fn[a] as number) + (fp[a] as number));
    let ass = 0;
    if (t > 0) {
      const m = matches[a] as Float64Array;
      for (let i = 0; i < G; i++) {
        for (let j = 0; j < P; j++) {
          const c = m[i * P + j] as number;
          if (c > 0) ass += (c * c) / ((gtCount[i] as number) + (prCount[j] as number) - c);
        }
      }
      ass /= t;
    }
    byAlpha.push(Math.sqrt(det * ass));
    detSum += det;
    assSum += ass;
    locSum += t > 0 ? (loc[a] as number) / t : 0;
  }
  return { hota: byAlpha.reduce((x, y) => x + y, 0) / A, detA: detSum / A, assA: assSum / A, locA: locSum / A, byAlpha };
}

/** SoccerNet GSR localisation similarity: a Gaussian of pitch distance, 0.05 at tau (5 m). */
export function pitchSimilarity(distance: number, tau = 5): number {
  return Math.exp((Math.log(0.05) * distance * distance) / (tau * tau));
}
