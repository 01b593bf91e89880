import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readSimTruth } from './io/sim-truth.js';
import { readRenderedCameras } from './io/rendered-cameras.js';
import { writeTrackingFile } from './io/tracking-store.js';
import { kitKeysOf } from './vision/teams/preview-kits.js';
import { computeQuality } from './reports/quality.js';
import { playerCoverage } from './reports/player-coverage.js';
import { importSimTruth, type ImportResult } from './import/from-sim.js';
import { importMetrica } from './import/from-metrica.js';
import { importOwnTracking } from './import/from-tracking.js';
import { decodeTrackingParquet } from './io/tracking-parquet-read.js';
import { encodeTrackingParquet } from './io/tracking-parquet.js';
import { parseMetricaTracking } from './import/metrica-tracking.js';
import { parseMetricaEventsCsv } from './match-data/metrica-csv.js';
import { parseMetricaEventsJson } from './match-data/metrica-json.js';
import type { AnalysisFacts } from './results/analysis-facts.js';
import { RESULT_FILES, exemplarCropFile, type EngineRunSpec, type FrameCount, type ImportSource, type VideoSource } from './worker-protocol.js';
import { planImportCrops, type PlannedCrop } from './video/import-crop-plan.js';
import { frameAt } from './io/frame-source.js';
import { cropJpeg } from './io/encode-image.js';
import { analyseVideo } from './video/analyse-video.js';
import { DATA_VERSION, ENGINE_VERSION } from './version.js';


/** A failure the user can act on; `status` says which analysis status it means. */
export class EngineFailure extends Error {
  constructor(message: string, readonly status: 'error' | 'no_match_detected' | 'needs_attention' = 'error') {
    super(message);
  }
}

export type ProgressFn = (progress: number, stage: string, frames?: FrameCount) => void;

async function runImport(spec: EngineRunSpec, progress: ProgressFn): Promise<{ result: ImportResult; source: AnalysisFacts['source'] }> {
  const source = spec.source;
  if (source.kind !== 'import') throw new Error('not an import');
  switch (source.format) {
    case 'sim': {
      const dir = source.paths.dir;
      if (!dir) throw new EngineFailure('a sim import needs paths.dir');
      progress(5, 'reading simulator truth');
      const truth = await readSimTruth(dir).catch((e: Error) => {
        throw new EngineFailure(`cannot read simulator truth in ${dir}: ${e.message}`);
      });
      const cameras = source.view === 'broadcast' ? await readRenderedCameras(dir) : null;
      progress(30, 'building tracking rows');
      return { result: importSimTruth(truth, { view: source.view, ...(cameras ? { cameras } : {}) }), source: 'import:sim' };
    }
    case 'metrica': {
      const { home, away, events, metadata } = source.paths;
      if (!home || !away) throw new EngineFailure('a metrica import needs paths.home and paths.away');
      progress(5, 'reading Metrica tracking');
      const read = (path: string, what: string) => readFile(path, 'utf8').catch((e: Error) => {
        throw new EngineFailure(`cannot read the ${what} ${path}: ${e.message}`);
      });
      const parse = <T>(fn: () => T): T => {
        try {
          return fn();
        } catch (e) {
          throw new EngineFailure((e as Error).message);
        }
      };
      const [homeText, awayText, eventsText, xml] = await Promise.all([
        read(home, 'home tracking CSV'), read(away, 'away tracking CSV'), events ? read(events, 'events file') : Promise.resolve(null),
        metadata ? read(metadata, 'metadata XML') : Promise.resolve(undefined),
      ]);
      progress(30, 'building tracking rows');
      const homeTrack = parse(() => parseMetricaTracking(homeText, `home tracking ${basename(home)}`));
      const awayTrack = parse(() => parseMetricaTracking(awayText, `away tracking ${basename(away)}`));
      const matchSource = eventsText === null ? null : parse(() => (eventsText.trimStart().startsWith('{')
        ? parseMetricaEventsJson(eventsText, xml) : parseMetricaEventsCsv(eventsText)));
      return { result: parse(() => importMetrica(homeTrack, awayTrack, matchSource)), source: 'import:metrica' };
    }
    case 'parquet': {
      const { tracking, events } = source.paths;
      if (!tracking) throw new EngineFailure('a parquet import needs paths.tracking');
      progress(5, 'reading tracking Parquet');
      const bytes = await readFile(tracking).catch((e: Error) => {
        throw new EngineFailure(`cannot read the tracking file ${tracking}: ${e.message}`);
      });
      const eventsJson = events ? await readFile(events, 'utf8').catch((e: Error) => {
        throw new EngineFailure(`cannot read the events file ${events}: ${e.message}`);
      }) : null;
      try {
        const columns = decodeTrackingParquet(bytes);
        progress(40, 'checking events');
        const parsed = eventsJson === null ? null : JSON.parse(eventsJson) as unknown;
        if (parsed !== null && !Array.isArray(parsed)) throw new Error('the events file must hold a JSON array of events');
        return { result: importOwnTracking(columns, parsed), source: 'import:parquet' };
      } catch (e) {
        throw new EngineFailure(`${basename(tracking)}: ${(e as Error).message}`);
      }
    }
    default:
      throw new EngineFailure(`import format '${source.format}' is not supported`);
  }
}

