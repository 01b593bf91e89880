/**
 * `npm run bench:ball-cost -- [--clip FILE] [--frames N] [--record]`: what the ball detector costs a frame
 * on this machine, as the engine runs it (one intra-op thread, the frame and the two before it packed,
 * the network, the peaks decoded, the ball verifier on them where its model is present), on real frames
 * of a real 720p clip at the working sizes of 720p and 1080p video; then the whole engine on the same
 * clip, frames a second (issue 30: 8 ms or less at 720p on the 2-core machine, the engine at 25
 * frames/s or more on real 720p video). The vector units are printed beside the machine:
 * onnxruntime's convolutions are about twice as fast with AVX-512 as with AVX2 alone, so a figure means
 * little without them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from '../engine/io/frame-source.js';
import { analyseVideo } from '../engine/video/analyse-video.js';
import { BallDetector } from '../engine/vision/ball/ball-detector.js';
import { modelFile, presentModelFile } from '../engine/video/load-model.js';
import { machineDescription, report, runBench } from './machine.js';
import { quantile } from './eval/quantile.js';
import { wholeVideoInput } from './whole-video-input.js';

const CLIPS = fileURLToPath(new URL('../../../shared/data/clips', import.meta.url));
const DEFAULT_CLIP = 'seriea_inter_sansiro.mp4';

/** The widest x86 vector extensions the CPU reports (Linux), the thing convolution speed follows. */
function vectorUnits(): string {
  if (!existsSync('/proc/cpuinfo')) return 'vector units unknown';
  const flags = new Set(/^flags\s*:(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim().split(/\s+/) ?? []);
  const named = [['avx512f', 'AVX-512'], ['avx512_vnni', 'VNNI'], ['avx2', 'AVX2'], ['fma', 'FMA']].filter(([f]) => flags.has(f as string)).map(([, n]) => n);
  return named.length ? named.join(', ') : 'no AVX2';
}

async function costAt(clip: string, width: number, height: number, frames: number): Promise<{ n: number; mean: number; p50: number; p95: number }> {
  const detector = await BallDetector.load(modelFile('ball-detector'), { threads: 1 }, presentModelFile('ball-verifier'));
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
  return { n: ms.length, mean: ms.reduce((s, v) => s + v, 0) / ms.length, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

/**
 * The whole engine on the clip as an analysis runs it (no debug output): frames a second over the whole
 * call (loading the models, finding the camera, the passes with hindsight included) and over the frame
 * loop alone, between its first and last progress reports. On a clip of half a minute the whole call's
 * rate is mostly start-up: the camera-rig search before the loop is a fixed cost.
 */
async function engineRate(clip: string): Promise<{ frames: number; perSecond: number; loopPerSecond: number; size: string }> {
  const { probe, input } = await wholeVideoInput(clip);
  const started = performance.now();
  const marks: { t: number; done: number }[] = [];
  const r = await analyseVideo(input, (_share, _stage, frames) => {
    if (frames) marks.push({ t: performance.now(), done: frames.done });
  });
  const [first, last] = [marks[0], marks.at(-1)];
  const loopPerSecond = first && last && last.done > first.done ? (last.done - first.done) / ((last.t - first.t) / 1000) : NaN;
  return { frames: r.frames, perSecond: r.frames / ((performance.now() - started) / 1000), loopPerSecond, size: `${probe.width}x${probe.height}` };
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
  const engine = await engineRate(clip);
  report([
    `## bench:ball-cost ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}; ${vectorUnits()}. Command: \`npm run bench:ball-cost\` (frames of ${clip.split('/').pop()} scaled to each working size, one intra-op thread as the engine runs it, packing and decoding included, after 5 warm-up frames).`,
    '',
    '| working picture | frames | mean ms | median ms | p95 ms |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `The whole engine on the same clip (${engine.size}): ${engine.frames} frames, **${engine.loopPerSecond.toFixed(1)} frames/s** in the frame loop, ${engine.perSecond.toFixed(1)} frames/s over the whole call (loading the models, finding the camera and the passes with hindsight included).`,
  ].join('\n'));
}

runBench(main);
