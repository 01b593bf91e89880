/**
 * `npm run bench:reports [-- --record]`: the reports on the full 90-minute imported match (Metrica Sample
 * Game 1 simulated, seed 7, broadcast view) in a `touchline serve` child process over real HTTP. Targets
 * on the 2-core machine: team report under 1 s first; each player report under 300 ms first and under
 * 10 ms cached. The player report is not built yet: this run times what exists.
 */
import { existsSync } from 'node:fs';
import { machineDescription, report, runBench } from './machine.js';
import { importFullMatch, METRICA_EVENTS } from './full-match.js';

const ms = (t0: number) => performance.now() - t0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  if (!existsSync(METRICA_EVENTS)) {
    process.stdout.write(`bench:reports skipped: ${METRICA_EVENTS} not found (needs ../shared/data)\n`);
    return;
  }
  const match = await importFullMatch('broadcast');
  try {
    const path = `/v1/analyses/${match.analysisId}/team-report`;
    let t0 = performance.now();
    const first = await match.call('GET', path);
    const teamFirst = ms(t0);
    if (first.status !== 200) throw new Error(`team report: ${first.status} ${JSON.stringify(first.body)}`);
    const cached: number[] = [];
    for (let i = 0; i < 30; i++) {
      t0 = performance.now();
      await match.call('GET', path);
      cached.push(ms(t0));
    }
    const r = first.body;
    report([
      `## bench:reports ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Machine: ${machineDescription()}. Command: \`npm run bench:reports\`. Match: Metrica Sample Game 1 simulated (seed 7), imported with \`view: broadcast\`: ${match.facts.rows.detected.toLocaleString('en')} detected + ${match.facts.rows.projected.toLocaleString('en')} projected rows, ${Math.round(match.facts.duration_ms / 60000)} min. Server: \`touchline serve\` child process, real HTTP.`,
      '',
      '| measure | value | target |',
      '|---|---|---|',
      `| team report, first request | **${teamFirst.toFixed(0)} ms** | < 1 s |`,
      `| team report, cached (median of 30) | **${median(cached).toFixed(1)} ms** | - |`,
      `| team report: frame, source, players placed | ${r.coordinate_frame}, ${r.orientation_source}, ${r.teams[0].average_positions.length} + ${r.teams[1].average_positions.length} | - |`,
      `| quality | ${r.quality ? `${r.quality.score} (${r.quality.grade}): ${r.quality.reasons.map((x: { code: string }) => x.code).join(', ') || 'no reasons'}` : 'null'} | - |`,
      '| player reports | not built yet (issue 8, next step) | < 300 ms first, < 10 ms cached |',
    ].join('\n'));
  } finally {
    match.close();
  }
}

runBench(main);
