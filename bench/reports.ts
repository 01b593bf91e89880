/**
 * `npm run bench:reports [-- --record]`: the reports on the full 90-minute imported match (Metrica Sample
 * Game 1 simulated, seed 7, broadcast view) in a `touchline serve` child process over real HTTP. Targets
 * on the 2-core machine: team report under 1 s first; each player report under 300 ms first and under
 * 10 ms cached (every player of the team report, one after the other).
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
    const players = [...r.teams[0].average_positions, ...r.teams[1].average_positions].map((p: { player_id: string }) => p.player_id);
    const cold: number[] = [];
    const warm: number[] = [];
    for (const id of players) {
      t0 = performance.now();
      const res = await match.call('GET', `/v1/analyses/${match.analysisId}/player-report/${id}`);
      cold.push(ms(t0));
      if (res.status !== 200) throw new Error(`player report ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      t0 = performance.now();
      await match.call('GET', `/v1/analyses/${match.analysisId}/player-report/${id}`);
      warm.push(ms(t0));
    }
    const max = (xs: number[]) => Math.max(...xs);
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
      `| player report, first request: median / slowest of ${players.length} | **${median(cold).toFixed(0)} / ${max(cold).toFixed(0)} ms** | < 300 ms each |`,
      `| player report, cached: median / slowest | **${median(warm).toFixed(1)} / ${max(warm).toFixed(1)} ms** | < 10 ms |`,
    ].join('\n'));
  } finally {
    match.close();
  }
}

runBench(main);
