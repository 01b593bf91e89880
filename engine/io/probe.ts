import { ffprobePath } from './ffmpeg-binaries.js';
import { runProcess } from './run-process.js';

/** What we record of a source video: its real properties, before any resampling for analysis. */
export interface VideoProbe {
  container: string;
  video_codec: string;
  width: number;
  height: number;
  /** Average frame rate of the source (analysis resamples to 25 FPS). */
  fps: number;
  duration_seconds: number;
  frame_count: number | null;
  bit_rate: number | null;
  rotation: number;
  has_audio: boolean;
}

export class ProbeError extends Error {}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
}

function rate(text: string | undefined): number {
  if (!text) return 0;
  const [num, den] = text.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  return den ? num / den : num;
}

/** ffprobe's complaints without its decorations (`[mov @ 0x..] `, `<file>: `), deduplicated. */
export function summarizeStderr(stderr: string, file: string): string {
  const lines = stderr.split('\n')
    .map((l) => l.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').replace(`${file}: `, '').trim())
    .filter(Boolean);
  return [...new Set(lines)].slice(0, 3).join('; ') || 'no output';
}

/** Pure: turns ffprobe's JSON into a VideoProbe, or explains why it is not a usable video. */
export function interpretProbe(raw: FfprobeOutput): VideoProbe {
  const streams = raw.streams ?? [];
  // Cover art in MP3/M4A files is a one-frame "video" stream: not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) {
    const kinds = [...new Set(streams.map((s) => s.codec_type ?? 'unknown'))];
    throw new ProbeError(`not a video: no video stream found${kinds.length ? ` (streams: ${kinds.join(', ')})` : ''}`);
  }
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (width <= 0 || height <= 0) throw new ProbeError('not a video: the video stream has no frame size');
  const fps = rate(video.avg_frame_rate) || rate(video.r_frame_rate);
  if (!(fps > 0)) throw new ProbeError('not a video: the video stream has no frame rate');
  const duration = Number(raw.format?.duration ?? video.duration ?? NaN);
  if (!(duration > 0)) throw new ProbeError('not a video: no measurable duration');
  const rotationTag = Number(video.tags?.rotate ?? 0);
  const rotationSide = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation ?? 0;
  const frames = Number(video.nb_frames);
  const bitRate = Number(raw.format?.bit_rate);
  return {
    container: raw.format?.format_name ?? 'unknown',
    video_codec: video.codec_name ?? 'unknown',
    width,
    height,
    fps: Math.round(fps * 1000) / 1000,
    duration_seconds: Math.round(duration * 1000) / 1000,
    frame_count: Number.isFinite(frames) && frames > 0 ? frames : null,
    bit_rate: Number.isFinite(bitRate) && bitRate > 0 ? bitRate : null,
    rotation: ((Math.round(rotationTag || rotationSide) % 360) + 360) % 360,
    has_audio: streams.some((s) => s.codec_type === 'audio'),
  };
}

export async function probeVideo(file: string, options: { signal?: AbortSignal; ffprobe?: string } = {}): Promise<VideoProbe> {
  const result = await runProcess(ffprobePath(options.ffprobe), [
    '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file,
  ], { signal: options.signal, timeoutMs: 60_000 });
  if (result.code !== 0) {
    throw new ProbeError(`not a readable video: ${summarizeStderr(result.stderr, file)}`);
  }
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(result.stdout.toString('utf8')) as FfprobeOutput;
  } catch {
    throw new ProbeError('not a readable video: ffprobe gave no usable answer');
  }
  return interpretProbe(parsed);
}
