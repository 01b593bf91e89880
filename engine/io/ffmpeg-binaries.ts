import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * ffmpeg and ffprobe ship inside the @ffmpeg-installer / @ffprobe-installer packages (platform
 * binaries installed from the npm registry, so they work offline). TOUCHLINE_FFMPEG and
 * TOUCHLINE_FFPROBE override them, e.g. to use a system build with hardware decoders.
 */
export function ffmpegPath(override?: string): string {
  return override ?? process.env.TOUCHLINE_FFMPEG ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function ffprobePath(override?: string): string {
  return override ?? process.env.TOUCHLINE_FFPROBE ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}