/** Exemplar crops of a video run (JPEG): each squad's, team_0 first, and each identified player's. */
interface RunCrops {
  teams: [Buffer[], Buffer[]];
  individuals: Map<string, Buffer[]>;
}

/** The video engine (engine/video): frames to tracking rows and scene events. */
async function runVideo(v: VideoSource, progress: ProgressFn): Promise<{ result: ImportResult; source: AnalysisFacts['source']; crops?: RunCrops }> {
  const r = await analyseVideo({
    path: v.path, width: v.width, height: v.height, sourceWidth: v.sourceWidth ?? v.width, sourceHeight: v.sourceHeight ?? v.height,
    startSeconds: v.startOffsetSeconds, endSeconds: v.endOffsetSeconds,
  }, (share, stage, frames) => progress(Math.round(2 + share * 65), stage, frames), { executionProvider: v.executionProvider });
  if (r.calibratedFrames === 0) {
    throw new EngineFailure(r.analysableFrames === 0
      ? 'no match footage found: no frame of the video shows a game camera view of the pitch'
      : 'the pitch could not be calibrated in any frame: the camera view shows too few pitch lines', 'no_match_detected');
  }
  return {
    source: 'video',
    crops: { teams: r.exemplars, individuals: r.playerCrops },
    result: {
      columns: r.columns,
      events: r.events,
      facts: {
        duration_ms: r.durationMs, frame_ms: 40, image: { width: v.sourceWidth ?? v.width, height: v.sourceHeight ?? v.height },
        team_roles: { team_0: null, team_1: null }, players: r.players, quality: null,
        kit_keys: r.teamKits && v.previewKits ? kitKeysOf(r.teamKits, v.previewKits) : { team_0: null, team_1: null },
        team_kits: r.teamKits ? { team_0: r.teamKits[0], team_1: r.teamKits[1] } : null,
        rows: r.rowCounts,
        coverage: playerCoverage(r.columns, 40),
        timings_ms: Object.fromEntries(Object.entries(r.timingsMs).map(([k, ms]) => [k, Math.round(ms)])),
        runtime: r.runtime,
      },
    },
  };
}

/** Decoding for crops stops at this height: a 4K source would cost 8x the memory per frame for no better crop. */
const CROP_DECODE_MAX_HEIGHT = 1080;

/**
 * Exemplar crops of an import attached to a video: the rows' foot pixels and the video's frames
 * (engine/video/import-crop-plan.ts). Undefined when the rows carry no pixels.
 */
