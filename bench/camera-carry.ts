/**
 * `npm run bench:carry [-- --clip NAME] [--span 25,75]`: how far the camera carried by the pictures
 * alone (engine/vision/calibration/camera-carry.ts) drifts on real footage, where no truth exists but
 * the lines do: on every real clip (../shared/data/clips), each frame is calibrated on its lines as the
 * engine does; then, from every tenth calibrated frame, the camera is carried `span` frames by the
 * pictures only (people's boxes not left out: this measures the worst case) and compared with the
 * lines' camera there, as the distance between the pitch points each puts under the same pixels
 * (median over a 7.5 m x 6.8 m grid). The camera's own motion over the span (the error of not carrying
 * at all) is shown beside it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { decodeFrames } from '../engine/io/frame-source.js';
import { probeVideo } from '../engine/io/probe.js';
import { analysisGeometry } from '../main/service/store/stored-probe.js';
import { linePixels } from '../engine/vision/calibration/line-pixels.js';
import { CalibrationTracker } from '../engine/vision/calibration/calibration-tracker.js';
import { carryCamera, grayPicture, type GrayPicture } from '../engine/vision/calibration/camera-carry.js';
import type { Camera } from '../engine/geometry/camera.js';
import { gridErrors } from './eval/grid-errors.js';
import { machineDescription, report, runBench } from './machine.js';
import { quantile } from './eval/quantile.js';

const CLIPS = fileURLToPath(new URL('../../../shared/data/clips/', import.meta.url));
/** Median distance between the pitch points two cameras put under the same pixels (those `a` sees of the grid). */
const gridDistance = (a: Camera, b: Camera): number => quantile(gridErrors(a, b), 0.5);

/** The camera carried from frame `k` over `span` frames, or null when a step was refused. */
function carryOver(cams: readonly (Camera | null)[], pics: readonly GrayPicture[], k: number, span: number): { camera: Camera; ms: number } | null {
  let cam = cams[k] as Camera;
  let v = [0, 0, 0, 0];
  let ms = 0;
  for (let j = k + 1; j <= k + span; j++) {
    const guess = { ...cam, pan: cam.pan + v[0]!, tilt: cam.tilt + v[1]!, roll: cam.roll + v[2]!, focal: cam.focal * Math.exp(v[3]!) };
    const t0 = performance.now();
    const r = carryCamera(cam, pics[j - 1] as GrayPicture, pics[j] as GrayPicture, guess);
    ms += performance.now() - t0;
    if (!r) return null;
    v = [r.camera.pan - cam.pan, r.camera.tilt - cam.tilt, r.camera.roll - cam.roll, Math.log(r.camera.focal / cam.focal)];
    cam = r.camera;
  }
  return { camera: cam, ms: ms / span };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { clip: { type: 'string' }, span: { type: 'string' }, record: { type: 'boolean' } } });
  if (!existsSync(CLIPS)) {
    process.stdout.write(`bench:carry skipped: ${CLIPS} not found\n`);
    return;
  }
  const spans = (values.span ?? '25,75').split(',').map(Number);
  const lines: string[] = [];
  for (const clip of readdirSync(CLIPS).filter((f) => f.endsWith('.mp4')).sort()) {
    if (values.clip && !clip.includes(values.clip)) continue;
    const path = join(CLIPS, clip);
    const probe = await probeVideo(path);
    const { width, height } = analysisGeometry(probe);
    const tracker = new CalibrationTracker();
    const cams: (Camera | null)[] = [];
    const pics: GrayPicture[] = [];
    for await (const f of decodeFrames({ path, width, height })) {
      // Lines only (no pictures): the reference is the lines' camera.
      cams.push(tracker.next(linePixels(f.rgb, width, height)).camera);
      pics.push(grayPicture(f.rgb, width, height, 2));
    }
    for (const span of spans) {
      const err: number[] = [];
      const still: number[] = [];
      let refused = 0;
      let ms = 0;
      for (let k = 0; k + span < cams.length; k += 10) {
        const a = cams[k];
        const b = cams[k + span];
        if (!a || !b || cams.slice(k, k + span + 1).some((c) => !c)) continue;
        const r = carryOver(cams, pics, k, span);
        if (!r) {
          refused++;
          continue;
        }
        err.push(gridDistance(b, r.camera));
        still.push(gridDistance(b, a));
        ms += r.ms;
      }
      lines.push(`| ${clip} | ${span} | ${err.length} | ${refused} | ${quantile(err, 0.5).toFixed(2)} / ${quantile(err, 0.9).toFixed(2)} m | ${quantile(still, 0.5).toFixed(2)} / ${quantile(still, 0.9).toFixed(2)} m | ${err.length ? (ms / err.length).toFixed(1) : 'n/a'} |`);
      process.stdout.write(`${lines[lines.length - 1]}\n`);
    }
  }
  report([
    `## bench:carry ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}. Command: \`npm run bench:carry\`. The camera carried by the pictures alone from a frame the lines calibrated, compared with the lines' camera \`span\` frames on (median pitch-point distance over the grid the lines' camera sees); "not carried": the camera held still over the span.`,
    '',
    '| clip | span (frames) | carries | refused | carried: median / p90 | not carried: median / p90 | ms per frame |',
    '|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n'));
}

runBench(main);
