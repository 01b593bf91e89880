import { Type, type Static } from '@sinclair/typebox';
import { ANALYSIS_STATUSES } from '../store/analyses-repo.js';
import { Nullable, StringEnum } from './common.js';

export const AnalysisCreateBody = Type.Object({
  fps: Type.Optional(Type.Integer({ minimum: 1, maximum: 120, description: 'Analysis frame rate; the engine works at 25 (the reference value); other values are accepted and recorded' })),
  review: Type.Optional(Type.Boolean({
    description: 'Touchline extension. true: a run whose quality grade is unreliable stops at needs_attention, its results readable and correctable, until POST /analyses/{id}/review; default false: it ends done as always',
  })),
}, { additionalProperties: false });

export const Quality = Type.Object({
  score: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
  grade: Nullable(StringEnum(['good', 'fair', 'degraded', 'unreliable'])),
  reasons: Type.Array(Type.Object({
    code: Type.String(),
    severity: Nullable(StringEnum(['minor', 'major'])),
    segments: Nullable(Type.Integer({ description: 'Stretches of at least a second where the problem held' })),
    impact: Nullable(Type.Integer({ description: 'Share of the footage it concerns, percent' })),
  })),
}, { description: 'How far the results can be trusted (as in the team report); null when never scored' });

export const Analysis = Type.Object({
  id: Type.Integer(),
  video_id: Type.Integer(),
  status: StringEnum(ANALYSIS_STATUSES),
  status_reason: Nullable(Type.String({ description: 'Why the analysis is in error, ignored, no_match_detected or needs_attention, or why it restarted' })),
  algorithm_version: Type.String({ description: 'Engine version that runs (or ran) the analysis' }),
  aggregate_version: Nullable(Type.String({ description: 'Processing version of the results; null until done' })),
  data_version: Nullable(Type.Integer({ description: 'Event data version of the results (4); null until done' })),
  parameters: Type.Object({ fps: Type.Integer(), review: Type.Boolean({ description: 'An unreliable run stops at needs_attention for review (POST /analyses/{id}/review)' }) }),
  engine_source: StringEnum(['video', 'import'], { description: '`import`: results imported from existing tracking data (POST /v1/imports)' }),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  results_available: Type.Boolean(),
  progress: Type.Number({ minimum: 0, maximum: 100 }),
  waiting_for: Type.Optional(Type.Array(StringEnum(['game_context']))),
  progress_detail: Type.Optional(Type.Object({
    stage: Type.String({ description: 'What the engine is doing now, in words (e.g. `analysing frames`, `writing tracking`)' }),
    frames_done: Nullable(Type.Integer({ description: 'Frames through the frame loop so far (video runs); null before the loop and for imports' })),
    frames_total: Nullable(Type.Integer({ description: 'Frames the loop will go through (at the analysis fps)' })),
  }, { description: 'Touchline extension, present only while `running`: for progress bars (frames per second and time left come from successive reads)' })),
  quality: Nullable(Quality),
  runtime: Nullable(Type.Object({
    execution_provider: Nullable(StringEnum(['cpu', 'cuda', 'dml', 'coreml'], { description: 'Where the learned models ran (onnxruntime execution provider)' })),
    models: Type.Array(Type.String(), { description: 'The learned models the run used (models/<name>)' }),
  }, { description: 'Touchline extension: what a video analysis ran on; null for imports and before the run ends' })),
  video: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    duration: Nullable(Type.Integer({ description: 'Seconds' })),
    home_team_name: Type.String(),
    away_team_name: Type.String(),
  }),
}, { $id: 'Analysis' });
export type Analysis = Static<typeof Analysis>;

export const ImportBody = Type.Object({
  format: StringEnum(['sim', 'metrica', 'parquet'], { description: 'sim: a `touchline sim` directory; metrica: Metrica tracking CSVs (+ events); parquet: our own tracking download (+ events JSON)' }),
  paths: Type.Object({
    dir: Type.Optional(Type.String({ minLength: 1, description: 'sim: the truth directory' })),
    home: Type.Optional(Type.String({ minLength: 1, description: 'metrica: home tracking CSV' })),
    away: Type.Optional(Type.String({ minLength: 1, description: 'metrica: away tracking CSV' })),
    tracking: Type.Optional(Type.String({ minLength: 1, description: 'parquet: tracking file' })),
    events: Type.Optional(Type.String({ minLength: 1, description: 'metrica: events CSV/JSON; parquet: events JSON as served by GET /analyses/{id}/events' })),
    metadata: Type.Optional(Type.String({ minLength: 1, description: 'metrica: the EPTS metadata XML that goes with a JSON events file (shirt numbers)' })),
  }, { additionalProperties: false, description: 'Absolute paths on this machine' }),
  view: Type.Optional(StringEnum(['all', 'broadcast'], { description: 'sim only: `broadcast` keeps what a following broadcast camera would have seen (detected rows with pixels on camera, projected rows off camera), as the video engine reports; default `all`' })),
  video_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Attach the results to this video; omitted: a tracking-only video is created' })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  home_team_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  away_team_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  left_start_team: Type.Optional(StringEnum(['home', 'away'], { description: 'Which team defends the left half at kickoff (asserted; overrides what the data says)' })),
}, { additionalProperties: false });
export type ImportBody = Static<typeof ImportBody>;
