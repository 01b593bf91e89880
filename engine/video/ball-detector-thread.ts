import { BallDetector, type BallFinder, type BallPeak } from '../vision/ball/ball-detector.js';
import type { SessionOptions } from '../vision/network-runtime/onnx-session.js';
import { ModelThread } from './model-thread.js';

/**
 * The ball detector on a worker thread of the engine process (model-thread.ts). The thread keeps the
 * two pictures before each frame itself, so each frame is sent once.
 */
export class BallDetectorThread implements BallFinder {
  private constructor(private readonly thread: ModelThread) {}

  /**
   * On a thread of its own, or on the calling thread where a worker cannot run it (ModelThread.start);
   * with the ball verifier beside it on the same thread where `verifierPath` is given.
   */
  static async start(modelPath: string, options: SessionOptions = {}, verifierPath: string | null = null): Promise<BallFinder> {
    const thread = await ModelThread.start('ball-detector', modelPath, options, verifierPath);
    return thread ? new BallDetectorThread(thread) : BallDetector.load(modelPath, options, verifierPath);
  }

  find(rgb: Uint8Array, width: number, height: number): Promise<BallPeak[]> {
    return this.thread.request<BallPeak[]>({ rgb, width, height });
  }

  cut(): void {
    this.thread.notify({ cut: true });
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
