/**
 * Data recipe of the person verifier (models/person-verifier/README.md): crops of the candidates the
 * classical detector proposes, labelled by how many people they hold.
 *
 *   node dist/models/person-verifier/make-data.js --out DIR [--clips 30] [--real]
 *
 * Rendered: clips of Metrica Sample Game 1 (random start, camera, seed; every 5th frame) rendered at
 * 1280x720 and reduced to the engine's working size, the detector run with the true camera; each
 * candidate (and each blob before splitting) is labelled 0, 1 or 2+ by the true people whose foot lies in
 * it and whose box it mostly covers. Real (`--real`): the labelled broadcast frames of
 * ../shared/data/detection/football-players-372 (clip 08fd33 left out: the annotated real frame comes from
 * it), reduced to 640x360: true boxes as 1-person crops, unions of touching boxes as 2+, and boxes of
 * grass, boards, crowd and lines at people's sizes as 0.
 * Output: `crops.u8` (N x 48 x 24 x 3, row-major RGB), `labels.csv` (index, label, source, group, split).
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { parseMetricaEventsCsv } from '../../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../../engine/sim/simulate.js';
import { toTruthEvents } from '../../engine/match-data/truth-events.js';
import { FrameRenderer } from '../../engine/sim/render/frame-renderer.js';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import { createRng } from '../../engine/match-data/rng.js';
import { downscaleRgb, linePixels } from '../../engine/vision/calibration/line-pixels.js';
import { connectedBlobs, foregroundMask, lineBand, pitchRegion } from '../../engine/vision/detection/foreground.js';
import { detectPeople } from '../../engine/vision/detection/detect-people.js';
import { cropForVerifier, CROP_H, CROP_W } from '../../engine/vision/detection/verifier-crop.js';
import { decodeRealFrame, listRealFrames } from '../real-frames.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
type Box = [number, number, number, number];

const area = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const inter = (a: Box, b: Box) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/**
 * People a candidate box holds: those whose box it mostly covers, or that mostly fill it (a detection of
 * a person's upper body is still a person: labelling it "nobody" taught the first model to drop people
 * whose legs the foreground had lost). Null when the candidate only grazes someone: left out, neither
 * right nor wrong.
 */
export function countPeople(box: Box, people: { box: Box; foot: [number, number] }[]): number | null {
  let n = 0;
  let grazed = false;
  for (const p of people) {
    const i = inter(box, p.box);
    if (i >= 0.5 * area(p.box) || i >= 0.5 * area(box)) n++;
    else if (i >= 0.15 * area(box)) grazed = true;
  }
  return n === 0 && grazed ? null : n;
}

class Writer {
  n = 0;
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'crops.u8'), Buffer.alloc(0));
    writeFileSync(join(dir, 'labels.csv'), 'index,label,source,group,split\n');
  }
  add(crop: Uint8Array, label: number | null, source: string, group: string, split: string): void {
    if (label === null) return;
    appendFileSync(join(this.dir, 'crops.u8'), crop);
    appendFileSync(join(this.dir, 'labels.csv'), `${this.n++},${Math.min(2, label)},${source},${group},${split}\n`);
  }
}

async function rendered(out: Writer, clips: number): Promise<void> {
  const source = parseMetricaEventsCsv(readFileSync(join(DATA, 'metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv'), 'utf8'));
  const events = toTruthEvents(source);
  const rng = createRng(2024);
  const [W, H] = [1280, 720];
  for (let c = 0; c < clips; c++) {
    const fromMs = Math.round(rng.range(60_000, 5_400_000) / 40) * 40;
    const track = simulateMatch(source, { seed: 100 + c, fromMs, durationMs: 6_000 });
    const camera = rng.next() < 0.8 ? 'broadcast' : 'tactical';
    const renderer = new FrameRenderer(track, events, source.periods, { camera, width: W, height: H, seed: 100 + c, cuts: false, k1: rng.next() < 0.2 ? -0.05 : 0 });
    const split = c % 5 === 4 ? 'valid' : 'train';
    for (let f = 0; f < renderer.frames; f++) {
      // Yield now and then: the canvas's frame buffers are native memory that is only released once
      // finalizers get to run, and a loop that never yields grew to the machine's whole memory.
      if (f % 10 === 0) await new Promise((r) => setImmediate(r));
      const { rgba, truth } = renderer.renderNext();
      if (f % 5 !== 0 || !truth.analysable || !truth.camera) continue;
      const rgb = new Uint8Array(W * H * 3);
      for (let i = 0, j = 0; i < W * H; i++, j += 3) {
        rgb[j] = rgba[i * 4] as number;
        rgb[j + 1] = rgba[i * 4 + 1] as number;
        rgb[j + 2] = rgba[i * 4 + 2] as number;
      }
      const small = downscaleRgb(rgb, W, H, 2);
      emitCandidates(out, small.rgb, small.width, small.height, truth, `sim-${c}`, split);
    }
    process.stderr.write(`clip ${c + 1}/${clips}: ${out.n} crops\n`);
  }
}

