import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Camera } from '../geometry/camera.js';
import type { LineImage } from '../vision/calibration/line-pixels.js';
import { discoverRig, ENOUGH_FRAMES, findRigWith, type RigEstimate } from '../vision/calibration/rig-discovery.js';

/**
 * discoverRig with its searches from scratch on worker threads, one frame each, in each of
 * findRigWith's rounds. A search costs seconds and the searches are independent: on two cores three of
 * them take half as long again as one, where one after another they take three times as long. The
 * answer is discoverRig's: the frames are tried in order, and the first ENOUGH_FRAMES that calibrate
 * (with every frame before them) decide; a search begun beyond those is dropped. In-thread (discoverRig
 * itself) on one core, where the compiled worker script is absent (code run from its TypeScript
 * sources), or when a thread fails.
 */
export async function discoverRigOnThreads(frames: readonly LineImage[], options: { distortion?: boolean } = {}): Promise<RigEstimate | null> {
  const script = fileURLToPath(new URL('./rig-search-worker.js', import.meta.url));
  const threads = Math.min(ENOUGH_FRAMES, frames.length);
  if (availableParallelism() < 2 || threads < 2 || !existsSync(script)) return discoverRig(frames, options);
  const workers = Array.from({ length: threads }, () => new Worker(script));
  try {
    return await findRigWith(frames, (distortion) => searchAll(workers, frames, distortion), options.distortion);
  } catch {
    return discoverRig(frames, options);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** The searches discoverRig would make, in order: each frame's camera or null, up to the frame that made enough. */
function searchAll(workers: Worker[], frames: readonly LineImage[], distortion: boolean | undefined): Promise<(Camera | null)[]> {
  return new Promise((resolve, reject) => {
    const results: (Camera | null | undefined)[] = frames.map(() => undefined);
    const idle = [...workers];
    let next = 0;
    let inFlight = 0;
    /** How many frames discoverRig would have tried, once every one of them is searched; else null. */
    const triedWhenKnown = (): number | null => {
      let found = 0;
      for (let k = 0; k < results.length; k++) {
        const r = results[k];
        if (r === undefined) return null;
        if (r && ++found >= ENOUGH_FRAMES) return k + 1;
      }
      return results.length;
    };
    const launch = () => {
      const found = results.filter((r) => r).length;
      while (idle.length && next < frames.length && found + inFlight < ENOUGH_FRAMES) {
        const worker = idle.pop() as Worker;
        const k = next++;
        inFlight++;
        worker.once('message', (camera: Camera | null) => {
          results[k] = camera;
          inFlight--;
          idle.push(worker);
          const tried = triedWhenKnown();
          if (tried !== null) resolve(results.slice(0, tried) as (Camera | null)[]);
          else launch();
        });
        worker.postMessage({ lines: frames[k], distortion });
      }
    };
    for (const w of workers) {
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(`rig search thread exited (${code})`)));
    }
    launch();
  });
}
