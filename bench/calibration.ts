/**
 * `npm run bench:calibration -- --truth DIR [--every N] [--limit N] [--distortion] [--rig] [--no-carry]`: the
 * calibration stage alone on a rendered fixture (`touchline sim ... --out DIR`), against the renderer's
 * cameras: share of analysable frames calibrated, frames carried by the pictures (camera-carry.ts; off with
 * `--no-carry`), pitch-point error (median, p95, the evaluator's grid), ms per frame.
 * Frames the truth calls not analysable are skipped (that is the scene stage's job) and cut the track.
 * `--rig` first finds the camera as the engine does (discoverRig on five analysable frames spread over
 * the video: the broadcast search, then the wide search for a static camera beside the pitch).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeFrames, frameAt } from '../engine/io/frame-source.js';
import { probeVideo } from '../engine/io/probe.js';
import { scaleCamera, type Camera } from '../engine/geometry/camera.js';
import { gridErrors } from './eval/grid-errors.js';
import { downscaleRgb, linePixels } from '../engine/vision/calibration/line-pixels.js';
import { CalibrationTracker } from '../engine/vision/calibration/calibration-tracker.js';
import { grayPicture } from '../engine/vision/calibration/camera-carry.js';
import { discoverRig } from '../engine/vision/calibration/rig-discovery.js';
import type { FrameTruth } from '../engine/match-data/frame-truth.js';
import { machineDescription, report, runBench } from './machine.js';
import { quantile } from './eval/quantile.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { truth: { type: 'string' }, every: { type: 'string' }, limit: { type: 'string' }, distortion: { type: 'boolean' }, verbose: { type: 'boolean' }, 'known-position': { type: 'boolean' }, position: { type: 'string' }, record: { type: 'boolean' }, rig: { type: 'boolean' }, 'no-carry': { type: 'boolean' } } });
  if (!values.truth) throw new Error('usage: npm run bench:calibration -- --truth DIR [--every N] [--limit N]');
  const frames = readFileSync(join(values.truth, 'frames.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as FrameTruth);
  const video = join(values.truth, 'video.mp4');
  const probe = await probeVideo(video);
  const { width, height } = probe;
  const factor = 2;
  const limit = Number(values.limit ?? Infinity);
  let tracker = new CalibrationTracker({ distortion: values.distortion });
  let rigMs = 0;
  if (values.rig) {
    const t0 = performance.now();
    const live = frames.map((t, i) => (t.analysable ? i : -1)).filter((i) => i >= 0);
    const samples: ReturnType<typeof linePixels>[] = [];
    for (let k = 0; k < 5 && live.length; k++) {
      const index = live[Math.floor(((k + 0.5) / 5) * live.length)] as number;
      const rgb = await frameAt(video, width, height, index / 25);
      if (!rgb) continue;
      const small = downscaleRgb(rgb, width, height, factor);
      samples.push(linePixels(small.rgb, small.width, small.height));
    }
    samples.sort((a, b) => b.count - a.count);
    const rig = await discoverRig(samples, { distortion: values.distortion });
    rigMs = performance.now() - t0;
    if (rig?.distortion) tracker = new CalibrationTracker({ distortion: true });
    if (rig) tracker.assumePosition(rig.position, rig.views);
    process.stdout.write(`rig: ${rig ? `${rig.position.map((v) => v.toFixed(1)).join(', ')} (${rig.calibrated} of ${rig.tried} frames${rig.distortion ? ', bent lens' : rig.views ? ', wide search' : ''})` : 'not found'} in ${(rigMs / 1000).toFixed(1)} s\n`);
  }
  let analysable = 0;
  let calibrated = 0;
  let searched = 0;
  let carried = 0;
  // The previous frame's people (the engine's detections; here the renderer's boxes) are left out of a carry.
  let movers: [number, number, number, number][] = [];
  const errors: number[] = [];
  const perFrame: number[] = [];
  let ms = 0;
  for await (const f of decodeFrames({ path: video, width, height })) {
    if (f.index >= limit) break;
    const t = frames[f.index];
    if (!t || !t.analysable || !t.camera) {
      tracker.cut();
      continue;
    }
    analysable++;
    if (values['known-position'] && analysable === 1) tracker.assumePosition([t.camera.x, t.camera.y, t.camera.z]);
    if (values.position && analysable === 1) tracker.assumePosition(values.position.split(',').map(Number) as [number, number, number]);
    const t0 = performance.now();
    const small = downscaleRgb(f.rgb, width, height, factor);
    const lines = linePixels(small.rgb, small.width, small.height);
    const r = tracker.next(lines, values['no-carry'] ? undefined : grayPicture(small.rgb, small.width, small.height, 2), movers);
    ms += performance.now() - t0;
    movers = t.objects.flatMap((o) => (o.box ? [o.box.map((v) => v / factor) as [number, number, number, number]] : []));
    if (r.how === 'searched') searched++;
    if (r.how === 'carried') carried++;
    if (!r.camera) {
      if (values.verbose) process.stdout.write(`${f.index}: failed (${lines.count} line px)\n`);
      continue;
    }
    calibrated++;
    const cam: Camera = scaleCamera(r.camera, factor, width, height);
    const e = gridErrors(t.camera, cam);
    errors.push(...e);
    perFrame.push(quantile(e, 0.5));
    if (values.verbose && (f.index % 25 === 0 || r.how === 'searched')) {
      process.stdout.write(`${f.index}: ${r.how} inl ${r.inliers}/${r.visible} rms ${r.rms.toFixed(2)} med ${quantile(e, 0.5).toFixed(2)} m  pos ${cam.x.toFixed(1)},${cam.y.toFixed(1)},${cam.z.toFixed(1)} (true ${t.camera.x.toFixed(1)},${t.camera.y.toFixed(1)},${t.camera.z.toFixed(1)}) f ${cam.focal.toFixed(0)} (${t.camera.focal.toFixed(0)})\n`);
    }
  }
  report([
    `## bench:calibration ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:calibration -- --truth ${values.truth}${values.distortion ? ' --distortion' : ''}${values.rig ? ' --rig' : ''}${values['no-carry'] ? ' --no-carry' : ''}\` (${width}x${height}, lines at 1/${factor}${values.rig ? `; rig discovery ${(rigMs / 1000).toFixed(1)} s, not in ms/frame` : ''}).`,
    '',
    '| analysable frames | calibrated | searches | carried by the pictures | pitch-point error median / p95 | frames with median error > 1 m | ms/frame |',
    '|---|---|---|---|---|---|---|',
    `| ${analysable} | ${((100 * calibrated) / analysable).toFixed(1)}% | ${searched} | ${carried} | ${quantile(errors, 0.5).toFixed(2)} / ${quantile(errors, 0.95).toFixed(2)} m | ${perFrame.filter((e) => e > 1).length} | ${(ms / analysable).toFixed(1)} |`,
  ].join('\n'));
}

runBench(main);
