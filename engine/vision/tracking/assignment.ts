/**
 * Maximum-weight assignment on a rectangular matrix (Kuhn-Munkres, O(n³)). Returns, for each row, the
 * column assigned or -1. Pairs with weight <= 0 are left unassigned: zero means "cannot match".
 *
 * Shared by the tracker (tracks x detections, see pitch-tracker.ts) and the bench's evaluation (truth x
 * predictions, bench/eval re-exports it). Gated association is expressed as weights: a caller that wants
 * "minimise cost, leave a pair unmatched when its cost exceeds a gate" passes gate - cost, which is the
 * same optimum as padding the cost matrix with dummy rows and columns at gate / 2 (ByteTrack's lapjv
 * `cost_limit`).
 */
export function maxWeightMatching(weights: number[][]): number[] {
  const rows = weights.length;
  const cols = rows ? (weights[0] as number[]).length : 0;
  if (rows === 0 || cols === 0) return new Array(rows).fill(-1);
  const n = Math.max(rows, cols);
  let max = 0;
  for (const r of weights) for (const w of r) if (w > max) max = w;
  // Minimise cost = max - weight over a square matrix padded with zero-weight cells.
  const cost = (i: number, j: number) => max - (i < rows && j < cols ? Math.max(0, (weights[i] as number[])[j] as number) : 0);
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0] as number;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - (u[i0] as number) - (v[j] as number);
        if (cur < (minv[j] as number)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j] as number] = (u[p[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else minv[j] = (minv[j] as number) - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      p[j0] = p[j1] as number;
      j0 = j1;
    } while (j0);
  }
  const out = new Array(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = (p[j] as number) - 1;
    if (i >= 0 && i < rows && j - 1 < cols && ((weights[i] as number[])[j - 1] as number) > 0) out[i] = j - 1;
  }
  return out;
}
