/**
 * The stretch of a video an analysis covers: from `start_offset_seconds` (0 when null) to
 * `end_offset_seconds` (the end of the file when null). Offsets are whole seconds, the duration is
 * measured, so an end offset may round the duration up by less than a second.
 */
export interface WindowOffsets {
  start_offset_seconds: number | null;
  end_offset_seconds: number | null;
}

/** Why the offsets describe no stretch of a video this long (null when they do, or the length is unknown). */
export function windowProblem(offsets: WindowOffsets, durationSeconds: number | null): string | null {
  const start = offsets.start_offset_seconds;
  const end = offsets.end_offset_seconds;
  if (start !== null && end !== null && end <= start) {
    return `'end_offset_seconds' (${end}) must be greater than 'start_offset_seconds' (${start})`;
  }
  if (durationSeconds === null) return null;
  const whole = Math.ceil(durationSeconds);
  if (start !== null && start >= durationSeconds) {
    return `'start_offset_seconds' (${start}) must be less than the video's duration (${whole} s)`;
  }
  if (end !== null && end > whole) {
    return `'end_offset_seconds' (${end}) must be at most the video's duration (${whole} s); null means the end of the file`;
  }
  return null;
}

/** Seconds the analysis covers: the window cut to the file. */
export function windowSeconds(offsets: WindowOffsets, durationSeconds: number): number {
  const start = offsets.start_offset_seconds ?? 0;
  const end = Math.min(offsets.end_offset_seconds ?? durationSeconds, durationSeconds);
  return Math.max(0, end - start);
}

/** "video 3 is 4.2 minutes" or, trimmed, "video 3's window from 120 s to 380 s is 4.3 minutes". */
export function describeWindow(video: WindowOffsets & { id: number }, seconds: number): string {
  const minutes = `${(seconds / 60).toFixed(1)} minutes`;
  if (video.start_offset_seconds === null && video.end_offset_seconds === null) return `video ${video.id} is ${minutes}`;
  const to = video.end_offset_seconds === null ? 'the end' : `${video.end_offset_seconds} s`;
  return `video ${video.id}'s window from ${video.start_offset_seconds ?? 0} s to ${to} is ${minutes}`;
}
