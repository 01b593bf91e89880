import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A recipe's output, as every train.py reads it: `frames.u8` (each picture's packed RGB bytes one after
 * the other) and `frames.jsonl` (per picture: its byte offset, width, height and the recipe's labels).
 */
export class FrameWriter {
  n = 0;
  private offset = 0;
  private readonly fd: number;
  private readonly index: string[] = [];

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.fd = openSync(join(dir, 'frames.u8'), 'w');
  }

  add(rgb: Uint8Array, width: number, height: number, labels: Record<string, unknown>): void {
    writeSync(this.fd, rgb);
    this.index.push(JSON.stringify({ offset: this.offset, width, height, ...labels }));
    this.offset += rgb.length;
    this.n++;
  }

  close(): void {
    closeSync(this.fd);
    writeFileSync(join(this.dir, 'frames.jsonl'), `${this.index.join('\n')}\n`);
  }
}

/** Tenths of a pixel are enough for every label. */
export const tenth = (v: number): number => Math.round(v * 10) / 10;
