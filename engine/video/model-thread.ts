import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SessionOptions } from '../vision/network-runtime/onnx-session.js';

/** The networks that run on a thread of their own (model-worker.ts loads them by this name). */
export type ThreadedModel = 'person-detector' | 'ball-detector';

/** A picture for the network on the thread, packed RGB. */
export interface PictureRequest {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/**
 * One network on a worker thread of the engine process. onnxruntime-node runs a network on the calling
 * thread: on the engine's own thread its milliseconds add to every frame; here they overlap the lines,
 * the camera and the foreground of the same frame on the other core. Requests are answered in order;
 * each picture is copied to the thread (0.7 MB at 640x360).
 */
export class ModelThread {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker, private readonly name: ThreadedModel) {
    worker.on('message', (m: { id: number; result?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error === undefined) p.resolve(m.result);
      else p.reject(new Error(`${name}: ${m.error}`));
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`${name} thread exited (${code})`)));
  }

  /**
   * The network on a thread of its own, or null where a worker cannot run it: the compiled worker
   * script is absent (code run from its TypeScript sources), or the engine runs inside Electron
   * (onnxruntime-node has crashed in Electron's worker threads; field notes). The caller then runs it
   * on its own thread. `companionPath`: a second network the first one calls (the ball verifier).
   */
  static async start(name: ThreadedModel, modelPath: string, options: SessionOptions = {}, companionPath: string | null = null): Promise<ModelThread | null> {
    const script = fileURLToPath(new URL('./model-worker.js', import.meta.url));
    if (process.versions.electron || !existsSync(script)) return null;
    const worker = new Worker(script, { workerData: { name, modelPath, options, companionPath } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new ModelThread(worker, name);
  }

  /** The network's answer for one picture (a copy is sent: the caller's frame buffer stays the caller's). */
  request<T>(picture: PictureRequest): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, rgb: picture.rgb.slice(), width: picture.width, height: picture.height });
    });
  }

  /** A message without an answer, in order with the pictures (the ball detector's cut). */
  notify(message: { cut: true }): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  async close(): Promise<void> {
    if (this.failure) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage({ close: true });
    await exited;
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}
