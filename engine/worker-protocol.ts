import type { KitColours, KitKey } from './vision/teams/preview-kits.js';
import type { AnalysisFacts } from './results/analysis-facts.js';

/**
 * Messages between the service and the engine process (a Node child process, or Electron's
 * utilityProcess in the app). One process runs one analysis: it gets a `run` message, reports
 * progress, and ends with `done` or `failed`. Results are files in `outDir`, never messages.
 */
/** Frames through the engine's frame loop so far, of how many: what a progress bar turns into frames per second. */
export interface FrameCount { done: number; total: number }

export type ImportFormat = 'sim' | 'metrica' | 'parquet';

export interface ImportSource {
  kind: 'import';
  format: ImportFormat;
  /**
   * sim: `dir` (a `touchline sim` output directory).
   * metrica: `home`, `away` (tracking CSVs) and optional `events` (events CSV or JSON).
   * parquet: `tracking` (our Parquet download) and optional `events` (our events JSON).
   */
  paths: Record<string, string>;
  /** sim only: `broadcast` imports what a following broadcast camera would have seen (default: everything). */
  view?: 'all' | 'broadcast';
  /**
   * The video the import is attached to, when it has a file (set by the service at run time, not
   * stored): exemplar crops are cut from it at the imported rows' pixel positions. Size in source pixels.
   */
  video?: { path: string; width: number; height: number };
}

export interface VideoSource {
  kind: 'video';
  path: string;
  fps: number;
  startOffsetSeconds: number | null;
  endOffsetSeconds: number | null;
  /** Analysis frame size. */
  width: number;
  height: number;
  /** The source file's own frame size (after rotation): pixel columns are reported in it. */
  sourceWidth?: number;
  sourceHeight?: number;
  /** The kit preview's two kits, when it found them: the run reports which one each squad wore (kit_keys). */
  previewKits?: Record<KitKey, KitColours> | null;
  /** Where ONNX models run (the app's processor setting); unset: TOUCHLINE_EXECUTION_PROVIDER, else the CPU. */
  executionProvider?: 'cpu' | 'cuda' | 'dml' | 'coreml';
}

export interface EngineRunSpec {
  analysisId: number;
  /** Results go here (written to `<outDir>.partial` first and renamed at the end). */
  outDir: string;
  source: ImportSource | VideoSource;
}

export type ParentMessage = { type: 'run'; spec: EngineRunSpec };

export type WorkerMessage =
  | { type: 'progress'; progress: number; stage: string; frames?: FrameCount }
  | { type: 'done'; facts: AnalysisFacts }
  /** `status`: the analysis status this failure means (error unless the engine knows better). */
  | { type: 'failed'; message: string; status: 'error' | 'no_match_detected' | 'needs_attention' };

/** Files an engine run writes into its results folder. */
export const RESULT_FILES = {
  tracking: 'tracking.tlc',
  events: 'events.json',
  facts: 'analysis.json',
  /**
   * The Parquet download, written by the run itself so the first download is served at once (v2: with
   * the extension columns team and track_id; a v1 file of an older run is left and v2 built on demand).
   */
  parquet: 'cache/tracking-v2.parquet',
  /** Exemplar crops (spec 2.5): `crops/team_0-3.jpg`, `crops/individuals/0-10-1.jpg`; counts in the facts. */
  crops: 'crops',
} as const;

/** The file of one exemplar crop inside a results folder. */
export function exemplarCropFile(kind: 'teams' | 'individuals', key: string, index: number): string {
  return kind === 'teams' ? `${RESULT_FILES.crops}/${key}-${index}.jpg` : `${RESULT_FILES.crops}/individuals/${key}-${index}.jpg`;
}
