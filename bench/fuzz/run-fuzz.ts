import fc from 'fast-check';
import { operationsOf, type OpenApiDocument } from './openapi-operations.js';
import { operationRequest, unroutedRequest, type Credentials, type FuzzRequest } from './request-arbitrary.js';
import { sendRaw } from './raw-http.js';
import { changedTables, openStoreDump } from './store-dump.js';
import { describeRequest, responseProblems } from './invariants.js';
import type { Pools } from './value-arbitraries.js';

export interface FuzzOptions {
  base: string;
  dbFile: string;
  doc: OpenApiDocument;
  pools: Pools;
  credentials: Credentials;
  seed: number;
  requests: number;
  /** A request every this many that must answer 200 (the service still serves). */
  healthEvery?: number;
}

export interface FuzzReport {
  seed: number;
  /** Generated requests sent (shrinking a failure sends more; those count in `sent`). */
  runs: number;
  sent: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
  operations: number;
  /** The smallest failing request fast-check found, with what was wrong; null when every run held. */
  failure: { request: string; problems: string } | null;
  elapsedMs: number;
}

class InvariantBroken extends Error {}

/**
 * Property-based fuzzing of the running service from its OpenAPI document: every operation, each
 * request valid or mutated (wrong JSON types, missing and unknown fields, special numbers, odd strings,
 * path tricks, content types, credentials, headers), and for every answer: no 5xx, 4xx bodies in their
 * family's shape, a 4xx leaves every table as it was, and the service keeps answering. The seed fixes
 * the sequence; a failure is shrunk by fast-check and printed as a plain request.
 */
export async function runFuzz(o: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const base = new URL(o.base);
  const ops = operationsOf(o.doc);
  const request = fc.oneof(
    // Operations with a body have the most fields to get wrong: they are drawn four times as often.
    ...ops.map((op) => ({ weight: op.body ? 4 : 1, arbitrary: operationRequest(op, o.doc, o.pools, o.credentials) })),
    { weight: 2, arbitrary: unroutedRequest(o.credentials) },
  );
  const store = openStoreDump(o.dbFile);
  const byStatus: Record<string, number> = {};
  const byOperation: Record<string, number> = {};
  let sent = 0;

  const health = { method: 'GET', path: '/v1/settings', headers: { authorization: `Bearer ${o.credentials.apiToken}` }, body: null, operation: 'health', family: 'management' as const };

  const check = async (req: FuzzRequest): Promise<void> => {
    const before = store.dump();
    const res = await sendRaw(base, req).catch((e: Error) => {
      throw new InvariantBroken(`no answer: ${e.message}`);
    });
    sent++;
    byStatus[String(res.status)] = (byStatus[String(res.status)] ?? 0) + 1;
    byOperation[req.operation] = (byOperation[req.operation] ?? 0) + 1;
    const problems = responseProblems(req, res);
    if (res.status >= 400 && res.status < 500) {
      const changed = changedTables(before, store.dump());
      if (changed.length) problems.push(`a ${res.status} changed the store (tables ${changed.join(', ')}): ${res.text.slice(0, 200)}`);
    }
    if (sent % (o.healthEvery ?? 25) === 0 || problems.length) {
      const h = await sendRaw(base, health).catch((e: Error) => ({ status: 0, text: e.message, contentType: '' }));
      if (h.status !== 200) problems.push(`the service stopped answering: GET /v1/settings -> ${h.status} ${h.text.slice(0, 200)}`);
    }
    if (problems.length) throw new InvariantBroken(problems.join('; '));
  };

  try {
    const details = await fc.check(fc.asyncProperty(request, async (req) => {

      await check(req);
    }), { seed: o.seed, numRuns: o.requests, endOnFailure: false, markInterruptAsFailure: false });
    let failure: FuzzReport['failure'] = null;
    if (details.failed) {
      const [req] = details.counterexample ?? [];
      const error = details.errorInstance;
      failure = { request: req ? describeRequest(req) : '(none)', problems: error instanceof Error ? error.message : String(error) };
    }
    return { seed: o.seed, runs: details.numRuns, sent, byStatus, byOperation, operations: ops.length, failure, elapsedMs: Date.now() - started };
  } finally {
    store.close();
  }
}