function emitCandidates(out: Writer, rgb: Uint8Array, w: number, h: number, truth: FrameTruth, group: string, split: string): void {
  const cam = { ...(truth.camera as NonNullable<FrameTruth['camera']>), focal: (truth.camera as NonNullable<FrameTruth['camera']>).focal / 2, width: w, height: h, k1: (truth.camera as NonNullable<FrameTruth['camera']>).k1 };
  const lines = linePixels(rgb, w, h);
  const region = pitchRegion(cam);
  const fg = foregroundMask(rgb, lines, lineBand(cam), region, null);
  const { blobs, labels } = connectedBlobs(fg, w, h);
  const people = truth.objects.filter((o) => o.role !== 'ball' && o.box && o.foot && o.in_frame >= 0.5)
    .map((o) => ({ box: (o.box as Box).map((v) => v / 2) as Box, foot: [(o.foot as [number, number])[0] / 2, (o.foot as [number, number])[1] / 2] as [number, number] }));
  const seen: Box[] = [];
  for (const d of detectPeople(blobs, labels, cam, fg, region, { keepUnsplit: true })) {
    if (seen.some((b) => b[0] === d.box[0] && b[1] === d.box[1] && b[2] === d.box[2] && b[3] === d.box[3])) continue;
    seen.push(d.box);
    out.add(cropForVerifier(rgb, w, h, d.box), countPeople(d.box, people), 'sim', group, split);
  }
}

/** The real labelled frames (YOLO boxes, classes 0 ball, 1 goalkeeper, 2 player, 3 referee); clip 08fd33 left out. */
function real(out: Writer): void {
  const rng = createRng(7);
  const [w, h] = [640, 360];
  for (const frame of listRealFrames('players-372')) {
    if (frame.split === 'held-out') continue;
    const { clip } = frame;
    const split = frame.split === 'valid' ? 'valid' : 'train';
    const rgb = decodeRealFrame(frame, w, h);
    const boxes: Box[] = frame.boxes.filter((b) => b.cls !== 0)
      .map(({ cx, cy, w: bw, h: bh }) => [(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h]);
    const people = boxes.map((b) => ({ box: b, foot: [(b[0] + b[2]) / 2, b[3]] as [number, number] }));
    for (const b of boxes) out.add(cropForVerifier(rgb, w, h, b), countPeople(b, people), 'real', clip, split);
    // Pairs of touching people as one candidate, as a merged blob would be.
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as Box;
        const b = boxes[j] as Box;
        if (inter(a, [b[0] - 2, b[1] - 2, b[2] + 2, b[3] + 2]) <= 0) continue;
        const u: Box = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
        out.add(cropForVerifier(rgb, w, h, u), countPeople(u, people), 'real', clip, split);
      }
    }
    // Negatives at people's sizes where nobody stands.
    for (let k = 0; k < boxes.length; k++) {
      const ref = boxes[Math.floor(rng.next() * boxes.length)] as Box;
      const bw = ref[2] - ref[0];
      const bh = ref[3] - ref[1];
      const x = rng.range(0, w - bw);
      const y = rng.range(0, h - bh);
      const cand: Box = [x, y, x + bw, y + bh];
      if (boxes.some((b) => inter(b, cand) > 0.1 * area(b))) continue;
      out.add(cropForVerifier(rgb, w, h, cand), 0, 'real', clip, split);
    }
  }
  process.stderr.write(`real: ${out.n} crops\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, clips: { type: 'string' }, real: { type: 'boolean' } } });
  if (!values.out) throw new Error('usage: node dist/models/person-verifier/make-data.js --out DIR [--clips N] [--real]');
  const out = new Writer(values.out);
  await rendered(out, Number(values.clips ?? 30));
  if (values.real) real(out);
  writeFileSync(join(values.out, 'meta.json'), JSON.stringify({ crop: { width: CROP_W, height: CROP_H, channels: 3 }, count: out.n, classes: ['none', 'one', 'two or more'] }, null, 1));
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
