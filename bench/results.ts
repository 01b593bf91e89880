/**
 * `npm run bench:results`: the results API on a full 90-minute match (issue 4). The real Metrica
 * events (../shared/data) are simulated into a full match and imported as a broadcast camera would
 * have seen it (detected rows on camera, projected rows off camera), into a `touchline serve` child
 * process; then summary (first and cached), a three-filter query, the Parquet and the JSON download
 * are timed over real HTTP, and the server's memory is sampled from /proc while it streams the JSON.
 * Targets on the 2-core machine: import < 30 s; summary < 1 s first and < 20 ms cached; query < 50 ms;
 * Parquet < 3 s and < 15 MB; JSON streamed with < 200 MB server memory growth. `--view=all` imports
 * every object as a detected row (3.7 million rows) instead of the broadcast camera's view.
 */
import { existsSync, readFileSync } from 'node:fs';
import { machineDescription, report, runBench } from './machine.js';
import { importFullMatch, METRICA_EVENTS } from './full-match.js';

const EVENTS = METRICA_EVENTS;

const ms = (t0: number) => performance.now() - t0;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function main(): Promise<void> {
  if (!existsSync(EVENTS)) {
    process.stdout.write(`bench:results skipped: ${EVENTS} not found (needs ../shared/data)\n`);
    return;
  }
  const view = process.argv.includes('--view=all') ? 'all' : 'broadcast';
  const match = await importFullMatch(view);
  const { base, headers, call, child, facts, importMs } = match;
  const id = match.analysisId;
  try {
    let t0: number;
    t0 = performance.now();
    await call('GET', `/v1/analyses/${id}/summary`);
    const summaryFirst = ms(t0);
    const cached: number[] = [];
    for (let i = 0; i < 30; i++) {
      t0 = performance.now();
      await call('GET', `/v1/analyses/${id}/summary`);
      cached.push(ms(t0));
    }

    const query = {
      filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_location', x_min: 70 }, { type: 'ball_action', actions: ['pass'] }],
      preserve_labels: 'ball_action',
    };
    t0 = performance.now();
    const first = await call('POST', `/v1/analyses/${id}/query-intervals`, query);
    const queryFirst = ms(t0);
    const queries: number[] = [];
    for (let i = 0; i < 30; i++) {
      t0 = performance.now();
      await call('POST', `/v1/analyses/${id}/query-intervals`, query);
      queries.push(ms(t0));
    }

    t0 = performance.now();
    const parquet = await fetch(`${base}/v1/analyses/${id}/tracking/download`, { headers });
    const parquetBytes = (await parquet.arrayBuffer()).byteLength;
    const parquetMs = ms(t0);
    t0 = performance.now();
    await (await fetch(`${base}/v1/analyses/${id}/tracking/download`, { headers })).arrayBuffer();
    const parquetCachedMs = ms(t0);

    const pid = child.pid as number;
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
    t0 = performance.now();
    const json = await fetch(`${base}/v1/analyses/${id}/tracking/download?format=json`, { headers });
    let jsonBytes = 0;
    for await (const chunk of json.body as unknown as AsyncIterable<Uint8Array>) jsonBytes += chunk.byteLength;
    const jsonMs = ms(t0);
    clearInterval(sampler);

    const date = new Date().toISOString().slice(0, 10);
    report([
      `## bench:results ${date}`,
      '',
      `Machine: ${machineDescription()}. Command: \`npm run bench:results${view === 'all' ? ' -- --view=all' : ''}\`. Match: Metrica Sample Game 1 simulated (seed 7), imported with \`view: ${view}\`: ${facts.rows.detected.toLocaleString('en')} detected + ${facts.rows.projected.toLocaleString('en')} projected rows, ${Math.round(facts.duration_ms / 60000)} min. Server: \`touchline serve\` child process, real HTTP.`,
      '',
      '| measure | result | target |',
      '|---|---|---|',
      `| import (POST /v1/imports -> done) | ${(importMs / 1000).toFixed(1)} s | < 30 s |`,
      `| summary, first computation | ${summaryFirst.toFixed(0)} ms | < 1 s |`,
      `| summary, cached (p50 / p99 of 30) | ${quantile(cached, 0.5).toFixed(1)} / ${quantile(cached, 0.99).toFixed(1)} ms | < 20 ms |`,
      `| query, 3 filters (team_possession AND ball_location AND ball_action), first / p50 / p99 of 30 | ${queryFirst.toFixed(0)} / ${quantile(queries, 0.5).toFixed(1)} / ${quantile(queries, 0.99).toFixed(1)} ms (${first.body.length} intervals) | < 50 ms |`,
      `| Parquet written (encode in the engine run, ZSTD) | ${((facts.timings_ms?.parquet_encode ?? NaN) / 1000).toFixed(2)} s | < 3 s |`,
      `| Parquet download, first / second | ${(parquetMs / 1000).toFixed(2)} s / ${(parquetCachedMs / 1000).toFixed(2)} s | - |`,
      `| Parquet size | ${(parquetBytes / 1e6).toFixed(1)} MB | < 15 MB |`,
      `| JSON download (streamed) | ${(jsonBytes / 1e6).toFixed(0)} MB in ${(jsonMs / 1000).toFixed(1)} s | - |`,
      `| server memory growth while streaming JSON (VmRSS peak - before) | ${((peak - before) / 1024).toFixed(0)} MB | < 200 MB |`,
    ].join('\n'));
  } finally {
    match.close();
  }
}

runBench(main);
