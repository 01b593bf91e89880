import { parentPort, workerData } from 'node:worker_threads';
import { PersonDetector } from '../vision/detection/person-detector.js';
import type { SessionOptions } from '../vision/onnx-session.js';

/**
 * The person detector on its own thread (see person-detector-thread.ts): loads the network once, then
 * answers each picture with its people's feet, in order.
 */
const { modelPath, options } = workerData as { modelPath: string; options: SessionOptions };
const port = parentPort;
if (!port) throw new Error('person-detector-worker runs as a worker thread');
const detector = await PersonDetector.load(modelPath, options);
port.on('message', (m: { id: number; rgb: Uint8Array; width: number; height: number } | { close: true }) => {
  if ('close' in m) {
    void detector.close().then(() => port.close());
    return;
  }
  detector.detect(m.rgb, m.width, m.height).then(
    (feet) => port.postMessage({ id: m.id, feet }),
    (e: unknown) => port.postMessage({ id: m.id, error: (e as Error).message }),
  );
});
port.postMessage({ ready: true });
