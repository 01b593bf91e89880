import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMetricaEventsCsv } from '../engine/match-data/metrica-csv.js';
import { simulateMatch } from '../engine/sim/simulate.js';
import type { FrameTruth } from '../engine/match-data/frame-truth.js';
import type { CameraKind } from '../engine/match-data/camera-operator.js';
import { renderTruthVideo } from '../engine/sim-io/render-video.js';
import { simTruth } from '../engine/io/sim-truth.js';
import { createRng } from '../engine/match-data/rng.js';

const EVENTS = fileURLToPath(new URL('../../../shared/data/metrica/Sample_Game_1/Sample_Game_1_RawEventsData.csv', import.meta.url));

/** The windows of Sample Game 1 that bench:engine's rendered fixtures score: never rendered for training. */
export const FIXTURE_WINDOWS: readonly [number, number][] = [[600_000, 1_200_000], [1_800_000, 1_980_000]];

/** Which clips a recipe renders; every draw comes from one seeded generator, in a fixed order. */
export interface ClipPlan {
  rngSeed: number;
  /** The first clip's simulation and render seed; clip c uses seedBase + c. */
  seedBase: number;
  clips: number;
  seconds: number;
  /** Windows (ms of the match) no clip may overlap. */
  avoid: readonly [number, number][];
  /** Shares of broadcast and tactical cameras; the rest are panoramic. */
  broadcast: number;
  tactical: number;
  /** Share of clips at 1920x1080 (the rest 1280x720). */
  fullHd: number;
  /** When given, each clip's H.264 CRF is drawn from this range (after the other draws). */
  crf?: [number, number];
  /** Boots of the rendered players (RenderOptions.boots); black when not given. */
  boots?: 'black' | 'varied';
}

export interface RenderedClip {
  index: number;
  camera: CameraKind;
  width: number;
  height: number;
  k1: number;
  crf: number | null;
  /** video.mp4 and frames.ndjson; removed when the consumer asks for the next clip. */
  dir: string;
  truth: FrameTruth[];
}

/**
 * Renders the clips of a training recipe one after another: random starts in Sample Game 1 outside the
 * fixtures' windows, a camera, a size, a fifth with lens distortion, director's cuts for broadcast
 * cameras, encoded to H.264 as the engine reads video.
 */
export async function* renderClips(plan: ClipPlan): AsyncGenerator<RenderedClip> {
  const source = parseMetricaEventsCsv(readFileSync(EVENTS, 'utf8'));
  const rng = createRng(plan.rngSeed);
  const durationMs = plan.seconds * 1000;
  for (let c = 0; c < plan.clips; c++) {
    let fromMs = 0;
    do fromMs = Math.round(rng.range(60_000, 5_400_000) / 40) * 40;
    while (plan.avoid.some(([a, b]) => fromMs + durationMs > a && fromMs < b));
    const seed = plan.seedBase + c;
    const r = rng.next();
    const camera: CameraKind = r < plan.broadcast ? 'broadcast' : r < plan.broadcast + plan.tactical ? 'tactical' : 'panoramic';
    const [width, height] = rng.next() < plan.fullHd ? [1920, 1080] : [1280, 720];
    const k1 = rng.next() < 0.2 ? rng.range(-0.08, -0.02) : 0;
    const crf = plan.crf ? Math.round(rng.range(plan.crf[0], plan.crf[1])) : null;
    const track = simulateMatch(source, { seed, fromMs, durationMs });
    const truth = simTruth(source, track, { seed, file: 'Sample_Game_1', format: 'metrica-csv' });
    const dir = mkdtempSync(join(tmpdir(), 'recipe-clip-'));
    try {
      await renderTruthVideo(dir, truth, { camera, width, height, seed, k1, cuts: camera === 'broadcast', ...(crf !== null ? { crf } : {}), ...(plan.boots ? { boots: plan.boots } : {}) });
      const frames = readFileSync(join(dir, 'frames.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as FrameTruth);
      yield { index: c, camera, width, height, k1, crf, dir, truth: frames };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
