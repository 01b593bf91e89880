import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
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
  /**
   * A second, larger picture of every `every`-th frame (index 0, every, 2 x every, ...) from the same
   * decode, e.g. full-size frames for reading shirt numbers beside a half-size analysis stream.
   */
  detail?: { width: number; height: number; every: number };
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
  /** With the `detail` option, on every `every`-th frame: the same frame at the detail size. */
  detail?: Uint8Array;
}

/**
 * Cuts one raw-video pipe into frames, read ahead into a bounded queue; the pipe's back-pressure stops
 * ffmpeg when the queue is full, which bounds memory.
 */
class PipeFrames {
  readonly queue: Uint8Array[] = [];
  ended = false;
  /** The frame being filled, and how many of its bytes have arrived. */
  private current: Uint8Array;
  private filled = 0;

  constructor(private readonly stream: Readable, private readonly frameBytes: number, private readonly readAhead: number | null, notify: () => void) {
    this.current = new Uint8Array(frameBytes);
    stream.on('data', (chunk: Buffer) => {
      // Each byte is copied once, into its frame (the pipe's chunks are ~64 KB and reused by Node):
      // appending chunks to a growing buffer instead copies a 720p frame's bytes dozens of times.
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(chunk.length - at, frameBytes - this.filled);
        this.current.set(chunk.subarray(at, at + n), this.filled);
        this.filled += n;
        at += n;
        if (this.filled === frameBytes) {
          this.queue.push(this.current);
          this.current = new Uint8Array(frameBytes);
          this.filled = 0;
        }
      }
      if (readAhead !== null && this.queue.length >= readAhead) stream.pause();
      notify();
    });
    stream.on('end', () => {
      this.ended = true;
      notify();
    });
  }

  take(): Uint8Array | undefined {
    const frame = this.queue.shift();
    if (this.readAhead !== null && this.queue.length < this.readAhead / 2 && this.stream.isPaused()) this.stream.resume();
    return frame;
  }
}

/**
 * ffmpeg's options up to its input: seek and span are input options, so the span bounds what is
 * decoded. As an output option `-t` would bound only the first output, and the detail pipe would go on
 * decoding (and queueing, at 2.7 MB a 720p frame) to the end of the file.
 */
export function decodeArgs(o: Pick<FrameSourceOptions, 'path' | 'threads' | 'startSeconds' | 'endSeconds'>): string[] {
  const args = ['-v', 'error', '-nostdin'];
  if (o.threads) args.push('-threads', String(o.threads));
  if (o.startSeconds) args.push('-ss', String(o.startSeconds));
  if (o.endSeconds !== null && o.endSeconds !== undefined) args.push('-t', String(Math.max(0, o.endSeconds - (o.startSeconds ?? 0))));
  args.push('-i', o.path);
  return args;
}

/**
 * Decodes a video to raw RGB frames over ffmpeg's stdout pipe: scaled to the analysis size, resampled
 * to a constant frame rate (`fps` filter: frames are dropped or repeated to the 25 FPS timeline, so
 * index i is always at i x 40 ms), trimmed to [start, end). Frames are read ahead while the consumer
 * computes, so decoding and analysis overlap. With `detail`, one decode feeds two pictures: the filter
 * graph splits after the frame-rate step, and the larger one of every `every`-th frame comes on a second
 * pipe (fd 3), read whenever it has data: it is paced by the first, which ffmpeg writes in step with it.
 */
export async function* decodeFrames(o: FrameSourceOptions): AsyncGenerator<DecodedFrame> {
  const fps = o.fps ?? 25;
  const args = decodeArgs(o);
  const raw = ['-f', 'rawvideo', '-pix_fmt', 'rgb24'];
  const d = o.detail;
  if (d) {
    args.push(
      '-an', '-sn', '-vsync', '0',
      '-filter_complex', `[0:v]fps=${fps},split=2[a][b];[a]scale=${o.width}:${o.height}:flags=area[main];[b]select='not(mod(n\\,${d.every}))',scale=${d.width}:${d.height}:flags=area[detail]`,
      '-map', '[main]', ...raw, 'pipe:1', '-map', '[detail]', ...raw, 'pipe:3',
    );
  } else {
    args.push('-an', '-sn', '-vf', `fps=${fps},scale=${o.width}:${o.height}:flags=area`, ...raw, 'pipe:1');
  }
  const child = spawn(ffmpegPath(o.ffmpeg), args, { stdio: ['ignore', 'pipe', 'pipe', ...(d ? ['pipe' as const] : [])], signal: o.signal });
  let stderr = '';
  (child.stderr as Readable).on('data', (c: Buffer) => {
    if (stderr.length < 8000) stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  exited.catch(() => {});

  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const main = new PipeFrames(child.stdout as Readable, o.width * o.height * 3, Math.max(1, o.readAhead ?? 8), notify);
  const detail = d ? new PipeFrames(child.stdio[3] as Readable, d.width * d.height * 3, null, notify) : null;

  let index = 0;
  try {
    for (;;) {
      const wantsDetail = detail !== null && index % (d as { every: number }).every === 0;
      const ready = main.queue.length > 0 && (!wantsDetail || detail.queue.length > 0 || detail.ended);
      if (!ready) {
        if (main.ended && main.queue.length === 0) break;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const rgb = main.take() as Uint8Array;
      const frame: DecodedFrame = { index, t_ms: Math.round((index * 1000) / fps), width: o.width, height: o.height, rgb };
      if (wantsDetail) {
        const big = detail.take();
        if (big) frame.detail = big;
      }
      yield frame;
      index += 1;
    }
    const code = await exited;
    if (code !== 0 && !o.signal?.aborted) throw new Error(`ffmpeg could not decode ${o.path} (exit ${code}): ${stderr.trim() || 'no message'}`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** The one frame at `seconds` of the file, scaled to `width` x `height` (RGB24), or null past the end. */
export async function frameAt(path: string, width: number, height: number, seconds: number): Promise<Uint8Array | null> {
  for await (const f of decodeFrames({ path, width, height, startSeconds: seconds, endSeconds: seconds + 0.2 })) return f.rgb;
  return null;
}
