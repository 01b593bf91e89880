import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, type Service } from '../../main/service/service.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { ffmpegPath } from '../../engine/io/ffmpeg-binaries.js';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { demoMatch } from '../../engine/sim/demo-match.js';
import { simTruth, writeSimTruth } from '../../engine/io/sim-truth.js';
import type { OpenApiDocument } from './openapi-operations.js';
import type { Credentials } from './request-arbitrary.js';
import type { Pools } from './value-arbitraries.js';

/** A service holding a little of everything, idle, for the fuzzer to hit. */
export interface FuzzTarget {
  base: string;
  home: string;
  dbFile: string;
  doc: OpenApiDocument;
  pools: Pools;
  credentials: Credentials;
  close(): Promise<void>;
}

async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(`${base}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Seeds a data folder through the API (an imported analysis with results, local videos, webhooks, a
 * widget token), then serves it again with no job runners (ingest and analysis concurrency 0) and no
 * rate limits: nothing changes the store but the fuzzer's own requests, so a 4xx that changed it is
 * the request's doing. The analysis and video ids are the pools valid requests draw from.
 */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const work = mkdtempSync(join(tmpdir(), 'touchline-fuzz-'));
  const home = join(work, 'home');
  const truthDir = join(work, 'truth');
  const clip = join(work, 'clip.mp4');
  const source = demoMatch();
  const track = simulateMatch(source, { seed: 3, fromMs: 0, durationMs: 20_000 });
  await writeSimTruth(truthDir, simTruth(source, track, { seed: 3, file: 'demo-match', format: 'scripted' }));
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-nostdin', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25', '-t', '3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip], { stdio: ['ignore', 'ignore', 'pipe'] });

  let seeding: Service | null = await createService({ home, port: 0, logLevel: 'silent' });
  const pools: Pools = { videoIds: [], analysisIds: [], webhookIds: [], disposableVideoIds: [], disposableWebhookIds: [], playerIds: [], byName: {} };
  let embedToken = '';
  try {
    const base = await seeding.listen();
    const token = readDefaultToken(home) as string;
    const imported = (await call(base, token, 'POST', '/v1/imports', { format: 'sim', paths: { dir: truthDir }, home_team_name: 'Reds', away_team_name: 'Blues' })).data;
    await until('the import', async () => ((await call(base, token, 'GET', `/v1/analyses/${imported.id}`)).data.status === 'done' ? true : undefined));
    pools.analysisIds.push(imported.id);
    pools.videoIds.push(imported.video_id);
    const summary = await call(base, token, 'GET', `/v1/analyses/${imported.id}/summary`);
    pools.playerIds.push(...(summary.players as { player_id: string }[]).slice(0, 6).map((p) => p.player_id));
    for (let i = 0; i < 6; i++) {
      const v = (await call(base, token, 'POST', '/v1/videos', { video_file_url: clip, home_team_name: `Home ${i}`, away_team_name: `Away ${i}` })).data;
      await until(`video ${v.id}`, async () => (['available', 'error'].includes((await call(base, token, 'GET', `/v1/videos/${v.id}`)).data.status) ? true : undefined));
      (i < 2 ? pools.videoIds : pools.disposableVideoIds).push(v.id);
    }
    pools.videoIds.push(...pools.disposableVideoIds);
    for (let i = 0; i < 4; i++) {
      const w = (await call(base, token, 'POST', '/v1/webhooks', { url: `http://127.0.0.1:9/hook-${i}` })).data;
      (i < 1 ? pools.webhookIds : pools.disposableWebhookIds).push(w.id);
    }
    pools.webhookIds.push(...pools.disposableWebhookIds);
    embedToken = (await call(base, token, 'POST', `/v1/videos/${pools.videoIds[1]}/embed-token`, {})).token;
  } finally {
    await seeding.close();
    seeding = null;
  }

  // Port 9 (discard) on this machine: nothing listens, so a download fails fast if a queue ever ran.
  pools.byName = {
    video_file_url: [clip, `file://${clip}`, 'http://127.0.0.1:9/clip.mp4', join(work, 'missing.mp4')],
    dir: [truthDir, work], url: ['http://127.0.0.1:9/hook', 'https://127.0.0.1:9/hook'],
    home: [join(truthDir, 'missing.csv')], away: [join(truthDir, 'missing.csv')], tracking: [join(work, 'missing.parquet')],
    player_id: pools.playerIds, home_key: ['team_a', 'team_b'],
  };
  const service = await createService({
    home, port: 0, logLevel: 'silent', ingestConcurrency: 0, analysisConcurrency: 0,
    rateLimitPerMinute: 1_000_000_000, trackingDownloadsPerHour: 1_000_000_000,
  });
  const base = await service.listen();
  const apiToken = readDefaultToken(home) as string;
  const doc = await (await fetch(`${base}/v1/openapi.json`)).json() as OpenApiDocument;
  return {
    base, home, dbFile: join(home, 'touchline.db'), doc, pools, credentials: { apiToken, embedToken },
    async close() {
      await service.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
