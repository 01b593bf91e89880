/**
 * Data recipe of the ball detector (models/ball-detector/README.md): pictures at the engine's working
 * size, each with where the ball is in it (or that it is not there), kept in runs of consecutive frames
 * so the trainer can give the network the frames before each one.
 *
 *   node dist/models/ball-detector/make-data.js --out DIR [--clips 24] [--seconds 6] [--real] [--varied-boots]
 *
 * Rendered: clips of Metrica Sample Game 1 (random start, never inside the windows the rendered fixtures
 * score: 10:00-20:00, 30:00-33:00 and the fresh ball fixture 70:00-80:00; seeds 700+; 80% broadcast
 * with director's cuts, 10% tactical, 10% panoramic; a third at 1920x1080; H.264 at CRF 23-33 so the
 * ball smears as in broadcast compression), decoded by ffmpeg at the working size as the engine reads
 * video; every analysable frame. The ball is labelled where at least half of it is in the picture; one
 * whose centre lies inside a nearer person's box is marked `hidden` (neither taught as ball nor as
 * background). Clips 5, 11, 17, ... are validation. `--varied-boots` renders each player's boots in a
 * colour real boots come in (white, pink, orange, lime, gold, blue, black) instead of black on everyone.
 * Real (`--real`): the labelled broadcast frames of ../shared/data/detection/football-ball-1237 (every
 * frame has its ball) at 640x360, and the frames of football-players-372 that have a ball box at 960x540;
 * both CC BY 4.0, split by clip (models/real-frames.ts): clip 08fd33 is written as `held-out` for the
 * card's metrics and never trained on, clips 4b770a, a9f16c and 121364 validate.
 * Output: `frames.u8` (each frame's RGB bytes one after the other) and `frames.jsonl` (per frame: offset,
 * width, height, source, group, index (frame number within its group), cut (the frame before is another
 * shot), split, ball { u, v, d, hidden } or null).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import { decodeFrames } from '../../engine/io/frame-source.js';
import { FIXTURE_WINDOWS, renderClips } from '../rendered-clips.js';
import { FrameWriter, tenth } from '../frame-writer.js';
import { decodeRealFrame, listRealFrames, type RealFrame } from '../real-frames.js';
import { workingScale } from '../../engine/video/analyse-video.js';


/** The fresh fixture chosen for issue 30's ball targets (70:00-80:00, seed 31): never rendered for training. */
const FRESH_BALL_FIXTURE: [number, number] = [4_200_000, 4_800_000];

export interface BallLabel {
  u: number;
  v: number;
  /** Diameter, working-grid pixels. */
  d: number;
  /** Mostly behind a nearer person: neither ball nor background for the loss. */
  hidden: boolean;
}

/** One frame and where its ball is, as train.py reads them. */
function addFrame(out: FrameWriter, rgb: Uint8Array, width: number, height: number, meta: { source: string; group: string; index: number; cut: boolean; split: string; ball: BallLabel | null }): void {
  const ball = meta.ball ? { u: tenth(meta.ball.u), v: tenth(meta.ball.v), d: tenth(meta.ball.d), hidden: meta.ball.hidden } : null;
  out.add(rgb, width, height, { ...meta, ball });
}

/** The rendered ball of one frame on the working grid, or null when under half of it is in the picture. */
export function labelBall(truth: FrameTruth, scale: number): BallLabel | null {
  const b = truth.ball;
  if (!b?.box || b.in_frame < 0.5) return null;
  const [x0, y0, x1, y1] = b.box;
  const u = (x0 + x1) / 2;
  const v = (y0 + y1) / 2;
  // A person drawn in front of the ball: feet lower in the picture than the ball's bottom (nearer the
  // camera) and a box holding its centre. Boxes are loose round the legs, so this marks it unsure.
  const hidden = truth.objects.some((o) => o.box && o.foot && o.foot[1] > y1 + 1
    && u > o.box[0] + 0.15 * (o.box[2] - o.box[0]) && u < o.box[2] - 0.15 * (o.box[2] - o.box[0]) && v > o.box[1] && v < o.box[3]);
  return { u: u / scale, v: v / scale, d: Math.max(x1 - x0, y1 - y0) / scale, hidden };
}

