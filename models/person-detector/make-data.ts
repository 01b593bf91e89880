/**
 * Data recipe of the person detector (models/person-detector/README.md): whole frames at the engine's
 * working size, each with the boxes and foot points of the people in it.
 *
 *   node dist/models/person-detector/make-data.js --out DIR [--clips 48] [--seconds 12] [--every 4] [--real]
 *
 * Rendered: clips of Metrica Sample Game 1 (random start, never inside the windows the rendered
 * fixtures score: 10:00-20:00 and 30:00-33:00; seeds 500+, so kits, skin, light and grass vary; 70%
 * broadcast, 15% tactical, 15% panoramic camera; a quarter at 1920x1080; a fifth with lens distortion;
 * director's cuts on), encoded to H.264 and decoded by ffmpeg at the engine's working size, as the engine
 * reads video; every `--every`-th analysable frame. Labels: every person at least 30% in the picture,
 * box and foot point on the working grid, with the renderer's occlusion share. Clips 5, 11, 17, ... are
 * validation.
 * Real (`--real`): the labelled broadcast frames of ../shared/data/detection/football-players-372
 * (CC BY 4.0), reduced to 960x540 (the engine's working size for 1080p); clip 08fd33 is left out (the
 * hand-annotated real frame comes from it), clips 4b770a, a9f16c and 121364 are validation (split by clip).
 * Output: `frames.u8` (each frame's RGB bytes one after the other) and `frames.jsonl` (per frame: offset,
 * width, height, source, group, split, people [{ box, foot, occlusion }]).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import { decodeFrames } from '../../engine/io/frame-source.js';
import { FIXTURE_WINDOWS, renderClips } from '../rendered-clips.js';
import { FrameWriter, tenth } from '../frame-writer.js';
import { decodeRealFrame, listRealFrames } from '../real-frames.js';
import { workingScale } from '../../engine/video/analyse-video.js';

type Box = [number, number, number, number];


interface LabelledPerson { box: Box; foot: [number, number]; occlusion: number }

/** One frame's people, as train.py reads them. */
function addFrame(out: FrameWriter, rgb: Uint8Array, width: number, height: number, people: LabelledPerson[], source: string, group: string, split: string): void {
  out.add(rgb, width, height, {
    source, group, split,
    people: people.map((p) => ({ box: p.box.map(tenth), foot: p.foot.map(tenth), occlusion: Math.round(p.occlusion * 100) / 100 })),
  });
}

const isPerson = (role: string) => role === 'player' || role === 'goal_keeper' || role === 'referee';

/** The people of one rendered frame on the working grid (source pixels / scale). */
export function labelPeople(truth: FrameTruth, scale: number): LabelledPerson[] {
  const out: LabelledPerson[] = [];
  for (const o of truth.objects) {
    if (!isPerson(o.role) || !o.box || !o.foot || o.in_frame < 0.3) continue;
    out.push({ box: o.box.map((v) => v / scale) as Box, foot: [o.foot[0] / scale, o.foot[1] / scale], occlusion: o.occlusion });
  }
  return out;
}

async function rendered(out: FrameWriter, clips: number, seconds: number, every: number): Promise<void> {
  const plan = { rngSeed: 9090, seedBase: 500, clips, seconds, avoid: FIXTURE_WINDOWS, broadcast: 0.7, tactical: 0.15, fullHd: 0.25 };
  for await (const clip of renderClips(plan)) {
    const { index: c, camera, width: W, height: H } = clip;
    const scale = workingScale(H);
    const [w, h] = [W / scale, H / scale];
    const split = c % 6 === 5 ? 'valid' : 'train';
    let kept = 0;
    for await (const f of decodeFrames({ path: join(clip.dir, 'video.mp4'), width: w, height: h })) {
      const t = clip.truth[f.index];
      if (!t?.analysable || !t.camera || f.index % every !== 0) continue;
      addFrame(out, f.rgb, w, h, labelPeople(t, scale), 'sim', `sim-${c}-${camera}`, split);
      kept++;
    }
    process.stderr.write(`clip ${c + 1}/${clips} (${camera} ${W}x${H}${clip.k1 ? ' distorted' : ''}): ${kept} frames, ${out.n} in all\n`);
  }
}

/** The real labelled frames (YOLO boxes: 0 ball, 1 goalkeeper, 2 player, 3 referee); clip 08fd33 left out. */
function real(out: FrameWriter): void {
  const [w, h] = [960, 540];
  for (const frame of listRealFrames('players-372')) {
    if (frame.split === 'held-out') continue;
    const people: LabelledPerson[] = frame.boxes.filter((b) => b.cls !== 0).map(({ cx, cy, w: bw, h: bh }) => {
      const box: Box = [(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h];
      return { box, foot: [(box[0] + box[2]) / 2, box[3]], occlusion: 0 };
    });
    addFrame(out, decodeRealFrame(frame, w, h), w, h, people, 'real', frame.clip, frame.split === 'valid' ? 'valid' : 'train');
  }
  process.stderr.write(`real: ${out.n} frames in all\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, clips: { type: 'string' }, seconds: { type: 'string' }, every: { type: 'string' }, real: { type: 'boolean' } } });
  if (!values.out) throw new Error('usage: node dist/models/person-detector/make-data.js --out DIR [--clips N] [--seconds S] [--every N] [--real]');
  const out = new FrameWriter(values.out);
  try {
    await rendered(out, Number(values.clips ?? 48), Number(values.seconds ?? 12), Number(values.every ?? 4));
    if (values.real) real(out);
  } finally {
    out.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
