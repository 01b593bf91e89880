import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '../../engine/match-data/rng.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';
import { drillApi, expectOk, sleep, type DrillApi } from './api-client.js';
import { integrityProblems } from './checks.js';
import { readStore } from './inspect.js';
import { renderDrillClip, serveClip, startWebhookReceiver, type WebhookReceiver } from './inputs.js';
import { MixDriver, type MixInputs } from './mix.js';
import { checkRecovery, sha256, type Reference } from './round-checks.js';
import { killGroup, startServe, stopServe, type ServeProcess } from './serve-process.js';
import { settle } from './settle.js';

export interface DrillOptions {
  kills: number;
  seed: number;
  /** Include the video engine's analysis of the clip (the bench does; the test's short drill leaves it out to stay cheap). */
  videoAnalysis: boolean;
  clipSeconds?: number;
  /** Longest wait for a restarted service to finish its work. */
  settleTimeoutMs?: number;
  log?: (line: string) => void;
  /** Keep the scratch folder (data folders, clip) for a look afterwards. */
  keep?: boolean;
}

export interface RoundResult {
  round: number;
  killAtMs: number;
  /** The mix's steps running when the kill came (none: the service was idle). */
  inFlight: string[];
  /** From the kill to the restarted service listening, and from there to settled. */
  restartMs: number;
  settleMs: number;
  /** Problems this round's kill brought (a problem an earlier round found and that is still there is not counted again). */
  failures: string[];
  /** Problems found before and still there. */
  carried: number;
}

export interface DrillResult {
  seed: number;
  kills: number;
  ok: number;
  rounds: RoundResult[];
  /** The uninterrupted run: its quick steps, and all of it (the kill moments are drawn from these spans). */
  quickMs: number;
  fullMs: number;
  referenceFailures: string[];
  finalFailures: string[];
  wallMs: number;
  work: string;
}

/** The service as the drill runs it: short analyses allowed, no rate limits in the way of polling. */
const SERVE_ENV = {
  TOUCHLINE_MIN_ANALYSIS_SECONDS: '0',
  TOUCHLINE_RATE_LIMIT_PER_MINUTE: '1000000',
  TOUCHLINE_TRACKING_DOWNLOADS_PER_HOUR: '1000000',
  TOUCHLINE_WEBHOOK_RETRY_BASE_MS: '200',
  TOUCHLINE_META_WAIT_SECONDS: '30',
};

async function start(home: string): Promise<{ serve: ServeProcess; api: DrillApi }> {
  const serve = await startServe(home, SERVE_ENV);
  return { serve, api: drillApi(serve.base, readDefaultToken(home) as string) };
}

async function registerWebhook(api: DrillApi, receiver: WebhookReceiver): Promise<void> {
  await expectOk(api, 'POST', '/v1/webhooks', { url: receiver.url, events: ['analysis.done', 'analysis.error'], description: 'crash drill' });
}

/**
 * The crash drill (issue 29): an uninterrupted reference run of the mix, then `kills` rounds on one
 * data folder, each driving the mix, `kill -9`ing the service's whole process group at a seeded
 * random moment, restarting it, letting it settle and checking everything (round-checks.ts).
 */
export async function runCrashDrill(o: DrillOptions): Promise<DrillResult> {
  const work = mkdtempSync(join(tmpdir(), 'touchline-chaos-'));
  try {
    return await drillIn(work, o);
  } finally {
    if (!o.keep) rmSync(work, { recursive: true, force: true });
  }
}

