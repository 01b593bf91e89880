import { parseArgs } from 'node:util';
import { machineDescription, report, runBench } from './machine.js';
import { startFuzzTarget } from './fuzz/fuzz-target.js';
import { runFuzz, type FuzzReport } from './fuzz/run-fuzz.js';

/**
 * `npm run bench:fuzz -- --requests 10000 [--seed N] [--record]`: the request fuzzer of
 * test/contract/request-fuzz.test.ts at length. Target (issue 29): no 5xx and no 4xx body outside its
 * family's shape (and no 4xx that changed the store) in 10,000 requests.
 */
export function fuzzSection(r: FuzzReport, command: string): string {
  const classes: Record<string, number> = {};
  for (const [status, n] of Object.entries(r.byStatus)) classes[`${status[0]}xx`] = (classes[`${status[0]}xx`] ?? 0) + n;
  const statuses = Object.entries(r.byStatus).sort(([a], [b]) => Number(a) - Number(b)).map(([s, n]) => `${s}: ${n}`).join(', ');
  const covered = Object.keys(r.byOperation).filter((k) => k !== 'unrouted').length;
  return [
    `## bench:fuzz — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machineDescription()}`,
    `- Command: \`${command}\` (seed ${r.seed})`,
    `- Requests: ${r.runs} generated, ${r.sent} sent, in ${(r.elapsedMs / 1000).toFixed(1)} s; ${covered} of ${r.operations} operations of the OpenAPI document, plus unrouted ones`,
    `- Classes: ${Object.entries(classes).sort().map(([c, n]) => `${c} ${n}`).join(', ')}`,
    `- Statuses: ${statuses}`,
    `- 5xx: ${classes['5xx'] ?? 0}; invariants broken: ${r.failure ? 1 : 0}${r.failure ? `\n\n\`\`\`\n${r.failure.request}\n\`\`\`\n${r.failure.problems}` : ''}`,
  ].join('\n');
}

runBench(async () => {
  const { values } = parseArgs({ options: { requests: { type: 'string', default: '10000' }, seed: { type: 'string' }, record: { type: 'boolean' } } });
  const requests = Number(values.requests);
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
  const target = await startFuzzTarget();
  try {
    const r = await runFuzz({ base: target.base, dbFile: target.dbFile, doc: target.doc, pools: target.pools, credentials: target.credentials, seed, requests });
    report(fuzzSection(r, `npm run bench:fuzz -- --requests ${requests}${values.seed === undefined ? '' : ` --seed ${seed}`}`));
    if (r.failure) process.exitCode = 1;
  } finally {
    await target.close();
  }
});
