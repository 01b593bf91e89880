/**
 * Data recipe of the jersey-number reader (models/jersey-number/README.md).
 *
 *   node dist/models/jersey-number/make-data.js --out DIR [--clips 24] [--synthetic 40000]
 *
 * Rendered: clips of Metrica Sample Game 1 (random start and seed, so kits and numbers vary; never inside
 * the 10:00-20:00 window bench:engine scores; broadcast camera; two thirds at 1280x720, a third at
 * 1920x1080), encoded to H.264 and decoded by ffmpeg as the engine reads video, every 3rd frame; every
 * player or goalkeeper at least 95% in the picture, at most 30% hidden, with a torso of at least 14 px:
 * the jersey crop of his box moved and resized (as a detector's box would be), labelled with his number when the renderer
 * drew it at least 5 px tall, else "illegible" (-1). Referees are illegible. Clips 3, 7, 11, ... are
 * validation.
 * Synthetic: shirt patches with numbers 1-99 in the fonts this machine has, kit and number colours at
 * random, folds as shading, rotation, squeeze, resolution loss, noise and an arm across the shirt
 * sometimes; a sixth are illegible (no number, a sliver of one, or too blurred to read).
 * Output: `crops.u8` (N x 32 x 32 x 3, row-major RGB), `labels.csv` (index, number, source, group, split).
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { parseMetricaEventsCsv } from '../../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { toTruthEvents } from '../../engine/match-data/truth-events.js';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../engine/match-data/match-events.js';
import { renderTruthVideo } from '../../engine/sim-io/render-video.js';
import { decodeFrames } from '../../engine/io/frame-source.js';
import { TRUTH_FORMAT, TRUTH_VERSION, type SimTruth } from '../../engine/io/sim-truth.js';
import { createRng, type Rng } from '../../engine/match-data/rng.js';
import { cropJersey, JERSEY_SIZE } from '../../engine/vision/identity/jersey-crop.js';
import { resampleRegion } from '../../engine/vision/network-runtime/resample-region.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const S = JERSEY_SIZE;

class Writer {
  n = 0;
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'crops.u8'), Buffer.alloc(0));
    writeFileSync(join(dir, 'labels.csv'), 'index,number,source,group,split\n');
  }
  add(crop: Uint8Array, number: number, source: string, group: string, split: string): void {
    appendFileSync(join(this.dir, 'crops.u8'), crop);
    appendFileSync(join(this.dir, 'labels.csv'), `${this.n++},${number},${source},${group},${split}\n`);
  }
}

/** The rendered fixture bench:engine scores (Sample Game 1, 10:00-20:00) stays out of training. */
const FIXTURE_MS: [number, number] = [600_000, 1_200_000];

