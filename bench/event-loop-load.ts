import { LOOP_DELAY_LINE, type LoopDelay } from './event-loop-probe.js';
import type { FullMatch } from './full-match.js';

/**
 * Issue 32's measure: how the service answers everyone else while it derives a full match's results.
 * The server runs with event-loop-probe.ts preloaded; on one analysis whose results nobody has asked
 * for yet, the summary, the team report, every player report and three three-filter queries are asked
 * for one after the other, while `GET /v1/videos` is asked every 20 ms beside them.
 */
export interface LoadFigures {
  loop: LoopDelay;
  /** `GET /v1/videos` answer times, ms. */
  videos: { p50: number; p99: number; max: number; count: number };
  /** The heavy requests: how many, and how long they took in all, ms. */
  heavy: { count: number; ms: number };
}

const QUERIES = [
  { filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_location', x_min: 70 }, { type: 'ball_action', actions: ['pass'] }], preserve_labels: 'ball_action' },
  { filters: [{ type: 'team_possession', teams: ['team_1'] }, { type: 'ball_location', x_max: 35 }, { type: 'ball_action', actions: ['shot'] }], operator: 'OR' },
  { filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_location', y_min: 20, y_max: 48 }, { type: 'ball_action', actions: ['pass', 'shot'] }] },
];

const quantile = (xs: readonly number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signals the probe and waits for the delay it prints (the stretch since the previous signal). */
async function loopDelay(match: FullMatch): Promise<LoopDelay> {
  const seen = match.stderrLines.length;
  match.child.kill('SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 10) {
    const line = match.stderrLines.slice(seen).find((l) => l.startsWith(LOOP_DELAY_LINE));
    if (line) return JSON.parse(line.slice(LOOP_DELAY_LINE.length)) as LoopDelay;
    await sleep(10);
  }
  throw new Error('the event-loop probe did not answer (is the server started with --import of event-loop-probe.js?)');
}

async function ask(match: FullMatch, method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await match.call(method, path, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function measureUnderLoad(match: FullMatch, analysisId: number): Promise<LoadFigures> {
  await loopDelay(match);
  const times: number[] = [];
  let stop = false;
  const poller = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await fetch(`${match.base}/v1/videos`, { headers: match.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /v1/videos: ${res.status}`);
      times.push(performance.now() - t0);
      await sleep(20);
    }
  })();
  const t0 = performance.now();
  const a = `/v1/analyses/${analysisId}`;
  await ask(match, 'GET', `${a}/summary`);
  const team = (await ask(match, 'GET', `${a}/team-report`)) as { teams: { average_positions: { player_id: string }[] }[] };
  const players = team.teams.flatMap((t) => t.average_positions.map((p) => p.player_id));
  for (const id of players) await ask(match, 'GET', `${a}/player-report/${id}`);
  for (const q of QUERIES) await ask(match, 'POST', `${a}/query-intervals`, q);
  const heavyMs = performance.now() - t0;
  stop = true;
  await poller;
  const loop = await loopDelay(match);
  return {
    loop,
    videos: { p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: Math.max(...times), count: times.length },
    heavy: { count: 2 + players.length + QUERIES.length, ms: heavyMs },
  };
}
