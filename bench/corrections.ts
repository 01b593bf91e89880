/**
 * `npm run bench:corrections [-- --record]`: corrections on the full 90-minute imported match (Metrica
 * Sample Game 1 simulated, seed 7, broadcast view) in a `touchline serve` child process over real HTTP.
 * Issue 33's targets on the 2-core machine: a correction applied and the summary read again in under
 * 1 s; the team report after it in under 1 s. Each round names one of the longest-seen tracks anew (a
 * player id nobody has), then reads the summary and the team report; then undoes it and reads the
 * summary again. Nothing is cached between rounds: every log version is new.
 */
import { existsSync } from 'node:fs';
import { machineDescription, report, runBench } from './machine.js';
import { importFullMatch, METRICA_EVENTS } from './full-match.js';

const ROUNDS = 5;

const ms = (t0: number) => performance.now() - t0;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const max = (xs: number[]) => Math.max(...xs);

async function main(): Promise<void> {
  if (!existsSync(METRICA_EVENTS)) {
    process.stdout.write(`bench:corrections skipped: ${METRICA_EVENTS} not found (needs ../shared/data)\n`);
    return;
  }
  const match = await importFullMatch('broadcast');
  try {
    const a = `/v1/analyses/${match.analysisId}`;
    const expectOk = (what: string, r: { status: number; body: any }, status = 200) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
      return r;
    };
    // The uncorrected results read once, as an analyst opening the match would.
    expectOk('summary', await match.call('GET', `${a}/summary`));
    expectOk('team report', await match.call('GET', `${a}/team-report`));
    let t0 = performance.now();
    const tracks = expectOk('tracks', await match.call('GET', `${a}/tracks`)).body as { track_id: number; player_id: string | null; team: string | null }[];
    const tracksMs = ms(t0);
    const named = tracks.filter((k) => k.player_id && k.team).slice(0, ROUNDS);
    const post: number[] = [];
    const summary: number[] = [];
    const team: number[] = [];
    const undo: number[] = [];
    let version = 0;
    for (const [i, track] of named.entries()) {
      const id = `${track.team === 'team_0' ? 0 : 1}-${90 + i}`;
      t0 = performance.now();
      const r = expectOk('correction', await match.call('POST', `${a}/corrections`, { base_version: version, correction: { op: 'name_track', track_id: track.track_id, player_id: id } }), 201);
      post.push(ms(t0));
      version = r.body.version;
      const s = expectOk('summary', await match.call('GET', `${a}/summary`));
      summary.push(ms(t0));
      if (!s.body.players.some((p: { player_id: string }) => p.player_id === id)) throw new Error(`the summary after naming track ${track.track_id} ${id} does not list ${id}`);
      t0 = performance.now();
      expectOk('team report', await match.call('GET', `${a}/team-report`));
      team.push(ms(t0));
      t0 = performance.now();
      const u = expectOk('undo', await match.call('POST', `${a}/corrections/undo`, { base_version: version }));
      version = u.body.version;
      expectOk('summary', await match.call('GET', `${a}/summary`));
      undo.push(ms(t0));
    }
    report([
      `## bench:corrections ${new Date().toISOString().slice(0, 10)}`,
      '',
      `Machine: ${machineDescription()}. Command: \`npm run bench:corrections\`. Match: Metrica Sample Game 1 simulated (seed 7), imported with \`view: broadcast\`: ${match.facts.rows.detected.toLocaleString('en')} detected + ${match.facts.rows.projected.toLocaleString('en')} projected rows, ${Math.round(match.facts.duration_ms / 60000)} min, ${tracks.length} tracks. Server: \`touchline serve\` child process, real HTTP. ${named.length} rounds: name a track, read the summary, the team report, undo, read the summary.`,
      '',
      '| measure | median | slowest | target |',
      '|---|---|---|---|',
      `| GET tracks (uncorrected) | ${tracksMs.toFixed(0)} ms | - | - |`,
      `| POST a correction (checked against the corrected results) | ${median(post).toFixed(0)} ms | ${max(post).toFixed(0)} ms | - |`,
      `| correction applied and the summary read again | **${median(summary).toFixed(0)} ms** | **${max(summary).toFixed(0)} ms** | < 1 s |`,
      `| then the team report | **${median(team).toFixed(0)} ms** | **${max(team).toFixed(0)} ms** | < 1 s |`,
      `| undo and the summary read again | ${median(undo).toFixed(0)} ms | ${max(undo).toFixed(0)} ms | < 1 s |`,
      '',
    ].join('\n'));
  } finally {
    match.close();
  }
}

runBench(main);
