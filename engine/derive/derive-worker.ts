import { parentPort } from 'node:worker_threads';
import { QueryError } from '../query/query-types.js';
import { derive } from './derive.js';
import type { DeriveEnvelope, DeriveReply } from './derive-protocol.js';
import { LoadedResultsCache } from './loaded-results.js';

/**
 * The derive worker: a worker thread the service starts once and keeps, computing summaries, reports
 * and queries from stored results so that the service's event loop (in the app, Electron's main
 * process) keeps answering meanwhile. Requests are answered in the order their work finishes.
 */
if (!parentPort) throw new Error('the derive worker runs as a worker thread of the Touchline service');
const port = parentPort;
const cache = new LoadedResultsCache();

port.on('message', (message: DeriveEnvelope) => {
  derive(message.request, cache).then(
    (value) => port.postMessage({ id: message.id, ok: true, value } satisfies DeriveReply),
    (error: unknown) => port.postMessage({
      id: message.id, ok: false, kind: error instanceof QueryError ? 'query' : 'internal',
      message: error instanceof Error ? error.message : String(error),
    } satisfies DeriveReply),
  );
});
