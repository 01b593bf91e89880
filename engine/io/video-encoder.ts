import { spawn, type ChildProcess } from 'node:child_process';
import { ffmpegPath } from './ffmpeg-binaries.js';

export interface EncoderOptions {
  width: number;
  height: number;
  fps: number;
  out: string;
  /** Film-grain-like sensor noise strength (ffmpeg `noise` alls), 0 for none. */
  noise?: number;
  /** x264 constant rate factor: broadcast-like compression around 23. */
  crf?: number;
  preset?: string;
  ffmpeg?: string;
}

/**
 * H.264 encoding through ffmpeg's stdin: raw RGBA frames in, MP4 out (yuv420p, faststart). Sensor noise
 * is added in ffmpeg before compression, as a camera would.
 */
export class VideoEncoder {
  private readonly child: ChildProcess;
  private readonly done: Promise<void>;
  private stderr = '';

  constructor(private readonly o: EncoderOptions) {
    // A fixed noise seed: ffmpeg seeds it at random otherwise, and the same render seed must give the same video.
    const filters = o.noise ? [`noise=alls=${o.noise}:allf=t:all_seed=1`] : [];
    const args = [
      '-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${o.width}x${o.height}`, '-r', String(o.fps), '-i', 'pipe:0',
      ...(filters.length ? ['-vf', filters.join(',')] : []),
      '-c:v', 'libx264', '-preset', o.preset ?? 'veryfast', '-crf', String(o.crf ?? 23), '-pix_fmt', 'yuv420p',
      '-movflags', '+faststart', o.out,
    ];
    this.child = spawn(ffmpegPath(o.ffmpeg), args, { stdio: ['pipe', 'ignore', 'pipe'] });
    this.child.stderr?.on('data', (c: Buffer) => {
      if (this.stderr.length < 8000) this.stderr += c.toString();
    });
    this.done = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${this.stderr.trim()}`))));
    });
    // An early ffmpeg failure must surface from finish(), not as an unhandled rejection.
    this.done.catch(() => {});
  }

  /** Writes one frame, waiting when ffmpeg's pipe is full. */
  async write(rgba: Uint8ClampedArray | Buffer): Promise<void> {
    const buf = Buffer.isBuffer(rgba) ? rgba : Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed) throw new Error(`ffmpeg stopped: ${this.stderr.trim()}`);
    if (!stdin.write(buf)) await new Promise<void>((resolve) => stdin.once('drain', resolve));
  }

  async finish(): Promise<void> {
    this.child.stdin?.end();
    await this.done;
  }
}