async function importCrops(video: NonNullable<ImportSource['video']>, columns: ImportResult['columns']): Promise<RunCrops | undefined> {
  const plan = planImportCrops(columns, video);
  if (!plan.frames.length) return undefined;
  const k = Math.min(1, CROP_DECODE_MAX_HEIGHT / video.height);
  const w = Math.round((video.width * k) / 2) * 2;
  const h = Math.round((video.height * k) / 2) * 2;
  const jpegs = new Map<PlannedCrop, Buffer>();
  const wanted = [...plan.individuals.values(), ...plan.teams].flat();
  for (const t of plan.frames) {
    const rgb = await frameAt(video.path, w, h, t / 1000);
    if (!rgb) continue;
    for (const crop of wanted) {
      if (crop.tMs !== t || jpegs.has(crop)) continue;
      jpegs.set(crop, await cropJpeg(rgb, w, h, crop.box.map((v) => v * k) as [number, number, number, number]));
    }
  }
  const cut = (crops: PlannedCrop[]) => crops.flatMap((crop) => jpegs.get(crop) ?? []);
  return {
    teams: [cut(plan.teams[0]), cut(plan.teams[1])],
    individuals: new Map([...plan.individuals].map(([player, crops]) => [player, cut(crops)] as const).filter(([, crops]) => crops.length > 0)),
  };
}

/**
 * Runs one analysis into `spec.outDir`: results are written to `<outDir>.partial` and renamed at the
 * end, so a crash never leaves a half-written result folder that looks complete.
 */
export async function runEngine(spec: EngineRunSpec, progress: ProgressFn): Promise<AnalysisFacts> {
  const run: { result: ImportResult; source: AnalysisFacts['source']; crops?: RunCrops } = spec.source.kind === 'video' ? await runVideo(spec.source, progress) : await runImport(spec, progress);
  if (spec.source.kind === 'import' && spec.source.video) {
    progress(60, 'cutting exemplar crops from the video');
    run.crops = await importCrops(spec.source.video, run.result.columns);
  }
  const { result, source } = run;
  const partial = `${spec.outDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  progress(70, 'writing tracking');
  const facts: AnalysisFacts = { engine_version: ENGINE_VERSION, data_version: DATA_VERSION, source, ...result.facts };
  // Every run is scored (spec 2.10 quality; the analysis resource carries it too).
  facts.quality ??= computeQuality(result.columns, result.events, facts.duration_ms, facts.frame_ms);
  await writeTrackingFile(join(partial, RESULT_FILES.tracking), result.columns);
  progress(80, 'writing the Parquet download');
  const started = performance.now();
  const parquet = encodeTrackingParquet(result.columns, { statusColumns: true, extensionColumns: true });
  facts.timings_ms = { ...facts.timings_ms, parquet_encode: Math.round(performance.now() - started) };
  await mkdir(join(partial, 'cache'), { recursive: true });
  await writeFile(join(partial, RESULT_FILES.parquet), parquet);
  if (run.crops) {
    await mkdir(join(partial, RESULT_FILES.crops, 'individuals'), { recursive: true });
    const { teams, individuals } = run.crops;
    for (const [team, crops] of teams.entries()) {
      for (const [i, jpeg] of crops.entries()) await writeFile(join(partial, exemplarCropFile('teams', `team_${team}`, i)), jpeg);
    }
    for (const [player, crops] of individuals) {
      for (const [i, jpeg] of crops.entries()) await writeFile(join(partial, exemplarCropFile('individuals', player, i)), jpeg);
    }
    facts.crops = {
      individuals: Object.fromEntries([...individuals].map(([player, crops]) => [player, crops.length])),
      teams: { team_0: teams[0].length, team_1: teams[1].length },
    };
  }
  progress(90, 'writing events');
  await writeFile(join(partial, RESULT_FILES.events), JSON.stringify(result.events));
  await writeFile(join(partial, RESULT_FILES.facts), `${JSON.stringify(facts, null, 1)}\n`);
  await rm(spec.outDir, { recursive: true, force: true });
  await rename(partial, spec.outDir);
  progress(100, 'done');
  return facts;
}
