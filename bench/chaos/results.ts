import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analysisDir } from '../../main/service/store/paths.js';
import { RESULT_FILES } from '../../engine/worker-protocol.js';
import { SUMMARY_SCHEMA_VERSION } from '../../main/service/routes/summary.js';
import { expectOk, type DrillApi } from './api-client.js';
import { listFolder } from './inspect.js';
import { normaliseAnalysis, normaliseFacts, normaliseSummary, type ResultSet } from './checks.js';

const SUMMARY_CACHE = `cache/summary-v${SUMMARY_SCHEMA_VERSION}.json`;

/**
 * Everything a done analysis hands out, under stable names: the API's tracking downloads (Parquet and
 * JSON), events, summary and the analysis resource, then every file of its results folder (the
 * engine's own files and crops, the Parquet it wrote, the summary cached by the request just made;
 * other cache files depend on which requests came first and are left out).
 */
export async function collectResults(api: DrillApi, home: string, analysis: { id: number; video_id: number }): Promise<ResultSet> {
  const set: ResultSet = new Map();
  const get = (path: string) => expectOk(api, 'GET', `/v1/analyses/${analysis.id}${path}`);
  set.set('api:tracking (parquet)', (await get('/tracking/download?format=parquet')).bytes);
  set.set('api:tracking (json)', (await get('/tracking/download?format=json')).bytes);
  set.set('api:events', (await get('/events')).bytes);
  set.set('api:summary (normalised)', normaliseSummary((await get('/summary')).bytes.toString('utf8')));
  set.set('api:analysis (normalised)', normaliseAnalysis((await get('')).json.data as Record<string, unknown>));
  const dir = analysisDir(home, analysis.video_id, analysis.id);
  for (const { path, dir: isDir } of listFolder(dir)) {
    if (isDir || (path.startsWith('cache/') && path !== RESULT_FILES.parquet && path !== SUMMARY_CACHE)) continue;
    const bytes = await readFile(join(dir, path));
    if (path === RESULT_FILES.facts) set.set(`file:${path} (normalised)`, normaliseFacts(bytes.toString('utf8')));
    else if (path === SUMMARY_CACHE) set.set(`file:${path} (normalised)`, normaliseSummary(bytes.toString('utf8')));
    else set.set(`file:${path}`, bytes);
  }
  return set;
}