async function rendered(out: Writer, clips: number): Promise<void> {
  const source = parseMetricaEventsCsv(readFileSync(join(DATA, 'metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv'), 'utf8'));
  const rng = createRng(4242);
  for (let c = 0; c < clips; c++) {
    const [W, H] = c % 3 === 2 ? [1920, 1080] : [1280, 720];
    let fromMs = 0;
    do fromMs = Math.round(rng.range(60_000, 5_400_000) / 40) * 40;
    while (fromMs + 6_000 > FIXTURE_MS[0] && fromMs < FIXTURE_MS[1]);
    const seed = 300 + c;
    const track = simulateMatch(source, { seed, fromMs, durationMs: 6_000 });
    const truth: SimTruth = {
      meta: { format: TRUTH_FORMAT, version: TRUTH_VERSION, seed, source: { file: 'Sample_Game_1', format: 'metrica-csv' }, start_ms: track.startMs,
        frame_ms: 40, frames: track.frames, pitch: { length_m: PITCH_LENGTH, width_m: PITCH_WIDTH }, periods: source.periods, objects: track.objects },
      track, events: toTruthEvents(source, track.startMs, track.startMs + 6_000),
    };
    // Encoded to H.264 and decoded by ffmpeg, as the engine sees video: compression blurs small digits.
    const dir = mkdtempSync(join(tmpdir(), 'jersey-clip-'));
    try {
      await renderTruthVideo(dir, truth, { camera: 'broadcast', width: W, height: H, seed, cuts: false });
      const frames = readFileSync(join(dir, 'frames.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as FrameTruth);
      const split = c % 4 === 3 ? 'valid' : 'train';
      for await (const f of decodeFrames({ path: join(dir, 'video.mp4'), width: W, height: H })) {
        const t = frames[f.index];
        if (f.index % 3 !== 0 || !t?.analysable) continue;
        for (const o of t.objects) {
          if (!o.box || o.in_frame < 0.95 || o.occlusion > 0.3 || (o.role !== 'player' && o.role !== 'goal_keeper' && o.role !== 'referee')) continue;
          const [x0, y0, x1, y1] = o.box;
          const h = y1 - y0;
          if (0.42 * h < 14) continue;
          // A detector's box: off in place and size (the engine's boxes come from a half-size picture).
          const dx = rng.range(-0.08, 0.08) * h;
          const dy = rng.range(-0.07, 0.07) * h;
          const sh = rng.range(0.88, 1.1);
          const box = [x0 + dx, y0 + dy + (1 - sh) * h, x1 + dx, y1 + dy];
          const legible = o.jersey !== null && o.shirt !== null && o.shirt.number_px >= 5;
          out.add(cropJersey(f.rgb, W, H, box), legible ? (o.jersey as number) : -1, 'sim', `sim-${c}`, split);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    process.stderr.write(`clip ${c + 1}/${clips}: ${out.n} crops\n`);
  }
}

const FONTS = ['DejaVu Sans', 'Liberation Sans', 'DejaVu Serif', 'Liberation Sans Narrow', 'DejaVu Sans Mono', 'Liberation Serif'];

function hsl(rng: Rng): [number, number, number] {
  return [rng.range(0, 360), rng.range(0, 100), rng.range(8, 95)];
}
const css = ([h, s, l]: [number, number, number]) => `hsl(${h.toFixed(0)}, ${s.toFixed(0)}%, ${l.toFixed(0)}%)`;

/** One synthetic shirt, 32 x 32 RGB, and its label (-1: illegible). */
function syntheticShirt(rng: Rng): { crop: Uint8Array; number: number } {
  const big = 96;
  const canvas = createCanvas(big, big);
  const ctx = canvas.getContext('2d');
  const shirt = hsl(rng);
  ctx.fillStyle = css(shirt);
  ctx.fillRect(0, 0, big, big);
  // Stripes or halves on some kits.
  if (rng.next() < 0.2) {
    ctx.fillStyle = css(hsl(rng));
    const w = rng.range(8, 20);
    for (let x = rng.range(0, w); x < big; x += 2 * w) ctx.fillRect(x, 0, w, big);
  }
  let number = 1 + Math.floor(rng.next() * 99);
  const kind = rng.next();
  const illegible = kind < 0.17;
  const size = illegible && kind < 0.06 ? rng.range(6, 14) : rng.range(34, 64);
  if (!(illegible && kind < 0.1)) {
    let ink = hsl(rng);
    if (Math.abs(ink[2] - shirt[2]) < 35) ink = [ink[0], ink[1], shirt[2] > 50 ? rng.range(5, 25) : rng.range(75, 97)];
    ctx.save();
    ctx.translate(big / 2 + rng.range(-8, 8), big / 2 + rng.range(-6, 10));
    ctx.rotate(rng.range(-0.2, 0.2));
    ctx.scale(rng.range(0.65, 1.1), 1);
    ctx.font = `${rng.next() < 0.8 ? 'bold ' : ''}${size.toFixed(0)}px "${FONTS[Math.floor(rng.next() * FONTS.length)]}"`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    if (rng.next() < 0.3) {
      ctx.lineWidth = rng.range(1, 3);
      ctx.strokeStyle = css(hsl(rng));
      ctx.strokeText(String(number), 0, 0);
    }
    ctx.fillStyle = css(ink);
    ctx.fillText(String(number), 0, 0);
    ctx.restore();
  }
  // Folds: bands of shade across the cloth.
  const folds = Math.floor(rng.range(0, 4));
  for (let k = 0; k < folds; k++) {
    const g = ctx.createLinearGradient(rng.range(0, big), 0, rng.range(0, big), big);
    g.addColorStop(0, 'rgba(0,0,0,0)');
    g.addColorStop(0.5, `rgba(0,0,0,${rng.range(0.1, 0.35).toFixed(2)})`);
    g.addColorStop(1, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, big, big);
  }
  // An arm across the shirt.
  if (rng.next() < 0.25) {
    ctx.fillStyle = rng.next() < 0.5 ? css(shirt) : ['#f1c7a5', '#c68a62', '#7d4e32', '#5a3622'][Math.floor(rng.next() * 4)] as string;
    ctx.save();
    ctx.translate(rng.range(0, big), rng.range(20, big));
    ctx.rotate(rng.range(-1.2, 1.2));
    ctx.fillRect(-60, -rng.range(5, 10), 120, rng.range(10, 20));
    ctx.restore();
  }
  const img = ctx.getImageData(0, 0, big, big).data;
  const rgb = new Uint8Array(big * big * 3);
  for (let i = 0; i < big * big; i++) {
    rgb[i * 3] = img[i * 4] as number;
    rgb[i * 3 + 1] = img[i * 4 + 1] as number;
    rgb[i * 3 + 2] = img[i * 4 + 2] as number;
  }
  // Resolution loss as in broadcast video: down to 8-28 px, then up to the reader's size.
  const blurred = illegible && kind >= 0.1 && kind < 0.17;
  const low = Math.round(blurred ? rng.range(4, 7) : rng.range(9, 30));
  const pad = rng.range(-0.08, 0.12) * big;
  const framed = resampleRegion(rgb, big, big, [-pad, -pad, big + 2 * pad, big + 2 * pad], big, big);
  const crop = resampleRegion(resampleSquare(framed, big, low), low, low, [0, 0, low, low], S, S);
  for (let i = 0; i < crop.length; i++) crop[i] = Math.max(0, Math.min(255, (crop[i] as number) + Math.round(rng.range(-10, 10))));
  if (illegible) number = -1;
  return { crop, number };
}

/** Square RGB image n x n -> m x m by area averaging (how a camera's pixels lose detail). */
function resampleSquare(rgb: Uint8Array, n: number, m: number): Uint8Array {
  const out = new Uint8Array(m * m * 3);
  for (let j = 0; j < m; j++) {
    for (let i = 0; i < m; i++) {
      const x0 = Math.floor((i * n) / m);
      const x1 = Math.max(x0 + 1, Math.floor(((i + 1) * n) / m));
      const y0 = Math.floor((j * n) / m);
      const y1 = Math.max(y0 + 1, Math.floor(((j + 1) * n) / m));
      for (let c = 0; c < 3; c++) {
        let s = 0;
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) s += rgb[(y * n + x) * 3 + c] as number;
        out[(j * m + i) * 3 + c] = Math.round(s / ((x1 - x0) * (y1 - y0)));
      }
    }
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, clips: { type: 'string', default: '24' }, synthetic: { type: 'string', default: '40000' } } });
  if (!values.out) throw new Error('usage: make-data.js --out DIR [--clips N] [--synthetic N]');
  const out = new Writer(values.out);
  const rng = createRng(99);
  const n = Number(values.synthetic);
  for (let k = 0; k < n; k++) {
    const { crop, number } = syntheticShirt(rng);
    out.add(crop, number, 'synthetic', `syn-${k % 10}`, k % 10 === 9 ? 'valid' : 'train');
  }
  process.stderr.write(`synthetic: ${n} crops\n`);
  await rendered(out, Number(values.clips));
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
