import { parentPort, workerData } from 'node:worker_threads';
import { writeFile } from 'node:fs/promises';
import { readTrackingFile } from './tracking-store.js';
import { encodeTrackingParquet } from './tracking-parquet.js';
import { keepDetectedRows } from '../results/detected-rows.js';

/**
 * Encodes an analysis's tracking file as Parquet off the service's main thread: the encode takes a
 * few seconds on a full match and would otherwise stall every other request.
 */
export interface ParquetJob {
  trackingPath: string;
  outPath: string;
  /** Engine 0.5.36+: status and confidence columns, projected rows and the extension columns; older: detected rows only. */
  statusColumns: boolean;
}

const job = workerData as ParquetJob;
try {
  const all = await readTrackingFile(job.trackingPath);
  const cols = job.statusColumns ? all : keepDetectedRows(all);
  const bytes = encodeTrackingParquet(cols, { statusColumns: job.statusColumns, extensionColumns: job.statusColumns });
  await writeFile(job.outPath, bytes);
  parentPort?.postMessage({ ok: true, bytes: bytes.length });
} catch (error) {
  parentPort?.postMessage({ ok: false, message: (error as Error).message });
}
