import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFuzzTarget, type FuzzTarget } from '../../bench/fuzz/fuzz-target.js';
import { runFuzz } from '../../bench/fuzz/run-fuzz.js';
import { operationsOf } from '../../bench/fuzz/openapi-operations.js';

/**
 * The request fuzzer (bench/fuzz) at a fixed seed: about 2,000 requests generated from the OpenAPI
 * document, valid and mutated, against a real service on 127.0.0.1 with a real SQLite file. A failure
 * prints the smallest failing request fast-check found: make it a plain regression test
 * (test/contract/bad-input.test.ts) before fixing it. `npm run bench:fuzz -- --requests 10000` runs it
 * at length with other seeds.
 */
let target: FuzzTarget;
beforeAll(async () => {
  target = await startFuzzTarget();
}, 120_000);
afterAll(() => target?.close());

describe('request fuzz', () => {
  it('[GEN-04] [GEN-05] 2,000 fuzzed requests: no 5xx, every 4xx in its family\'s shape and leaving the store as it was, the service still answering', async () => {
    const report = await runFuzz({
      base: target.base, dbFile: target.dbFile, doc: target.doc, pools: target.pools, credentials: target.credentials,
      seed: 20_261_126, requests: 2000,
    });
    expect(report.failure, report.failure ? `${report.failure.request}\n${report.failure.problems}` : '').toBeNull();
    expect(report.runs).toBe(2000);
    expect(Object.keys(report.byStatus).filter((s) => Number(s) >= 500)).toEqual([]);
    // Every operation of the document was tried, and the mix reached both answers and refusals.
    const operations = operationsOf(target.doc).map((op) => `${op.method} ${op.template}`);
    expect(operations.length).toBeGreaterThanOrEqual(39);
    expect(operations.filter((op) => !report.byOperation[op])).toEqual([]);
    const count = (from: number, to: number) => Object.entries(report.byStatus).filter(([s]) => Number(s) >= from && Number(s) < to).reduce((n, [, k]) => n + k, 0);
    expect(count(200, 300)).toBeGreaterThan(200);
    expect(count(400, 500)).toBeGreaterThan(1000);
    for (const status of ['400', '401', '403', '404', '414', '415', '422', '431']) expect(report.byStatus[status], status).toBeGreaterThan(0);
  }, 180_000);
});
