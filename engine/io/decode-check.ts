import { ffmpegPath } from './ffmpeg-binaries.js';
import { runProcess } from './run-process.js';

export class DecodeError extends Error {}

const SIDE = 16;

/**
 * Headers can look fine on a damaged file (a truncated MP4 with its index at the front keeps its
 * full duration). Decoding one small frame at the start, middle and end proves the file holds
 * pictures all the way through, at the cost of three short ffmpeg runs.
 */
export async function checkDecodes(file: string, durationSeconds: number, options: { signal?: AbortSignal; ffmpeg?: string } = {}): Promise<void> {
  const end = Math.max(0, durationSeconds - Math.min(2, durationSeconds / 4));
  const points = [0, durationSeconds / 2, end];
  for (const at of points) {
    const result = await runProcess(ffmpegPath(options.ffmpeg), [
      '-v', 'error', '-nostdin', '-ss', at.toFixed(3), '-i', file, '-frames:v', '1', '-an',
      '-vf', `scale=${SIDE}:${SIDE}`, '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1',
    ], { signal: options.signal, timeoutMs: 120_000 });
    if (result.code !== 0 || result.stdout.length < SIDE * SIDE) {
      const where = formatClock(at);
      throw new DecodeError(`video is damaged or truncated: no frame could be decoded at ${where}`);
    }
  }
}

export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}
