import { PersonDetector, type FootDetection, type FootFinder } from '../vision/detection/person-detector.js';
import type { SessionOptions } from '../vision/network-runtime/onnx-session.js';
import { ModelThread } from './model-thread.js';

/**
 * The person detector on a worker thread of the engine process (model-thread.ts): its 5 ms a frame run
 * on the second core while the engine's thread finds the lines, the camera and the foreground.
 */
export class PersonDetectorThread implements FootFinder {
  private constructor(private readonly thread: ModelThread) {}

  /** On a thread of its own, or on the calling thread where a worker cannot run it (ModelThread.start). */
  static async start(modelPath: string, options: SessionOptions = {}): Promise<FootFinder> {
    const thread = await ModelThread.start('person-detector', modelPath, options);
    return thread ? new PersonDetectorThread(thread) : PersonDetector.load(modelPath, options);
  }

  detect(rgb: Uint8Array, width: number, height: number): Promise<FootDetection[]> {
    return this.thread.request<FootDetection[]>({ rgb, width, height });
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
