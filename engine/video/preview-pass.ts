import { decodeFrames } from '../io/frame-source.js';
import { cropJpeg } from '../io/encode-image.js';
import { previewTeamsFromFrames, type KitExemplar, type PreviewFrame } from '../vision/teams/preview-kits-from-frames.js';
import { keyKits, swatchOf, type KitColours, type KitKey, type Swatch } from '../vision/teams/preview-kits.js';

export interface PreviewTeam {
  key: KitKey;
  swatch: Swatch;
  colours: KitColours;
  /** Players wearing the kit, as JPEG crops (the clearest first). */
  crops: Uint8Array[];
}

export interface PreviewPassResult {
  /** Both kits in canonical order (or keyed to an earlier pass's kits when there was one). */
  teams: PreviewTeam[];
  /** Frames read, the size they were read at, and the seconds the pass took. */
  frames: number;
  size: { width: number; height: number };
  seconds: number;
}

/** The largest picture the pass reads: players in a wide view are few pixels tall, and 4:2:0 video
 * halves their colour resolution again, so more pixels name kits better (720p: a few hundred ms more). */
const MAX_WIDTH = 1280;
const MAX_HEIGHT = 720;

/** The source's frame scaled to fit MAX_WIDTH x MAX_HEIGHT, never enlarged, even sides (for ffmpeg). */
export function previewSize(source: { width: number; height: number } | undefined): { width: number; height: number } {
  if (!source || source.width <= 0 || source.height <= 0) return { width: 640, height: 360 };
  const scale = Math.min(1, MAX_WIDTH / source.width, MAX_HEIGHT / source.height);
  const even = (v: number) => Math.max(2, Math.round((v * scale) / 2) * 2);
  return { width: even(source.width), height: even(source.height) };
}

/**
 * The preview pass (spec 2.3): a few frames spread over the video (a local file, or a URL ffmpeg reads
 * with range requests, so it runs while the download does), each decoded alone by a seek, then the two
 * outfield kits from them and crops of players wearing each. Null when the frames show no two kits (no
 * game footage). `earlier` keeps each kit on its key in a later pass (PRV-09).
 */
export async function previewPass(path: string, durationSeconds: number, options: {
  frames?: number; source?: { width: number; height: number }; signal?: AbortSignal; earlier?: Record<KitKey, KitColours> | null;
} = {}): Promise<PreviewPassResult | null> {
  const t0 = performance.now();
  const n = options.frames ?? 6;
  const { width, height } = previewSize(options.source);
  // 4:2:0 colour is half the source's resolution: still coarser than the picture unless scaled down 2x.
  const coarseChroma = !options.source || width * 2 > options.source.width;
  const frames: PreviewFrame[] = [];
  for (let i = 0; i < n; i++) {
    const at = (durationSeconds * (i + 1)) / (n + 1);
    for await (const f of decodeFrames({ path, width, height, startSeconds: at, endSeconds: at + 0.2, signal: options.signal, threads: 1 })) {
      frames.push({ rgb: f.rgb, width, height, coarseChroma });
      break;
    }
  }
  const found = previewTeamsFromFrames(frames);
  if (!found) return null;
  const keyed = keyKits(found.kits, options.earlier ?? null);
  const crops = (exemplars: readonly KitExemplar[]) => Promise.all(exemplars.map((e) => {
    const f = frames[e.frame] as PreviewFrame;
    return cropJpeg(f.rgb, f.width, f.height, e.box);
  }));
  const teams = await Promise.all((['team_a', 'team_b'] as const).map(async (key) => {
    const squad = keyed[key] === found.kits[0] ? 0 : 1;
    return { key, swatch: swatchOf(keyed[key]), colours: keyed[key], crops: await crops(found.exemplars[squad]) };
  }));
  return {
    teams,
    frames: frames.length,
    size: { width, height },
    seconds: (performance.now() - t0) / 1000,
  };
}
