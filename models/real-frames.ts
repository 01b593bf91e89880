import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath } from '../engine/io/ffmpeg-binaries.js';

/**
 * The real labelled broadcast frames of ../shared/data/detection, listed and split the same way for
 * every model's recipe: by source clip (the file name's prefix), never by frame, since neighbouring
 * frames of a clip are near duplicates. Clip 08fd33 is held out of training and validation alike (the
 * hand-annotated real frame comes from it); three clips validate. Both sets are CC BY 4.0: a model
 * trained on them credits them in its card.
 */
export const DETECTION_DATA = fileURLToPath(new URL('../../../shared/data/detection/', import.meta.url));

/** Never trained on: the annotated frame of clips/dfl_bundesliga_08fd33_4_small.mp4 comes from it. */
export const HELD_OUT_CLIP = '08fd33';
export const VALID_CLIPS: ReadonlySet<string> = new Set(['4b770a', 'a9f16c', '121364']);

export type RealSet = 'players-372' | 'ball-1237';
export type RealSplit = 'train' | 'valid' | 'held-out';

/** A YOLO box, normalised to the picture (0-1): class 0 ball; in the 372 set 1 goalkeeper, 2 player, 3 referee. */
export interface RealBox {
  cls: number;
  cx: number;
  cy: number;
  w: number;
  h: number;
}

export interface RealFrame {
  set: RealSet;
  clip: string;
  /** The JPEG. The 1237 set's are 1920x1080 frames stretched to 640x640: decode them at a 16:9 size. */
  image: string;
  boxes: RealBox[];
  split: RealSplit;
}

export function splitOf(clip: string): RealSplit {
  return clip === HELD_OUT_CLIP ? 'held-out' : VALID_CLIPS.has(clip) ? 'valid' : 'train';
}

export function parseYoloLabels(text: string): RealBox[] {
  return text.trim().split('\n').filter((l) => l.trim() !== '').map((l) => {
    const [cls, cx, cy, w, h] = l.trim().split(/\s+/).map(Number) as [number, number, number, number, number];
    return { cls, cx, cy, w, h };
  });
}

/** Every labelled frame of one set, in a stable order (the 372 set's folders train, valid, test; files sorted). */
export function listRealFrames(set: RealSet, root = DETECTION_DATA): RealFrame[] {
  const base = join(root, set === 'players-372' ? 'football-players-372' : 'football-ball-1237');
  const parts = set === 'players-372' ? ['train', 'valid', 'test'].map((p) => join(base, p)) : [base];
  const frames: RealFrame[] = [];
  for (const part of parts) {
    const dir = join(part, 'images');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort()) {
      const clip = file.split('_')[0] as string;
      const labels = join(part, 'labels', file.replace(/\.jpg$/, '.txt'));
      frames.push({ set, clip, image: join(dir, file), boxes: existsSync(labels) ? parseYoloLabels(readFileSync(labels, 'utf8')) : [], split: splitOf(clip) });
    }
  }
  return frames;
}

/** The frame's pixels at w x h (RGB, area-averaged); normalised boxes stay valid at any 16:9 size. */
export function decodeRealFrame(frame: Pick<RealFrame, 'image'>, w: number, h: number): Uint8Array {
  const raw = execFileSync(ffmpegPath(), ['-v', 'error', '-i', frame.image, '-vf', `scale=${w}:${h}:flags=area`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 25 });
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
}
