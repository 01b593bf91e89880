import { describe, expect, it } from 'vitest';
import { runCrashDrill } from '../../bench/chaos/drill.js';

/**
 * The crash drill's short version (`npm run bench:chaos -- --kills 50` is the long one): five kill -9s
 * of `touchline serve`'s whole process group at seeded moments of the mix, each followed by a restart on
 * the same data folder and every check of bench/chaos/round-checks.ts. The video engine's analysis is
 * left out here (its camera search alone takes ~13 s on 2 cores, each round would take half a minute);
 * the import runs in the same engine process and its results are compared byte for byte all the same.
 */
describe('crash drill (issue 29)', () => {
  it('recovers from 5 of 5 kills: nothing stuck, store sound, no orphaned or partial file, results identical to an uninterrupted run', async () => {
    const result = await runCrashDrill({ kills: 5, seed: 29, videoAnalysis: false });
    expect(result.referenceFailures).toEqual([]);
    expect(result.rounds).toHaveLength(5);
    for (const round of result.rounds) expect({ round: round.round, failures: round.failures, carried: round.carried }).toEqual({ round: round.round, failures: [], carried: 0 });
    expect(result.ok).toBe(5);
    expect(result.finalFailures).toEqual([]);
    // The kills cut work short (a kill of an idle service would prove little).
    expect(result.rounds.filter((r) => r.inFlight.length > 0).length).toBeGreaterThanOrEqual(3);
  }, 150_000);
});
