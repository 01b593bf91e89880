import { ProgressMeter, type ProgressSample } from './progress-meter.js';

/** On a pipe, a line at least this often even when nothing else changed (a log must show it is alive). */
const PIPE_EVERY_MS = 30_000;

/**
 * Draws the progress meter on stderr: one line redrawn in place on a terminal; on a pipe (a script, a
 * log), a new line when the stage changes, at every tenth of the way, and at least every half minute
 * (not four lines a second for an hour). stdout stays for results.
 */
export class ProgressOutput {
  private readonly meter = new ProgressMeter();
  private lastPrintedAt = -Infinity;
  /** Stage and tenth of the way of the last line: a pipe gets a new line when either moves on. */
  private lastMark: string | null = null;
  private drawn = false;

  constructor(private readonly stream: NodeJS.WriteStream | null) {}

  update(sample: ProgressSample): void {
    this.meter.add(sample);
    if (!this.stream) return;
    const line = this.meter.line();
    const mark = `${sample.status}/${sample.stage ?? ''}/${Math.floor(sample.progress / 10)}`;
    if (this.stream.isTTY) {
      this.stream.write(`\r\x1b[K${line.slice(0, (this.stream.columns || 100) - 1)}`);
      this.drawn = true;
    } else if (mark !== this.lastMark || sample.atMs - this.lastPrintedAt >= PIPE_EVERY_MS) {
      this.stream.write(`${line}\n`);
      this.lastPrintedAt = sample.atMs;
    }
    this.lastMark = mark;
  }

  /** A message between progress lines (the bar is cleared first on a terminal). */
  note(message: string): void {
    if (!this.stream) return;
    this.end();
    this.stream.write(`${message}\n`);
  }

  end(): void {
    if (this.drawn && this.stream?.isTTY) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
