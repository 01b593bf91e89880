import { parentPort, workerData } from 'node:worker_threads';
import { PersonDetector } from '../vision/detection/person-detector.js';
import { BallDetector } from '../vision/ball/ball-detector.js';
import type { SessionOptions } from '../vision/network-runtime/onnx-session.js';
import type { ThreadedModel } from './model-thread.js';

/**
 * One network on its own thread (see model-thread.ts): loads it once, then answers each picture in
 * order (the person detector's feet, the ball detector's peaks).
 */
const { name, modelPath, options, companionPath } = workerData as { name: ThreadedModel; modelPath: string; options: SessionOptions; companionPath: string | null };
const port = parentPort;
if (!port) throw new Error('model-worker runs as a worker thread');
const model = name === 'ball-detector' ? await BallDetector.load(modelPath, options, companionPath) : await PersonDetector.load(modelPath, options);
const answer = (rgb: Uint8Array, width: number, height: number): Promise<unknown> =>
  model instanceof BallDetector ? model.find(rgb, width, height) : model.detect(rgb, width, height);
type Message = { id: number; rgb: Uint8Array; width: number; height: number } | { close: true } | { cut: true };
port.on('message', (m: Message) => {
  if ('close' in m) {
    void model.close().then(() => port.close());
    return;
  }
  if ('cut' in m) {
    if (model instanceof BallDetector) model.cut();
    return;
  }
  answer(m.rgb, m.width, m.height).then(
    (result) => port.postMessage({ id: m.id, result }),
    (e: unknown) => port.postMessage({ id: m.id, error: (e as Error).message }),
  );
});
port.postMessage({ ready: true });
