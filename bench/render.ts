/**
 * `npm run bench:render`: simulator and renderer speed on the real Metrica match (from ../shared/data).
 * Target (issue 3): at least 25 frames per second rendered at 720p on 2 cores, H.264 included, so a
 * 10-minute fixture renders in under 10 minutes. `--record` appends the run to docs/benchmarks.md;
 * `--long` adds a full 10-minute 720p render.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMetricaEventsCsv } from '../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import { renderTruthVideo } from '../engine/sim-io/render-video.js';
import { simTruth } from '../engine/io/sim-truth.js';
import type { CameraKind } from '../engine/match-data/camera-operator.js';
import { machineDescription, report, runBench } from './machine.js';

const EVENTS = fileURLToPath(new URL('../../../shared/data/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv', import.meta.url));

async function main(): Promise<void> {
  if (!existsSync(EVENTS)) {
    process.stdout.write(`bench:render skipped: ${EVENTS} not found (needs ../shared/data)\n`);
    return;
  }
  const source = parseMetricaEventsCsv(await readFile(EVENTS, 'utf8'));
  const rows: string[] = [];
  const t0 = performance.now();
  const full = simulateMatch(source, { seed: 7 });
  const simSeconds = (performance.now() - t0) / 1000;
  rows.push(`| simulate full match (143,629 frames, 32 objects) | - | ${simSeconds.toFixed(1)} s | ${Math.round(full.frames / simSeconds)} frames/s |`);
  const runs: [CameraKind, number, number, number][] = [['broadcast', 1280, 720, 60], ['broadcast', 1920, 1080, 30], ['tactical', 1280, 720, 30]];
  if (process.argv.includes('--long')) runs.push(['broadcast', 1280, 720, 600]);
  let fps720 = 0;
  for (const [camera, width, height, seconds] of runs) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-render-'));
    try {
      const track = simulateMatch(source, { seed: 7, fromMs: 600_000, durationMs: seconds * 1000 });
      const truth = simTruth(source, track, { seed: 7, file: 'Sample_Game_1', format: 'metrica-csv' });
      const r = await renderTruthVideo(dir, truth, { camera, width, height, seed: 7 });
      if (camera === 'broadcast' && height === 720 && seconds === 60) fps720 = r.fps;
      const line = `| render ${camera} ${width}x${height}, ${seconds} s of play, H.264 + truth | ${r.frames} frames | ${r.seconds.toFixed(1)} s | ${r.fps.toFixed(1)} frames/s |`;
      rows.push(line);
      process.stdout.write(`${line}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const section = [
    `## bench:render — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machineDescription()}`,
    `- Command: \`npm run bench:render${process.argv.includes('--long') ? ' -- --long' : ''}\` (Metrica Sample Game 1 from 10:00, seed 7)`,
    `- Target >= 25 frames/s at 720p: ${fps720 >= 25 ? 'met' : 'MISSED'} (${fps720.toFixed(1)} frames/s)`,
    '',
    '| run | size | time | speed |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  report(section);
}

runBench(main);
