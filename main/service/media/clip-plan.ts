/**
 * The ffmpeg command that cuts intervals out of a video and joins them back to back into one MP4
 * (the clip builder's export). Each interval is its own input with an input-side seek, so ffmpeg
 * decodes from the keyframe before each start rather than from the top of a 90-minute file, and the
 * cuts are frame-accurate because the result is re-encoded (stream copy would cut on keyframes only).
 * The output is fragmented MP4 so it can be written to a pipe and streamed as it is produced.
 */
export interface ClipInterval {
  start: number;
  end: number;
}

export interface ClipPlanOptions {
  source: string;
  intervals: readonly ClipInterval[];
  /** Length of the source, seconds; intervals are clamped to it. */
  durationSeconds: number;
  hasAudio: boolean;
  /** Output height cap (keeps exports of 4K sources small and fast); even. */
  maxHeight?: number;
}

/** Most intervals and most seconds one export may hold. */
export const MAX_CLIP_INTERVALS = 100;
export const MAX_CLIP_SECONDS = 30 * 60;

/** Intervals clamped to the video, empty ones dropped, in the order given. */
export function clampIntervals(intervals: readonly ClipInterval[], durationSeconds: number): ClipInterval[] {
  const out: ClipInterval[] = [];
  for (const iv of intervals) {
    const start = Math.max(0, Math.min(iv.start, durationSeconds));
    const end = Math.max(0, Math.min(iv.end, durationSeconds));
    if (end - start >= 0.04) out.push({ start, end });
  }
  return out;
}

export function clipArgs(o: ClipPlanOptions): string[] {
  const parts = clampIntervals(o.intervals, o.durationSeconds);
  if (parts.length === 0) throw new Error('no interval overlaps the video');
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin'];
  for (const p of parts) args.push('-ss', p.start.toFixed(3), '-t', (p.end - p.start).toFixed(3), '-i', o.source);
  const height = o.maxHeight ?? 1080;
  const chains: string[] = [];
  let inputs = '';
  parts.forEach((_, k) => {
    // Same size, rate and sample format on every segment, as the concat filter needs.
    chains.push(`[${k}:v:0]scale=-2:'min(${height},ih)',fps=25,format=yuv420p,setsar=1[v${k}]`);
    inputs += `[v${k}]`;
    if (o.hasAudio) {
      chains.push(`[${k}:a:0]aresample=48000,aformat=channel_layouts=stereo[a${k}]`);
      inputs += `[a${k}]`;
    }
  });
  chains.push(`${inputs}concat=n=${parts.length}:v=1:a=${o.hasAudio ? 1 : 0}${o.hasAudio ? '[v][a]' : '[v]'}`);
  args.push('-filter_complex', chains.join(';'), '-map', '[v]');
  if (o.hasAudio) args.push('-map', '[a]', '-c:a', 'aac', '-b:a', '128k');
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', 'pipe:1');
  return args;
}

/** Seconds of video an export holds once clamped. */
export function clipSeconds(intervals: readonly ClipInterval[], durationSeconds: number): number {
  return clampIntervals(intervals, durationSeconds).reduce((s, p) => s + (p.end - p.start), 0);
}
