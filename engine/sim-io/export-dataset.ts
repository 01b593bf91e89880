import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { MatchSource } from '../match-data/match-events.js';
import { simulateMatch } from '../sim/simulate.js';
import { toTruthEvents } from '../match-data/truth-events.js';
import { FrameRenderer } from '../sim/render/frame-renderer.js';
import type { FrameTruth } from '../match-data/frame-truth.js';
import { applyHomography } from '../geometry/camera.js';
import { pitchKeypoints } from '../geometry/pitch-markings.js';
import { renderLineMask } from '../sim/render/line-mask.js';
import type { CameraKind } from '../match-data/camera-operator.js';
import { createRng } from '../match-data/rng.js';

/** Class ids of the real labelled set (football-players-372), so both train one detector. */
export const DETECTION_CLASSES = { ball: 0, goal_keeper: 1, player: 2, referee: 3 } as const;

export interface DatasetOptions {
  out: string;
  clips: number;
  clipSeconds: number;
  /** Sample one frame in this many. */
  every: number;
  width: number;
  height: number;
  seed: number;
}

export interface DatasetSummary {
  images: number;
  boxes: number;
  crops: number;
  digits: number;
  masks: number;
  nonAnalysable: number;
}

const yolo = (b: [number, number, number, number], w: number, h: number, cls: number): string | null => {
  const x0 = Math.max(0, b[0]);
  const y0 = Math.max(0, b[1]);
  const x1 = Math.min(w, b[2]);
  const y1 = Math.min(h, b[3]);
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  return `${cls} ${((x0 + x1) / 2 / w).toFixed(6)} ${((y0 + y1) / 2 / h).toFixed(6)} ${((x1 - x0) / w).toFixed(6)} ${((y1 - y0) / h).toFixed(6)}`;
};

/**
 * Training data from renders of real matches (docs/dataset-format.md): frames with YOLO boxes, pitch
 * keypoints and line masks, player crops with team and kit, jersey-digit crops with legibility, and scene
 * labels. Clips start at random match times with a mix of cameras; a clip's frames all go to one split.
 */
export async function exportDataset(source: MatchSource, o: DatasetOptions): Promise<DatasetSummary> {
  const rng = createRng(o.seed);
  for (const d of ['images/train', 'images/valid', 'labels/train', 'labels/valid', 'keypoints', 'masks', 'crops', 'digits']) {
    await mkdir(join(o.out, d), { recursive: true });
  }
  const sum: DatasetSummary = { images: 0, boxes: 0, crops: 0, digits: 0, masks: 0, nonAnalysable: 0 };
  const cropsCsv = ['file,split,role,team,jersey,kit'];
  const digitsCsv = ['file,split,jersey,number_px,side,legible'];
  const scenesCsv = ['file,split,scene,analysable'];
  const periods = source.periods;
  const playable = periods.map((p) => [p.startFrame * 40, p.endFrame * 40 - o.clipSeconds * 1000] as const);
  for (let c = 0; c < o.clips; c++) {
    const [a, b] = playable[Math.floor(rng.next() * playable.length)] as readonly [number, number];
    const fromMs = Math.round(rng.range(a, Math.max(a, b)) / 40) * 40;
    const r = rng.next();
    const camera: CameraKind = r < 0.7 ? 'broadcast' : r < 0.85 ? 'tactical' : 'panoramic';
    const seed = o.seed * 1000 + c;
    const split = c % 5 === 4 ? 'valid' : 'train';
    const track = simulateMatch(source, { seed, fromMs, durationMs: o.clipSeconds * 1000 });
    const events = toTruthEvents(source, track.startMs, track.startMs + o.clipSeconds * 1000);
    const k1 = camera === 'broadcast' && rng.next() < 0.3 ? -rng.range(0.02, 0.08) : 0;
    const renderer = new FrameRenderer(track, events, periods, { camera, width: o.width, height: o.height, seed, k1, cuts: true });
    const kitName = (team: 0 | 1 | null, role: string) => (role === 'referee' ? renderer.kits.referee.name : role === 'goal_keeper'
      ? (team === 0 ? renderer.kits.homeKeeper : renderer.kits.awayKeeper).name : (team === 0 ? renderer.kits.home : renderer.kits.away).name);
    for (let f = 0; f < renderer.frames; f++) {
      const { truth } = renderer.renderNext();
      if (f % o.every !== 0) continue;
      const name = `c${String(c).padStart(3, '0')}_f${String(f).padStart(4, '0')}`;
      const jpeg = renderer.jpeg();
      await writeFile(join(o.out, 'images', split, `${name}.jpg`), jpeg);
      sum.images++;
      scenesCsv.push(`${name}.jpg,${split},${truth.scene},${truth.analysable}`);
      if (!truth.analysable) {
        sum.nonAnalysable++;
        await writeFile(join(o.out, 'labels', split, `${name}.txt`), '');
        continue;
      }
      await writeLive(o, split, name, truth, jpeg, sum, cropsCsv, digitsCsv, kitName);
    }
  }
  await writeFile(join(o.out, 'crops.csv'), `${cropsCsv.join('\n')}\n`);
  await writeFile(join(o.out, 'digits.csv'), `${digitsCsv.join('\n')}\n`);
  await writeFile(join(o.out, 'scenes.csv'), `${scenesCsv.join('\n')}\n`);
  await writeFile(join(o.out, 'dataset.json'), `${JSON.stringify({
    format: 'touchline-sim-dataset', version: 1, classes: DETECTION_CLASSES, options: { ...o, out: undefined }, counts: sum,
  }, null, 1)}\n`);
  return sum;
}

