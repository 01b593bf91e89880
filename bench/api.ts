/**
 * `npm run bench:api`: throughput and latency of GET /v1/videos (1,000 videos stored) and
 * GET /v1/videos/{id}, against `touchline serve` in its own process, as a user's script would call it.
 * Target (issue 2): p99 under 10 ms on the 2-core machine. `--record` appends the run to docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../main/service/config.js';
import { openStore } from '../main/service/service.js';
import { ensureDefaultToken } from '../main/service/bootstrap.js';
import { load, type LoadResult } from './load.js';
import { machineDescription, report, runBench } from './machine.js';

const VIDEOS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLI = fileURLToPath(new URL('../main/cli/touchline.js', import.meta.url));

function seed(home: string): { token: string; ids: number[] } {
  const store = openStore(loadConfig({ home }));
  ensureDefaultToken(store.tokens, home);
  // The bench measures the service, not the limiter: its token has no practical limit.
  const { token } = store.tokens.create({ organization: 'Default organization', name: 'bench', rateLimitPerMinute: 1_000_000_000 });
  const org = store.tokens.ensureOrganization('Default organization');
  const ids: number[] = [];
  const probe = JSON.stringify({ container: 'mov,mp4', video_codec: 'h264', width: 1920, height: 1080, fps: 25, duration_seconds: 5400, frame_count: 135000, bit_rate: 8e6, rotation: 0, has_audio: true, size_bytes: 5.4e9, analysis: { fps: 25, width: 1920, height: 1080 } });
  store.db.transaction(() => {
    for (let i = 0; i < VIDEOS; i++) {
      const row = store.videos.insert({
        organizationId: org.id, title: `Matchday ${i}`, homeTeamName: `Home ${i % 18}`, awayTeamName: `Away ${(i + 7) % 18}`,
        matchDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-10`, startOffsetSeconds: null, endOffsetSeconds: null,
        leftStartTeam: null, sourceUrl: `file:///matches/${i}.mp4`, sourceKind: 'local', localPath: `/matches/${i}.mp4`,
      }, `home ${i % 18} away ${(i + 7) % 18}`);
      store.videos.setProbe(row.id, { json: probe, durationSeconds: 5400, sizeBytes: 5.4e9, mtimeMs: 0 });
      store.videos.setStatus(row.id, 'available');
      if (i % 3 === 0) {
        store.db.prepare("INSERT INTO analyses (video_id, status, created_at) VALUES (?, 'done', ?)").run(row.id, new Date().toISOString());
      }
      ids.push(row.id);
    }
  })();
  store.db.close();
  return { token, ids };
}

async function startServer(home: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    env: { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { base, stop: () => new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }) };
}

const fmt = (r: LoadResult) => `${Math.round(r.rps)} | ${r.p50_ms.toFixed(2)} | ${r.p99_ms.toFixed(2)} | ${r.max_ms.toFixed(1)} | ${r.requests}${r.errors ? ` (${r.errors} errors)` : ''}`;

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'touchline-bench-'));
  const { token, ids } = seed(home);
  const server = await startServer(home);
  const rows: string[] = [];
  let worstP99 = 0;
  try {
    const scenarios: [string, () => string][] = [
      ['GET /v1/videos (page 1, 25 per page)', () => '/v1/videos'],
      ['GET /v1/videos?per_page=100 (random page of 10)', () => `/v1/videos?per_page=100&page=${1 + Math.floor(Math.random() * 10)}`],
      ['GET /v1/videos/{id} (random id of 1,000)', () => `/v1/videos/${ids[Math.floor(Math.random() * ids.length)]}`],
    ];
    await load({ url: server.base, token, concurrency: 4, seconds: 2, paths: scenarios[0]![1] }); // warm-up: JIT, SQLite cache
    for (const [name, paths] of scenarios) {
      for (const concurrency of [1, 4]) {
        const r = await load({ url: server.base, token, concurrency, seconds: SECONDS, paths });
        worstP99 = Math.max(worstP99, r.p99_ms);
        const line = `| ${name} | ${concurrency} | ${fmt(r)} |`;
        rows.push(line);
        process.stdout.write(`${line}\n`);
      }
    }
  } finally {
    await server.stop();
    rmSync(home, { recursive: true, force: true });
  }
  const verdict = worstP99 < 10 ? `met (worst p99 ${worstP99.toFixed(2)} ms)` : `MISSED (worst p99 ${worstP99.toFixed(2)} ms)`;
  const section = [
    `## bench:api — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machineDescription()}`,
    `- Command: \`npm run bench:api\` (${VIDEOS} videos stored, ${SECONDS} s per row, server in its own process, keep-alive connections)`,
    `- Target p99 < 10 ms: ${verdict}`,
    '',
    '| scenario | connections | req/s | p50 ms | p99 ms | max ms | requests |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  report(section);
}

runBench(main);
