/** The q-quantile of the values (the element at floor(q x n) of the sorted copy); NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : NaN;
}
