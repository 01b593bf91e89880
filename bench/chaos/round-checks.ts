import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sourcePath } from '../../main/service/store/paths.js';
import type { VideoRow } from '../../main/service/store/videos-repo.js';
import type { DrillApi } from './api-client.js';
import { analysisEndings, folderProblems, integrityProblems, resultDifferences, stuckOrFailed, webhookProblems, type ApiAnalysis, type ResultSet } from './checks.js';
import type { WebhookCall } from './inputs.js';
import { listFolder, readStore, type StoreSnapshot } from './inspect.js';
import { collectResults } from './results.js';

/** The uninterrupted run's results, by the kind of analysis (`video`, `import`): one of each per round. */
export type Reference = Map<string, ResultSet>;

export interface RecoveryVerdict {
  failures: string[];
  store: StoreSnapshot;
  results: Reference;
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Every check of a settled service on `home`: the store (nothing stuck or failed, integrity, foreign
 * keys), the API's account of each analysis, the data folder (no orphan, no partial download, downloaded
 * sources whole), webhooks, and each done analysis's results against `reference` (when given).
 */
export async function checkRecovery(o: {
  api: DrillApi; home: string; calls: readonly WebhookCall[]; clipSha: string; reference: Reference | null; webhooks: number;
}): Promise<RecoveryVerdict> {
  const store = readStore(o.home);
  const failures = [...stuckOrFailed(store), ...integrityProblems(store)];

  const apiAnalyses: ApiAnalysis[] = [];
  for (const a of store.analyses) {
    const reply = await o.api.call('GET', `/v1/analyses/${a.id}`);
    if (reply.status !== 200) failures.push(`GET /v1/analyses/${a.id} answered ${reply.status}`);
    else apiAnalyses.push(reply.json.data as ApiAnalysis);
  }
  failures.push(...analysisEndings(apiAnalyses));

  for (const v of store.videos) {
    if (v.source_kind !== 'http' || v.status !== 'available') continue;
    const file = sourcePath(o.home, v as unknown as VideoRow);
    let digest: string;
    try {
      digest = sha256(readFileSync(file));
    } catch (e) {
      digest = (e as Error).message;
    }
    if (digest !== o.clipSha) failures.push(`video ${v.id}'s downloaded source ${file} is not the served clip (${digest.slice(0, 16)})`);
  }

  const results: Reference = new Map();
  for (const a of store.analyses.filter((x) => x.status === 'done')) {
    try {
      const set = await collectResults(o.api, o.home, a);
      results.set(a.engine_source, set);
      const ref = o.reference?.get(a.engine_source);
      if (o.reference && !ref) failures.push(`analysis ${a.id} (${a.engine_source}) has no reference to compare with`);
      if (ref) failures.push(...resultDifferences(`analysis ${a.id} (${a.engine_source})`, ref, set));
    } catch (e) {
      failures.push(`analysis ${a.id}'s results could not be read: ${(e as Error).message}`);
    }
  }
  // Listed after the results were read: reading them writes the summary's cache file, which must be whole too.
  failures.push(...folderProblems(listFolder(o.home), store));
  failures.push(...webhookProblems(readStore(o.home), o.calls, o.webhooks));
  return { failures, store, results };
}