async function drillIn(work: string, o: DrillOptions): Promise<DrillResult> {
  const log = o.log ?? (() => {});
  const t0 = performance.now();
  const clipDir = join(work, 'clip');
  mkdirSync(clipDir);
  const clipPath = await renderDrillClip(clipDir, o.clipSeconds ?? 3);
  const clip = readFileSync(clipPath);
  // About 1.5 s per download: long enough to be cut in the middle, short enough for quick rounds.
  const server = await serveClip(clipPath, Math.round(clip.length / 1.5));
  const receiver = await startWebhookReceiver();
  const inputs: MixInputs = { clipPath, truthDir: clipDir, rangeUrl: server.rangeUrl, plainUrl: server.plainUrl, videoAnalysis: o.videoAnalysis };
  const settleTimeoutMs = o.settleTimeoutMs ?? (o.videoAnalysis ? 180_000 : 60_000);
  const check = (api: DrillApi, home: string, reference: Reference | null) => checkRecovery({
    api, home, calls: receiver.calls, clipSha: sha256(clip), reference, webhooks: 1,
  });
  let serve: ServeProcess | null = null;
  try {
    // The reference: the same mix on a folder of its own, never interrupted.
    log(`crash drill: seed ${o.seed}, ${o.kills} kills, mix ${o.videoAnalysis ? 'with' : 'without'} the video analysis; reference run first`);
    const refHome = join(work, 'reference');
    let s = await start(refHome);
    serve = s.serve;
    await registerWebhook(s.api, receiver);
    const refMix = new MixDriver(s.api, inputs, [], new AbortController().signal);
    await refMix.done;
    const refBusy = await settle(s.api, refHome, settleTimeoutMs);
    const ref = await check(s.api, refHome, null);
    const referenceFailures = [...refMix.errors(), ...refBusy.map((b) => `did not settle: ${b}`), ...ref.failures];
    await stopServe(serve);
    serve = null;
    const quickMs = Math.max(...refMix.steps.filter((x) => !x.long).map((x) => x.endMs ?? 0));
    const fullMs = Math.max(...refMix.steps.map((x) => x.endMs ?? 0));
    for (const x of refMix.steps) log(`  ${x.name}: ${x.startMs}-${x.endMs} ms`);
    log(`reference: quick steps ${quickMs} ms, all ${fullMs} ms${referenceFailures.length ? `; FAILED: ${referenceFailures.join('; ')}` : ''}`);
    if (referenceFailures.length) {
      return { seed: o.seed, kills: o.kills, ok: 0, rounds: [], quickMs, fullMs, referenceFailures, finalFailures: [], wallMs: performance.now() - t0, work };
    }

    const home = join(work, 'drill');
    s = await start(home);
    serve = s.serve;
    await registerWebhook(s.api, receiver);
    const rng = createRng(o.seed);
    const rounds: RoundResult[] = [];
    let previous: number[] = [];
    const known = new Set<string>();
    for (let round = 1; round <= o.kills; round++) {
      // Half the kills land among the quick steps (downloads, previews, the import, result downloads:
      // short windows a uniform draw over a long analysis would rarely hit), half anywhere in the mix.
      const span = rng.next() < 0.5 ? quickMs : fullMs;
      const killAtMs = Math.round(rng.range(0, span));
      const abort = new AbortController();
      const mix = new MixDriver(s.api, inputs, previous, abort.signal);
      await sleep(killAtMs);
      const killedAtMs = mix.now();
      const inFlight = mix.inFlightAt(killedAtMs);
      const killed = performance.now();
      await killGroup(serve);
      abort.abort(new Error('service killed'));
      const failures = mix.errors(killedAtMs).map((e) => `before the kill: ${e}`);
      let restartMs = 0;
      let settleMs = 0;
      try {
        s = await start(home);
        serve = s.serve;
        restartMs = Math.round(performance.now() - killed);
        const settling = performance.now();
        const busy = await settle(s.api, home, settleTimeoutMs);
        settleMs = Math.round(performance.now() - settling);
        failures.push(...busy.map((b) => `did not settle within ${settleTimeoutMs} ms: ${b}`));
        const verdict = await check(s.api, home, ref.results);
        failures.push(...verdict.failures);
        previous = verdict.store.videos.map((v) => v.id);
      } catch (e) {
        // A service that would not start, or died under the checks: a failed recovery, with its log.
        failures.push(`recovery broke off: ${(e as Error).message.slice(0, 2000)} (service log: ${serve.log().slice(-2000)})`);
        if (serve.child.exitCode !== null || serve.child.signalCode !== null) {
          s = await start(home);
          serve = s.serve;
        }
        previous = readStore(home).videos.map((v) => v.id);
      }
      const fresh = failures.filter((f) => !known.has(f));
      for (const f of fresh) known.add(f);
      rounds.push({ round, killAtMs: killedAtMs, inFlight, restartMs, settleMs, failures: fresh, carried: failures.length - fresh.length });
      log(`round ${round}/${o.kills}: killed at ${killedAtMs} ms (${inFlight.join(', ') || 'idle'}); restarted in ${restartMs} ms, settled in ${settleMs} ms: ${fresh.length ? `FAILED\n  ${fresh.join('\n  ')}` : 'ok'}${failures.length > fresh.length ? ` (${failures.length - fresh.length} problems of earlier rounds still there)` : ''}`);
    }
    await stopServe(serve);
    serve = null;
    // Once more with the service stopped (its last checkpoint done): the file as the next start finds it.
    const finalFailures = integrityProblems(readStore(home));
    return {
      seed: o.seed, kills: o.kills, ok: rounds.filter((r) => r.failures.length === 0).length, rounds, quickMs, fullMs,
      referenceFailures, finalFailures, wallMs: performance.now() - t0, work,
    };
  } finally {
    if (serve) await killGroup(serve).catch(() => {});
    await server.close();
    await receiver.close();
  }
}
