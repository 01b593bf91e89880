import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PersonDetector, type FootDetection, type FootFinder } from '../vision/detection/person-detector.js';
import type { SessionOptions } from '../vision/onnx-session.js';

/**
 * The person detector on a worker thread of the engine process. Its network takes about 5 ms a frame,
 * and onnxruntime-node runs it on the calling thread: on the engine's own thread it adds those 5 ms to
 * every frame; here it runs on the second core while the engine's thread finds the lines, the camera
 * and the foreground of the same frame. Each picture is copied to the thread (0.7 MB at 640x360).
 */
export class PersonDetectorThread implements FootFinder {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (f: FootDetection[]) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id: number; feet?: FootDetection[]; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.feet) p.resolve(m.feet);
      else p.reject(new Error(`person detector: ${m.error}`));
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`person detector thread exited (${code})`)));
  }

  /**
   * The detector on a thread of its own, or on the calling thread where a worker cannot run it: the
   * compiled worker script is absent (code run from its TypeScript sources), or the engine runs inside
   * Electron (onnxruntime-node has crashed in Electron's worker threads; field notes).
   */
  static async start(modelPath: string, options: SessionOptions = {}): Promise<FootFinder> {
    const script = fileURLToPath(new URL('./person-detector-worker.js', import.meta.url));
    if (process.versions.electron || !existsSync(script)) return PersonDetector.load(modelPath, options);
    const worker = new Worker(script, { workerData: { modelPath, options } });
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
    return new PersonDetectorThread(worker);
  }

  detect(rgb: Uint8Array, width: number, height: number): Promise<FootDetection[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A copy: the caller's frame buffer stays the caller's.
      this.worker.postMessage({ id, rgb: rgb.slice(), width, height });
    });
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
