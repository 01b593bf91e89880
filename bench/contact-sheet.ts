/**
 * `npm run sheet:sim`: docs/img/sim-vs-real.png, frames of the real clips in ../shared/data/clips beside
 * frames our renderer makes of the real Metrica match, at the same scale, to judge realism by eye.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ffmpegPath } from '../engine/io/ffmpeg-binaries.js';
import { parseMetricaEventsCsv } from '../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import { toTruthEvents } from '../engine/match-data/truth-events.js';
import { FrameRenderer, type RenderOptions } from '../engine/sim/render/frame-renderer.js';
import { runBench } from './machine.js';

const SHARED = fileURLToPath(new URL('../../../shared/data', import.meta.url));
const OUT = fileURLToPath(new URL('../../docs/img/sim-vs-real.png', import.meta.url));
const CELL_W = 640;
const CELL_H = 360;

const REAL: [string, number, string][] = [
  ['seriea_inter_sansiro.mp4', 12, 'Real: Serie A main camera'],
  ['dfl_bundesliga_08fd33_4_small.mp4', 3, 'Real: Bundesliga main camera'],
  ['epl_liverpool_brighton_closeups.mp4', 8, 'Real: Premier League close-up'],
  ['aerial_tactical_highcam.mp4', 10, 'Real: high tactical camera'],
];

async function main(): Promise<void> {
  if (!existsSync(join(SHARED, 'clips'))) {
    process.stdout.write('sheet:sim skipped: ../shared/data/clips not found\n');
    return;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'sheet-'));
  const real: { file: string; label: string }[] = [];
  for (const [clip, at, label] of REAL) {
    const png = join(tmp, `${clip}.png`);
    execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-ss', String(at), '-i', join(SHARED, 'clips', clip), '-frames:v', '1', '-vf', `scale=${CELL_W}:${CELL_H}:force_original_aspect_ratio=decrease,pad=${CELL_W}:${CELL_H}:(ow-iw)/2:(oh-ih)/2`, png]);
    real.push({ file: png, label });
  }
  const source = parseMetricaEventsCsv(readFileSync(join(SHARED, 'metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv'), 'utf8'));
  const events = toTruthEvents(source);
  const sim: { rgba: Uint8ClampedArray; w: number; h: number; label: string }[] = [];
  // 1:28 into the match a headed goal: broadcast live, then the director's close-up or replay.
  const shots: [Partial<RenderOptions> & { camera: RenderOptions['camera'] }, number, number, string, string][] = [
    [{ camera: 'broadcast' }, 80_000, 60, 'live', 'Ours: broadcast camera (live)'],
    [{ camera: 'broadcast', k1: -0.06 }, 620_000, 40, 'live', 'Ours: broadcast, lens distortion'],
    [{ camera: 'broadcast' }, 88_000, 260, 'closeup|replay', 'Ours: close-up / replay (not analysable)'],
    [{ camera: 'tactical' }, 620_000, 40, 'live', 'Ours: static tactical camera'],
  ];
  for (const [opts, fromMs, maxFrames, want, label] of shots) {
    const track = simulateMatch(source, { seed: 7, fromMs, durationMs: 14_000 });
    const r = new FrameRenderer(track, events, source.periods, { width: 1280, height: 720, seed: 7, ...opts });
    let picked: Uint8ClampedArray | null = null;
    for (let f = 0; f < r.frames && !picked; f++) {
      const { rgba, truth } = r.renderNext();
      if (f >= maxFrames && new RegExp(`^(${want})$`).test(truth.scene)) picked = new Uint8ClampedArray(rgba);
    }
    if (picked) sim.push({ rgba: picked, w: 1280, h: 720, label });
  }
  const rows = Math.max(real.length, sim.length);
  const pad = 8;
  const sheet = createCanvas(2 * CELL_W + 3 * pad, rows * (CELL_H + 28) + pad);
  const g = sheet.getContext('2d');
  g.fillStyle = '#101216';
  g.fillRect(0, 0, sheet.width, sheet.height);
  g.font = 'bold 16px sans-serif';
  for (let i = 0; i < rows; i++) {
    const y = pad + i * (CELL_H + 28);
    const r = real[i];
    if (r) {
      g.drawImage(await loadImage(r.file), pad, y + 22, CELL_W, CELL_H);
      g.fillStyle = '#e8e8e8';
      g.fillText(r.label, pad, y + 16);
    }
    const s = sim[i];
    if (s) {
      const c = createCanvas(s.w, s.h);
      const ctx = c.getContext('2d');
      const img = ctx.createImageData(s.w, s.h);
      img.data.set(s.rgba);
      ctx.putImageData(img, 0, 0);
      g.drawImage(c, 2 * pad + CELL_W, y + 22, CELL_W, CELL_H);
      g.fillStyle = '#f6d200';
      g.fillText(s.label, 2 * pad + CELL_W, y + 16);
    }
  }
  mkdirSync(join(OUT, '..'), { recursive: true });
  writeFileSync(OUT, sheet.toBuffer('image/png'));
  rmSync(tmp, { recursive: true, force: true });
  process.stdout.write(`wrote ${OUT}\n`);
}

runBench(main);
