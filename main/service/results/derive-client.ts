import { Worker } from 'node:worker_threads';
import type { DeriveEnvelope, DeriveReply, DeriveRequest, DeriveValue } from '../../../engine/api.js';
import { compiledScript } from './script-path.js';

/** A query the derive worker refused as wrong (the client's mistake, answered 400). */
export class DeriveQueryError extends Error {}

/**
 * The service's side of the derive worker (engine/derive/derive-worker.ts): one worker thread, started
 * on the first request and kept, so summaries, reports and queries are computed off the event loop.
 * A worker that dies fails the requests it held and is started afresh by the next one.
 */
export class DeriveClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private closed = false;

  constructor(private readonly script = compiledScript('engine/derive/derive-worker.js')) {}

  call<R extends DeriveRequest>(request: R): Promise<DeriveValue<R['op']>> {
    if (this.closed) return Promise.reject(new Error('the service is closing'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, request } satisfies DeriveEnvelope);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = null;
    this.failAll(new Error('the service is closing'));
    if (w) await w.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    // None of the service's own Node options (a preloaded module, --input-type) are the worker's.
    const worker = new Worker(this.script, { execArgv: [] });
    // An idle worker must not keep a headless service (or a test) alive on its own; a busy one must,
    // or a caller with nothing else pending would exit before its answer.
    worker.unref();
    worker.on('message', (reply: DeriveReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) p.resolve(reply.value);
      else p.reject(reply.kind === 'query' ? new DeriveQueryError(reply.message) : new Error(reply.message));
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(new Error(`derive worker ${why}`));
    };
    worker.on('error', (e) => lost(`failed: ${e.message}`));
    worker.on('exit', (code) => lost(`exited (${code})`));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
