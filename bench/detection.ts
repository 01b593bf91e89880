/**
 * `npm run bench:detection -- --truth DIR [--every N] [--limit N] [--calibrated] [--classical]`: person detection alone on a
 * rendered fixture: boxes against the renderer's boxes (IoU >= 0.5) and foot points (within 2% of the
 * width), precision and recall, ms per frame. Uses the true camera unless `--calibrated` (then the
 * calibration stage's own camera, frames it cannot calibrate count as misses). The learned detector
 * (models/person-detector) finds the people when its model is present, unless `--classical` (the
 * foreground blobs without the verifier).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeFrames } from '../engine/io/frame-source.js';
import { probeVideo } from '../engine/io/probe.js';
import { linePixels } from '../engine/vision/calibration/line-pixels.js';
import { CalibrationTracker } from '../engine/vision/calibration/calibration-tracker.js';
import { connectedBlobs, foregroundMask, lineBand, nearPitch, pitchRegion } from '../engine/vision/detection/foreground.js';
import { OverlayMask } from '../engine/vision/detection/overlay-mask.js';
import { detectPeople, peopleFromFeet } from '../engine/vision/detection/detect-people.js';
import { PersonDetector } from '../engine/vision/detection/person-detector.js';
import { loadModel } from '../engine/video/load-model.js';
import type { FrameTruth } from '../engine/match-data/frame-truth.js';
import { maxWeightMatching } from './eval/hungarian.js';
import { machineDescription, report, runBench } from './machine.js';

type Box = [number, number, number, number];
function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, every: { type: 'string' }, limit: { type: 'string' }, calibrated: { type: 'boolean' }, classical: { type: 'boolean' }, record: { type: 'boolean' }, verbose: { type: 'boolean' } } });
  if (!values.truth) throw new Error('usage: npm run bench:detection -- --truth DIR');
  const frames = readFileSync(join(values.truth, 'frames.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FrameTruth);
  const video = join(values.truth, 'video.mp4');
  const { width, height } = await probeVideo(video);
  const factor = 2;
  const [ww, wh] = [width / factor, height / factor];
  const every = Number(values.every ?? 1);
  const limit = Number(values.limit ?? Infinity);
  const tracker = new CalibrationTracker();
  const detector = values.classical ? null : (await loadModel('person-detector', undefined, (p, o) => PersonDetector.load(p, o)))?.model ?? null;
  const overlay = new OverlayMask(ww, wh);
  let lastPan: number | null = null;
  let overlayBoxes: Uint8Array | null = null;
  let gt = 0;
  let pred = 0;
  let tpBox = 0;
  let tpFoot = 0;
  let ms = 0;
  let n = 0;
  const missedOcc: number[] = [];
  const dims: number[][] = [];
  const fps: string[] = [];
  const misses: string[] = [];
  for await (const f of decodeFrames({ path: video, width: ww, height: wh })) {
    if (f.index >= limit) break;
    const t = frames[f.index];
    if (!t || !t.analysable || !t.camera) {
      tracker.cut();
      continue;
    }
    const lines = linePixels(f.rgb, ww, wh);
    let camera = { ...t.camera, focal: t.camera.focal / factor, width: ww, height: wh };
    if (values.calibrated) {
      const r = tracker.next(lines);
      if (!r.camera) continue;
      camera = r.camera;
    }
    const moving = lastPan !== null && Math.abs(camera.pan - lastPan) * camera.focal > 1.5;
    lastPan = camera.pan;
    overlay.update(f.rgb, moving, pitchRegion(camera));
    if (f.index % 25 === 0) overlayBoxes = overlay.regions();
    if (process.env.DUMP_OVERLAY && f.index === Number(process.env.DUMP_OVERLAY) && overlayBoxes) {
      const { createCanvas } = await import('@napi-rs/canvas');
      const c = createCanvas(ww, wh);
      const ctx = c.getContext('2d');
      const img = ctx.createImageData(ww, wh);
      for (let i = 0; i < ww * wh; i++) {
        img.data[i * 4] = overlayBoxes[i] ? 255 : (f.rgb[i * 3] as number);
        img.data[i * 4 + 1] = overlay.mask[i] ? 255 : (f.rgb[i * 3 + 1] as number);
        img.data[i * 4 + 2] = f.rgb[i * 3 + 2] as number;
        img.data[i * 4 + 3] = 255;
      }
      ctx.putImageData(img, 0, 0);
      (await import('node:fs')).writeFileSync('/tmp/dbg/overlay.png', c.toBuffer('image/png'));
    }
    if (f.index % every !== 0) continue;
    const t0 = performance.now();
    const region = pitchRegion(camera);
    const fg = foregroundMask(f.rgb, lines, lineBand(camera), region, overlayBoxes);
    const { blobs, labels } = connectedBlobs(fg, ww, wh);
    const people = detector ? peopleFromFeet(await detector.detect(f.rgb, ww, wh), camera, nearPitch, overlayBoxes) : detectPeople(blobs, labels, camera, fg, region);
    ms += performance.now() - t0;
    n++;
    const truthPeople = t.objects.filter((o) => o.role !== 'ball' && o.box && o.in_frame >= 0.5);
    const boxes = people.map((p) => p.box.map((v) => v * factor) as Box);
    gt += truthPeople.length;
    pred += boxes.length;
    const wBox = truthPeople.map((o) => boxes.map((b) => {
      const v = iou(o.box as Box, b);
      return v >= 0.5 ? v : 0;
    }));
    const m = maxWeightMatching(wBox);
    tpBox += m.filter((j) => j >= 0).length;
    m.forEach((j, i) => {
      if (j >= 0) return;
      const o = truthPeople[i]!;
      missedOcc.push(o.occlusion);
      if (values.verbose) {
        const best = Math.max(0, ...boxes.map((b) => iou(o.box as Box, b)));
        misses.push(`${f.index} ${o.role} box ${(o.box as Box).map((v) => v.toFixed(0)).join(',')} occ ${o.occlusion.toFixed(2)} in ${o.in_frame.toFixed(2)} best IoU ${best.toFixed(2)}`);
      }
    });
    const limitPx = 0.02 * width;
    const wFoot = truthPeople.map((o) => people.map((p) => {
      const d = Math.hypot(p.foot[0] * factor - o.foot![0], p.foot[1] * factor - o.foot![1]);
      return d <= limitPx ? 1 - d / (limitPx * 1.0001) + 1e-6 : 0;
    }));
    const mf = maxWeightMatching(wFoot);
    tpFoot += mf.filter((j) => j >= 0).length;
    mf.forEach((j, i) => {
      if (j < 0) return;
      const o = truthPeople[i]!.box as Box;
      const b = boxes[j]!;
      dims.push([b[0] - o[0], b[1] - o[1], b[2] - o[2], b[3] - o[3], iou(o, b)]);
    });
    if (values.verbose) {
      const used = new Set(m.filter((j) => j >= 0));
      people.forEach((p, j) => {
        if (!used.has(j)) fps.push(`${f.index} foot ${p.foot.map((v) => v.toFixed(0)).join(',')} pitch ${p.x.toFixed(1)},${p.y.toFixed(1)} scale ${p.scale.toFixed(2)} w ${(p.box[2] - p.box[0]).toFixed(0)} h ${(p.box[3] - p.box[1]).toFixed(0)}${p.split ? ' split' : ''}`);
      });
    }
    const fp = people.length - m.filter((j) => j >= 0).length;
    if (values.verbose && (f.index % 100 === 0 || fp > 5)) process.stdout.write(`${f.index}: truth ${truthPeople.length} detected ${people.length} unmatched ${fp}\n`);
  }
  if (values.verbose) {
    process.stdout.write(fps.filter((_, i) => i % 10 === 0).join('\n') + '\n');
    process.stdout.write(misses.filter((_, i) => i % 6 === 0).join('\n') + '\n');
    for (let k = 0; k < 5; k++) {
      const v = dims.map((d) => d[k]!).sort((a, b) => a - b);
      process.stdout.write(`${['dx0', 'dy0', 'dx1', 'dy1', 'iou'][k]}: p10 ${v[Math.floor(v.length * 0.1)]!.toFixed(2)} median ${v[Math.floor(v.length / 2)]!.toFixed(2)} p90 ${v[Math.floor(v.length * 0.9)]!.toFixed(2)}\n`);
    }
  }
  const occluded = missedOcc.filter((o) => o > 0.2).length;
  report([
    `## bench:detection ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:detection -- --truth ${values.truth}${values.calibrated ? ' --calibrated' : ''}\` (${width}x${height}, detection at ${ww}x${wh}, ${values.calibrated ? 'own calibration' : 'true camera'}, ${detector ? 'learned detector' : 'classical foreground detector'}).`,
    '',
    '| frames | truth people | detections | box P / R (IoU 0.5) | foot-point P / R (2% of width) | missed boxes >20% occluded | ms/frame |',
    '|---|---|---|---|---|---|---|',
    `| ${n} | ${gt} | ${pred} | ${(tpBox / pred * 100).toFixed(1)}% / ${(tpBox / gt * 100).toFixed(1)}% | ${(tpFoot / pred * 100).toFixed(1)}% / ${(tpFoot / gt * 100).toFixed(1)}% | ${occluded} of ${missedOcc.length} | ${(ms / n).toFixed(2)} |`,
  ].join('\n'));
}

runBench(main);
