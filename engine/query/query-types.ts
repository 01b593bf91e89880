import type { BallAction, EventType, MATCH_PERIODS, ResultEvent, SCENE_TYPES, TeamLabel } from '../results/result-events.js';
import type { TrackingColumns } from '../results/tracking-columns.js';

/**
 * Types of `POST /analyses/{id}/query-intervals` (spec 4.3, rules QRY-01..QRY-12): the request body as the
 * HTTP layer hands it over (shape-checked, defaults maybe not applied), the context the engine needs, and
 * the result. Filter parameters are published from FILTER_CATALOGUE (filter-catalogue.ts).
 */

export const FILTER_TYPES = [
  'event_property', 'frame_state', 'ball_location', 'player_ball_proximity', 'team_possession',
  'player_possession', 'match_timeline', 'scene', 'ball_action',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
export type MatchPeriod = (typeof MATCH_PERIODS)[number];
export type SceneType = (typeof SCENE_TYPES)[number];

export const CONDITION_OPS = ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export type ConditionScalar = string | number | boolean | null;

/** Every filter may carry `name`: when given it replaces the label of that filter's intervals. */
interface FilterBase {
  name?: string | null;
}
export interface TeamPossessionFilter extends FilterBase {
  type: 'team_possession';
  teams?: TeamLabel[] | null;
}
export interface PlayerPossessionFilter extends FilterBase {
  type: 'player_possession';
  players: string[];
}
export interface BallLocationFilter extends FilterBase {
  type: 'ball_location';
  x_min?: number | null;
  x_max?: number | null;
  y_min?: number | null;
  y_max?: number | null;
  team_side_perspective?: TeamLabel | null;
}
export interface PlayerBallProximityFilter extends FilterBase {
  type: 'player_ball_proximity';
  players?: string[] | null;
  teams?: TeamLabel[] | null;
  max_distance_m?: number | null;
}
export interface MatchTimelineFilter extends FilterBase {
  type: 'match_timeline';
  periods?: MatchPeriod[] | null;
}
export interface SceneFilter extends FilterBase {
  type: 'scene';
  is_analysable?: boolean | null;
  scene_types?: SceneType[] | null;
}
export interface BallActionFilter extends FilterBase {
  type: 'ball_action';
  actions?: BallAction[] | null;
  teams?: TeamLabel[] | null;
  players?: string[] | null;
}
export interface PropertyCondition {
  property: string;
  op: ConditionOp;
  /** A scalar, or for `in` a non-empty array of scalars. */
  value: ConditionScalar | ConditionScalar[];
}
export interface EventPropertyFilter extends FilterBase {
  type: 'event_property';
  event_type: EventType;
  conditions?: PropertyCondition[] | null;
  teams?: TeamLabel[] | null;
  players?: string[] | null;
}
export interface FrameStateFilter extends FilterBase {
  type: 'frame_state';
  players?: string[] | null;
  teams?: TeamLabel[] | null;
  speed_min_mps?: number | null;
  speed_max_mps?: number | null;
  min_duration_sec?: number | null;
}
export type QueryFilter =
  | TeamPossessionFilter | PlayerPossessionFilter | BallLocationFilter | PlayerBallProximityFilter
  | MatchTimelineFilter | SceneFilter | BallActionFilter | EventPropertyFilter | FrameStateFilter;

export interface ExistingFilter {
  /** Seconds from match start. */
  start: number;
  end: number;
  name: string;
}

export type CoordinateFrame = 'camera' | 'attacking';

/** The request body (QRY-01); omitted or null members take QUERY_DEFAULTS. */
export interface IntervalQuery {
  operator?: 'AND' | 'OR' | null;
  pad_sec?: number | null;
  merge_results?: boolean | null;
  include_pixel_coords?: boolean | null;
  gap_fill_sec?: number | null;
  preserve_labels?: string | null;
  filters?: QueryFilter[] | null;
  existing_filters?: ExistingFilter[] | null;
  coordinate_frame?: CoordinateFrame | null;
}

export const QUERY_DEFAULTS = {
  operator: 'AND',
  pad_sec: 5,
  merge_results: true,
  include_pixel_coords: false,
  gap_fill_sec: 5,
  preserve_labels: null,
  filters: [],
  existing_filters: [],
  coordinate_frame: 'camera',
} as const;

/** A query with every default applied and every member checked (query-validate.ts). */
export interface ResolvedQuery {
  operator: 'AND' | 'OR';
  pad_sec: number;
  merge_results: boolean;
  include_pixel_coords: boolean;
  gap_fill_sec: number;
  preserve_labels: FilterType | null;
  filters: QueryFilter[];
  existing_filters: ExistingFilter[];
  coordinate_frame: CoordinateFrame;
}

/**
 * What one analysis offers to queries. Build it once per analysis and reuse it: the indexes the filters
 * need (ball rows, rows per player, events per type, attacking directions) are cached against the
 * `tracking` and `events` objects themselves (query-index.ts), so only the first query pays for them.
 */
export interface QueryContext {
  /** Times in ms. */
  events: ResultEvent[];
  /** Rows time-ordered; x/y in cm; bbox in px (NULL_I16 = null). */
  tracking: TrackingColumns;
  /** Per tracking row smoothed speed, NaN where none (non-players, projected rows). */
  speedMps: Float32Array;
  /** Video length: padding clamps to [0, durationMs]. */
  durationMs: number;
  frameMs: number;
  /** Event data version: 4 now, 1-2 legacy. */
  dataVersion: number;
  /** Dotted engine version, e.g. `0.6.0`. */
  engineVersion: string;
  /** Display names, resolved at read time by the service (GEN-08). */
  teamNames: { team_0: string; team_1: string };
}

/** One 4 FPS sample of an actor (QRY-11): pixel of the box's bottom centre plus its pitch position. */
export interface PixelSample {
  /** Seconds from match start, on the 0.25 s grid. */
  t: number;
  x: number;
  y: number;
  /** Pitch metres, in the query's coordinate frame (QRY-12). */
  x_m: number;
  y_m: number;
}

/** One result interval (QRY-04). */
export interface QueryInterval {
  /** Seconds from match start, 3 decimals. */
  start: number;
  end: number;
  label: string;
  /** The filter type, or `combined` for AND results without preserve_labels (QRY-06). */
  type: FilterType | 'combined';
  player_id?: string | null;
  team_id?: TeamLabel | null;
  team_name?: string | null;
  pixel_coords?: PixelSample[];
}

/** A request the engine cannot answer as asked (a client error): the message names the offending field. */
export class QueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryError';
  }
}

