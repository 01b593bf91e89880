/**
 * Rounding of summary numbers to 2 decimals (SUM-01). Parts of a whole (possession shares, speed buckets,
 * analysable + non-analysable time) are rounded together with the largest-remainder method on the
 * 0.01 grid, so that the rounded parts add up exactly, in hundredths, to the rounded whole.
 */

/** x * 100 with float noise snapped away (0.29 * 100 is 28.999999999999996, which must count as 29). */
function scaled(x: number): number {
  const c = x * 100;
  const r = Math.round(c);
  return Math.abs(c - r) < 1e-7 ? r : c;
}

/** Nearest multiple of 0.01 (halves away from zero on the snapped grid); never -0. */
export function round2(x: number): number {
  const c = scaled(x);
  return (Math.sign(c) * Math.round(Math.abs(c))) / 100 + 0;
}

/**
 * Rounds non-negative parts to 2 decimals so that they sum exactly (in hundredths) to round2(total), where
 * total defaults to the sum of the parts. Each part is first rounded down; the missing hundredths go one
 * each to the parts with the largest remainders (ties to the earlier part, for determinism). Every result
 * is therefore within 0.01 of its exact value.
 */
export function roundPartsToTotal(parts: readonly number[], total?: number): number[] {
  const exact = parts.map(scaled);
  const cents = exact.map(Math.floor);
  let wholeExact = 0;
  for (const p of parts) wholeExact += p;
  const target = Math.round(scaled(total ?? wholeExact));
  let missing = target;
  for (const c of cents) missing -= c;
  const order = exact.map((_, i) => i).sort((i, j) => {
    const d = ((exact[j] as number) - (cents[j] as number)) - ((exact[i] as number) - (cents[i] as number));
    return d !== 0 ? d : i - j;
  });
  // Only a caller-supplied total that disagrees with the parts can ask for more than one hundredth per part
  // or for fewer hundredths than the floors; cycle through the order then, largest remainders first.
  for (let k = 0; missing > 0 && order.length > 0; k++, missing--) {
    const i = order[k % order.length] as number;
    cents[i] = (cents[i] as number) + 1;
  }
  for (let k = 0; missing < 0 && order.length > 0; k++, missing++) {
    const i = order[order.length - 1 - (k % order.length)] as number;
    cents[i] = (cents[i] as number) - 1;
  }
  return cents.map((c) => c / 100 + 0);
}
