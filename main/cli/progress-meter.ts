/** One read of a running analysis (GET /v1/analyses/{id}) as the progress bar needs it. */
export interface ProgressSample {
  atMs: number;
  status: string;
  progress: number;
  stage: string | null;
  framesDone: number | null;
  framesTotal: number | null;
}

/** Reads older than this are forgotten: the rates follow the current stage, not the whole run. */
const WINDOW_MS = 10_000;
const BAR_WIDTH = 24;
const MIN_SPAN_MS = 3000;

const WAITING: Record<string, string> = {
  init: 'queued', waiting_for_video: 'preparing the video', waiting_for_meta: 'reading kit colours',
};

/** Minutes and seconds (`4:05`), hours when needed (`1:02:09`). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * The CLI's progress bar: stage, percent, frames per second and time left, from successive reads of
 * the analysis. Pure (no clock, no terminal): the caller passes each read with its time and prints the
 * line it gets back.
 */
export class ProgressMeter {
  private samples: ProgressSample[] = [];

  add(sample: ProgressSample): void {
    this.samples.push(sample);
    while (this.samples.length > 2 && sample.atMs - (this.samples[0] as ProgressSample).atMs > WINDOW_MS) this.samples.shift();
  }

  /** Frames per second over the window, or null before two reads of the frame loop. */
  framesPerSecond(): number | null {
    const loop = this.samples.filter((s) => s.framesDone !== null && s.status === 'running');
    const first = loop[0];
    const last = loop[loop.length - 1];
    if (!first || !last || last.atMs <= first.atMs || last.framesDone === first.framesDone) return null;
    return ((last.framesDone as number) - (first.framesDone as number)) / ((last.atMs - first.atMs) / 1000);
  }

  /**
   * Seconds left at the recent rate of progress within the current stage, or null until a few seconds
   * of it are known: stages move at very different paces (finding the camera barely moves the percent).
   */
  secondsLeft(): number | null {
    const last = this.samples[this.samples.length - 1];
    const same = this.samples.filter((s) => s.status === 'running' && s.stage === last?.stage);
    const first = same[0];
    if (!first || !last || last.status !== 'running' || last.atMs - first.atMs < MIN_SPAN_MS || last.progress <= first.progress) return null;
    const perSecond = (last.progress - first.progress) / ((last.atMs - first.atMs) / 1000);
    return (100 - last.progress) / perSecond;
  }

  line(): string {
    const last = this.samples[this.samples.length - 1];
    if (!last) return '';
    if (last.status !== 'running') return `${WAITING[last.status] ?? last.status}...`;
    const filled = Math.round((Math.min(100, last.progress) / 100) * BAR_WIDTH);
    const parts = [`[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`, `${String(Math.floor(last.progress)).padStart(3)}%`, last.stage ?? 'starting'];
    if (last.stage === 'analysing frames' && last.framesDone !== null && last.framesTotal) parts.push(`frame ${last.framesDone}/${last.framesTotal}`);
    const fps = last.stage === 'analysing frames' ? this.framesPerSecond() : null;
    if (fps !== null) parts.push(`${fps.toFixed(1)} fps`);
    const left = this.secondsLeft();
    parts.push(left === null ? 'time left: estimating' : `${clock(left)} left`);
    return parts.join('  ');
  }
}
