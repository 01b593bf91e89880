/**
 * The engine's public surface: all that `main/` (the service, the CLI and the desktop shell) may use of
 * the engine; ESLint refuses any other `main/ -> engine/` import. Football is computed behind it, in
 * the engine process (one per analysis: `worker.ts`, messages in `worker-protocol.ts`) and the derive
 * worker thread (summaries, reports, queries, the kit preview: `derive/derive-protocol.ts`); what the
 * service itself takes from here is vocabulary, result shapes, file formats and video I/O.
 */

// Running an analysis: the engine process's messages and the results folder it writes.
export { RESULT_FILES, exemplarCropFile } from './worker-protocol.js';
export type { EngineRunSpec, FrameCount, ImportSource, VideoSource, WorkerMessage } from './worker-protocol.js';
export { ENGINE_VERSION } from './version.js';

// Deriving results off the service's event loop: the derive worker's messages.
export type { CorrectionCheck, DeriveEnvelope, DeriveReply, DeriveRequest, DeriveValue, LeftStartTeam } from './derive/derive-protocol.js';
export { LoadedResults } from './derive/loaded-results.js';
export type { PreviewPassResult } from './video/preview-pass.js';
export type { MatchSummary } from './metrics/summary.js';
export type { TeamReport } from './reports/team-report.js';
export { REPORT_SCHEMA_VERSION } from './reports/report-params.js';

// The analyst's corrections: their vocabulary and the log (applied to results in the derive worker).
export { TRACK_ROLES, type Correction, type CorrectionProblem, type EventFields, type LogAction, type LogEntry, type TrackRole } from './corrections/correction-types.js';
export { effectiveLog, squadsSwapped, type CorrectionsInForce, type EffectiveLog } from './corrections/correction-log.js';
export { swapPlayerId } from './corrections/track-edits.js';
export type { TrackSummary } from './corrections/track-list.js';

// Result shapes: facts, events, tracking columns, and the tracking window the app reads.
export { PLAYER_ID_PATTERN, parsePlayerId, type AnalysisFacts } from './results/analysis-facts.js';
export { EVENT_CATALOGUE, EVENT_TYPES, type ResultEvent, type TeamLabel } from './results/result-events.js';
export type { TrackingColumns } from './results/tracking-columns.js';
export { keepDetectedRows } from './results/detected-rows.js';
export { MAX_WINDOW_MS, trackingWindow } from './results/tracking-window.js';

// The interval query language's vocabulary (the HTTP schema and the filter catalogue endpoint).
export { CONDITION_OPS, FILTER_TYPES, type IntervalQuery } from './query/query-types.js';
export { FILTER_CATALOGUE, availableFilters, type FilterDescription, type FilterParameter } from './query/filter-catalogue.js';
export { describeValue } from './query/describe-value.js';
export { compareVersions } from './query/version-compare.js';

// Kits as the preview and the reports name them.
export type { KitColours, KitKey, Swatch } from './vision/teams/preview-kits.js';
export { hexColour, paletteHex } from './vision/teams/colour-names.js';

// Files and video: probing and checking sources, the tracking file store, the downloads' encoders.
export { ProbeError, probeVideo, type VideoProbe } from './io/probe.js';
export { checkDecodes } from './io/decode-check.js';
export { ffmpegPath } from './io/ffmpeg-binaries.js';
export { TrackingFileReader, readTrackingFile } from './io/tracking-store.js';
export { streamTrackingJson, type TrackingRowReader } from './io/tracking-json.js';
export type { ParquetJob } from './io/tracking-parquet-worker.js';
export { exportDataset } from './sim-io/export-dataset.js';

// The simulator (the CLI's `sim`, `demo` and `sim-dataset`): matches from real event data, their truth and video.
export { simulateMatch } from './sim/simulate.js';
export { demoMatch } from './sim/demo-match.js';
export { simTruth, writeSimTruth } from './io/sim-truth.js';
export { renderTruthVideo } from './sim-io/render-video.js';
export { parseMetricaEventsCsv } from './match-data/metrica-csv.js';
export { parseMetricaEventsJson } from './match-data/metrica-json.js';
export type { MatchSource } from './match-data/match-events.js';
export { CAMERA_KINDS, type CameraKind } from './match-data/camera-operator.js';
