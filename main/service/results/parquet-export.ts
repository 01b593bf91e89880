import { Worker } from 'node:worker_threads';
import type { ParquetJob } from '../../../engine/api.js';
import { compiledScript } from './script-path.js';

/** Writes the Parquet download of a tracking file in a worker thread; resolves when the file is in place. */
export function exportParquet(job: ParquetJob): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(compiledScript('engine/io/tracking-parquet-worker.js'), { workerData: job });
    let settled = false;
    worker.once('message', (m: { ok: boolean; message?: string }) => {
      settled = true;
      if (m.ok) resolvePromise();
      else reject(new Error(`Parquet export failed: ${m.message}`));
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`Parquet export stopped (exit code ${code})`));
    });
  });
}
