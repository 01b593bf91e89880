/**
 * `npm run bench:ball-cost -- [--clip FILE] [--frames N] [--record]`: what the ball detector costs a frame
 * on this machine, as the engine runs it (one intra-op thread, the frame and the two before it packed,
 * the network, the peaks decoded), on real frames of a real 720p clip at the working sizes of 720p and
 * 1080p video. Issue 30 asks for 8 ms or less at 720p on the 2-core machine. The vector units are
 * printed beside the machine: onnxruntime's convolutions are about twice as fast with AVX-512 as with
 * AVX2 alone, so a figure means little without them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from '../engine/io/frame-source.js';
import { BallDetector } from '../engine/vision/ball/ball-detector.js';
import { modelFile } from '../engine/video/load-model.js';
import { machineDescription, report, runBench } from './machine.js';

const CLIPS = fileURLToPath(new URL('../../../shared/data/clips', import.meta.url));
const DEFAULT_CLIP = 'seriea_inter_sansiro.mp4';

/** The widest x86 vector extensions the CPU reports (Linux), the thing convolution speed follows. */
function vectorUnits(): string {
  if (!existsSync('/proc/cpuinfo')) return 'vector units unknown';
  const flags = new Set(/^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim().split(/\s+/) ?? []);
  const named = [['avx512f', 'AVX-512'], ['avx512_vnni', 'VNNI'], ['avx2', 'AVX2'], ['fma', 'FMA']].filter(([f]) => flags.has(f as string)).map(([, n]) => n);
  return named.length ? named.join(', ') : 'no AVX2';
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function costAt(clip: string, width: number, height: number, frames: number): Promise<{ n: number; mean: number; p50: number; p95: number }> {
  const detector = await BallDetector.load(modelFile('ball-detector'), { threads: 1 });
  const ms: number[] = [];
  const warmUp = 5;
  try {
    for await (const f of decodeFrames({ path: clip, width, height })) {
      const t0 = performance.now();
      await detector.find(f.rgb, width, height);
      if (f.index >= warmUp) ms.push(performance.now() - t0);
      if (ms.length === frames) break;
    }
  } finally {
    await detector.close();
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return { n: ms.length, mean: ms.reduce((s, v) => s + v, 0) / ms.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { clip: { type: 'string' }, frames: { type: 'string' }, record: { type: 'boolean' } } });
  const clip = values.clip ?? join(CLIPS, DEFAULT_CLIP);
  if (!existsSync(clip)) {
    process.stdout.write(`bench:ball-cost: ${clip} is absent (../shared/data not here); nothing measured.\n`);
    return;
  }
  if (!existsSync(modelFile('ball-detector'))) throw new Error(`no ball detector at ${modelFile('ball-detector')}`);
  const frames = Number(values.frames ?? 200);
  const rows: string[] = [];
  // The engine's working grid: 720p video at 640x360, 1080p at 960x540 (analyse-video.ts, workingScale).
  for (const [label, w, h] of [['720p video (640x360)', 640, 360], ['1080p video (960x540)', 960, 540]] as const) {
    const c = await costAt(clip, w, h, frames);
    rows.push(`| ${label} | ${c.n} | ${c.mean.toFixed(2)} | ${c.p50.toFixed(2)} | ${c.p95.toFixed(2)} |`);
  }
  report([
    `## bench:ball-cost ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}; ${vectorUnits()}. Command: \`npm run bench:ball-cost\` (frames of ${clip.split('/').pop()}, one intra-op thread as the engine runs it, packing and decoding included, after 5 warm-up frames).`,
    '',
    '| working picture | frames | mean ms | median ms | p95 ms |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n'));
}

runBench(main);