/** A different shot: the truth camera jumped (a director's cut) rather than turned. */
function isCut(a: FrameTruth['camera'], b: FrameTruth['camera']): boolean {
  if (!a || !b) return true;
  return Math.abs(a.pan - b.pan) > 0.05 || Math.abs(a.tilt - b.tilt) > 0.03 || Math.abs(Math.log(a.focal / b.focal)) > 0.08 || Math.hypot(a.x - b.x, a.y - b.y) > 1;
}

async function rendered(out: FrameWriter, clips: number, seconds: number, boots: 'black' | 'varied'): Promise<void> {
  const plan = { rngSeed: 7070, seedBase: 700, clips, seconds, avoid: [...FIXTURE_WINDOWS, FRESH_BALL_FIXTURE], broadcast: 0.8, tactical: 0.1, fullHd: 0.33, crf: [23, 33] as [number, number], boots };
  for await (const clip of renderClips(plan)) {
    const { index: c, camera, width: W, height: H } = clip;
    const scale = workingScale(H);
    const [w, h] = [W / scale, H / scale];
    const split = c % 6 === 5 ? 'valid' : 'train';
    let kept = 0;
    let balls = 0;
    let prev: FrameTruth | null = null;
    for await (const f of decodeFrames({ path: join(clip.dir, 'video.mp4'), width: w, height: h })) {
      const t = clip.truth[f.index];
      if (!t?.analysable || !t.camera) {
        prev = null;
        continue;
      }
      const ball = labelBall(t, scale);
      if (ball && !ball.hidden) balls++;
      addFrame(out, f.rgb, w, h, { source: 'sim', group: `sim-${c}`, index: f.index, cut: !prev || isCut(prev.camera, t.camera), split, ball });
      prev = t;
      kept++;
    }
    process.stderr.write(`clip ${c + 1}/${clips} (${camera} ${W}x${H} crf ${clip.crf}${clip.k1 ? ' distorted' : ''}): ${kept} frames, ${balls} balls, ${out.n} in all\n`);
  }
}

/** A real frame's ball (the first class-0 box), on a w x h picture. */
function realBall(frame: RealFrame, w: number, h: number): BallLabel | null {
  const b = frame.boxes.find((x) => x.cls === 0);
  return b ? { u: b.cx * w, v: b.cy * h, d: Math.max(b.w * w, b.h * h), hidden: false } : null;
}

/** The frame number in a 1237 file name (`08fd33_0_mp4-0012.jpg` -> 12): neighbours are a few frames apart. */
const frameNumber = (image: string) => Number(/-(\d+)\.jpg$/.exec(image)?.[1] ?? -1);

function real(out: FrameWriter): void {
  let n = 0;
  for (const frame of listRealFrames('ball-1237')) {
    const ball = realBall(frame, 640, 360);
    if (!ball) continue;
    addFrame(out, decodeRealFrame(frame, 640, 360), 640, 360, { source: 'real', group: `${frame.set}-${frame.clip}`, index: frameNumber(frame.image), cut: false, split: frame.split, ball });
    n++;
  }
  for (const frame of listRealFrames('players-372')) {
    const ball = realBall(frame, 960, 540);
    if (!ball) continue;
    // Its frames are stills with no neighbours: each is its own group.
    addFrame(out, decodeRealFrame(frame, 960, 540), 960, 540, { source: 'real', group: `${frame.set}-${frame.image}`, index: 0, cut: true, split: frame.split, ball });
    n++;
  }
  process.stderr.write(`real: ${n} frames with a ball, ${out.n} in all\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, clips: { type: 'string' }, seconds: { type: 'string' }, real: { type: 'boolean' }, 'varied-boots': { type: 'boolean' } } });
  if (!values.out) throw new Error('usage: node dist/models/ball-detector/make-data.js --out DIR [--clips N] [--seconds S] [--real] [--varied-boots]');
  const out = new FrameWriter(values.out);
  try {
    if (values.real) real(out);
    await rendered(out, Number(values.clips ?? 24), Number(values.seconds ?? 6), values['varied-boots'] ? 'varied' : 'black');
  } finally {
    out.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