async function writeLive(o: DatasetOptions, split: string, name: string, truth: FrameTruth, jpeg: Buffer, sum: DatasetSummary,
  cropsCsv: string[], digitsCsv: string[], kitName: (team: 0 | 1 | null, role: string) => string): Promise<void> {
  const labels: string[] = [];
  for (const obj of truth.objects) {
    if (!obj.box || obj.in_frame < 0.3) continue;
    const line = yolo(obj.box, o.width, o.height, DETECTION_CLASSES[obj.role as keyof typeof DETECTION_CLASSES]);
    if (line) labels.push(line);
  }
  if (truth.ball?.box && truth.ball.in_frame >= 0.5) {
    const line = yolo(truth.ball.box, o.width, o.height, DETECTION_CLASSES.ball);
    if (line) labels.push(line);
  }
  sum.boxes += labels.length;
  await writeFile(join(o.out, 'labels', split, `${name}.txt`), labels.length ? `${labels.join('\n')}\n` : '');
  const cam = truth.camera!;
  const keypoints = pitchKeypoints().map((k) => {
    const [u, v] = applyHomography(truth.homography!, k.x, k.y);
    const inImage = u >= 0 && v >= 0 && u < o.width && v < o.height;
    const under = (b: [number, number, number, number] | null) => b !== null && u >= b[0] && u <= b[2] && v >= b[1] && v <= b[3];
    const occluded = truth.objects.some((q) => under(q.box)) || truth.overlays.some(under);
    return { name: k.name, x: k.x, y: k.y, u: Math.round(u * 10) / 10, v: Math.round(v * 10) / 10, in_image: inImage, occluded };
  });
  await writeFile(join(o.out, 'keypoints', `${name}.json`), JSON.stringify({ image: `${name}.jpg`, camera: cam, homography: truth.homography, keypoints }));
  const occluders = truth.objects.filter((q) => q.box && q.in_frame > 0).map((q) => q.box as [number, number, number, number]);
  await writeFile(join(o.out, 'masks', `${name}.png`), renderLineMask(cam, occluders).toBuffer('image/png'));
  sum.masks++;
  // Crops come from the JPEG, as a model would see them.
  const { loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(jpeg);
  const crop = (b: [number, number, number, number], pad: number): Buffer => {
    const x0 = Math.max(0, Math.floor(b[0] - pad));
    const y0 = Math.max(0, Math.floor(b[1] - pad));
    const w = Math.min(o.width, Math.ceil(b[2] + pad)) - x0;
    const h = Math.min(o.height, Math.ceil(b[3] + pad)) - y0;
    const c = createCanvas(Math.max(1, w), Math.max(1, h));
    c.getContext('2d').drawImage(image, x0, y0, w, h, 0, 0, w, h);
    return c.encodeSync('jpeg', 92);
  };
  for (const obj of truth.objects) {
    if (!obj.box || obj.in_frame < 1 || obj.occlusion > 0.3 || obj.box[3] - obj.box[1] < 24) continue;
    const file = `${name}_${obj.id}.jpg`;
    await writeFile(join(o.out, 'crops', file), crop(obj.box, 2));
    cropsCsv.push(`${file},${split},${obj.role},${obj.team ?? ''},${obj.jersey ?? ''},${kitName(obj.team, obj.role)}`);
    sum.crops++;
    if (obj.shirt && obj.jersey !== null && obj.role !== 'referee' && obj.shirt.box[3] - obj.shirt.box[1] >= 8) {
      // Legible: a number at least 8 px tall, not hidden; the recogniser must learn to abstain on the rest.
      const legible = obj.shirt.number_px >= 8 && obj.occlusion < 0.1;
      await writeFile(join(o.out, 'digits', file), crop(obj.shirt.box, 1));
      digitsCsv.push(`${file},${split},${obj.jersey},${obj.shirt.number_px},${obj.shirt.side},${legible}`);
      sum.digits++;
    }
  }
}
