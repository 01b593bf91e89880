import { decodeFrames } from '../io/frame-source.js';
import { previewKitsFromFrames, type PreviewFrame } from '../vision/teams/preview-kits-from-frames.js';
import { keyKits, swatchOf, type KitColours, type KitKey, type Swatch } from '../vision/teams/preview-kits.js';

export interface PreviewPassResult {
  /** Both kits in canonical order (or keyed to an earlier pass's kits when one was confirmed). */
  teams: { key: KitKey; swatch: Swatch; colours: KitColours }[];
  /** Frames read, and the seconds the pass took. */
  frames: number;
  seconds: number;
}

/**
 * The preview pass (spec 2.3): a few frames spread over the video (a local file, or a URL ffmpeg reads
 * with range requests, so it runs while the download does), each decoded alone by a seek, then the two
 * outfield kits from them. Null when the frames show no two kits (no game footage). `earlier` and
 * `confirmed` keep a confirmed kit on its key in a `final` pass (PRV-09).
 */
export async function previewPass(path: string, durationSeconds: number, options: {
  frames?: number; width?: number; height?: number; signal?: AbortSignal; earlier?: Record<KitKey, KitColours> | null; confirmed?: KitKey | null;
} = {}): Promise<PreviewPassResult | null> {
  const t0 = performance.now();
  const n = options.frames ?? 6;
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const frames: PreviewFrame[] = [];
  for (let i = 0; i < n; i++) {
    const at = (durationSeconds * (i + 1)) / (n + 1);
    for await (const f of decodeFrames({ path, width, height, startSeconds: at, endSeconds: at + 0.2, signal: options.signal, threads: 1 })) {
      frames.push({ rgb: f.rgb, width, height });
      break;
    }
  }
  const kits = previewKitsFromFrames(frames);
  if (!kits) return null;
  const keyed = keyKits(kits, options.earlier ?? null, options.confirmed ?? null);
  return {
    teams: (['team_a', 'team_b'] as const).map((key) => ({ key, swatch: swatchOf(keyed[key]), colours: keyed[key] })),
    frames: frames.length,
    seconds: (performance.now() - t0) / 1000,
  };
}
