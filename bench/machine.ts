import { cpus, totalmem } from 'node:os';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function machineDescription(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version}, ${process.platform}`;
}

export const BENCHMARKS_MD = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/** Appends one run to docs/benchmarks.md (the record every benchmark keeps). */
export function record(section: string): void {
  if (!existsSync(BENCHMARKS_MD)) writeFileSync(BENCHMARKS_MD, '# Benchmarks\n');
  appendFileSync(BENCHMARKS_MD, `\n${section.trim()}\n`);
}

/** Prints a benchmark's Markdown section and, with `--record`, appends it to docs/benchmarks.md. */
export function report(section: string): void {
  process.stdout.write(`\n${section}\n`);
  if (process.argv.includes('--record')) record(section);
}

/** Runs a benchmark script's main, printing the stack and exiting 1 on failure. */
export function runBench(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    process.stderr.write(`${(e as Error).stack}\n`);
    process.exit(1);
  });
}
