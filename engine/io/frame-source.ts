import { spawn } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binaries.js';

export interface FrameSourceOptions {
  path: string;
  /** Output frame size (the analysis size: sources above 1080 lines are scaled down before this). */
  width: number;
  height: number;
  /** Output frame rate: the timeline is resampled to it (25 for the analysis). */
  fps?: number;
  /** Seconds into the file where decoding starts / stops (null: the beginning / the end). */
  startSeconds?: number | null;
  endSeconds?: number | null;
  /** Frames decoded ahead of the consumer: decoding overlaps with computation by this much. */
  readAhead?: number;
  /** Decoder threads (ffmpeg `-threads`); the rest of the cores are the engine's. */
  threads?: number;
  signal?: AbortSignal;
  ffmpeg?: string;
}

/** One decoded frame: packed RGB, 3 bytes per pixel, row-major. */
export interface DecodedFrame {
  index: number;
  /** Milliseconds from the start of the analysed span (index x frame interval). */
  t_ms: number;
  width: number;
  height: number;
  rgb: Uint8Array;
}

/**
 * Decodes a video to raw RGB frames over ffmpeg's stdout pipe: scaled to the analysis size, resampled
 * to a constant frame rate (`fps` filter: frames are dropped or repeated to the 25 FPS timeline, so
 * index i is always at i x 40 ms), trimmed to [start, end). Frames are read ahead into a bounded queue
 * while the consumer computes, so decoding and analysis overlap; the pipe's back-pressure stops ffmpeg
 * when the queue is full, which bounds memory.
 */
export async function* decodeFrames(o: FrameSourceOptions): AsyncGenerator<DecodedFrame> {
  const fps = o.fps ?? 25;
  const frameBytes = o.width * o.height * 3;
  const args = ['-v', 'error', '-nostdin'];
  if (o.threads) args.push('-threads', String(o.threads));
  if (o.startSeconds) args.push('-ss', String(o.startSeconds));
  args.push('-i', o.path);
  if (o.endSeconds !== null && o.endSeconds !== undefined) args.push('-t', String(Math.max(0, o.endSeconds - (o.startSeconds ?? 0))));
  args.push(
    '-an', '-sn',
    '-vf', `fps=${fps},scale=${o.width}:${o.height}:flags=area`,
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
  );
  const child = spawn(ffmpegPath(o.ffmpeg), args, { stdio: ['ignore', 'pipe', 'pipe'], signal: o.signal });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    if (stderr.length < 8000) stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  exited.catch(() => {});

  const readAhead = Math.max(1, o.readAhead ?? 8);
  const queue: Uint8Array[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= frameBytes) {
      // Copy out: the pipe's chunk buffers are reused by Node.
      queue.push(new Uint8Array(pending.subarray(0, frameBytes)));
      pending = pending.subarray(frameBytes);
    }
    if (queue.length >= readAhead) child.stdout.pause();
    notify();
  });
  child.stdout.on('end', () => {
    ended = true;
    notify();
  });

  let index = 0;
  try {
    for (;;) {
      if (queue.length === 0) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const rgb = queue.shift() as Uint8Array;
      if (queue.length < readAhead / 2 && child.stdout.isPaused()) child.stdout.resume();
      yield { index, t_ms: Math.round((index * 1000) / fps), width: o.width, height: o.height, rgb };
      index += 1;
    }
    const code = await exited;
    if (code !== 0 && !o.signal?.aborted) throw new Error(`ffmpeg could not decode ${o.path} (exit ${code}): ${stderr.trim() || 'no message'}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
