import { PLAYER_ID_PATTERN } from '../results/analysis-facts.js';
import {
  BALL_ACTIONS, EVENT_CATALOGUE, EVENT_TYPES, MATCH_PERIODS, SCENE_TYPES, type EventType,
} from '../results/result-events.js';
import { FILTER_CATALOGUE, type FilterParameter } from './filter-catalogue.js';
import { validateConditions } from './query-conditions.js';
import { describeValue } from './describe-value.js';
import {
  FILTER_TYPES, QUERY_DEFAULTS, QueryError, type FilterType, type IntervalQuery, type QueryContext,
  type QueryFilter, type ResolvedQuery,
} from './query-types.js';
import { compareVersions } from './version-compare.js';

/**
 * Semantic checks of a query body (the HTTP layer has checked its shape): defaults applied, every
 * problem reported as a QueryError naming the field, e.g. `filters[1].x_min must be <= x_max`.
 */
export function resolveQuery(query: IntervalQuery, ctx: QueryContext): ResolvedQuery {
  const operator = query.operator ?? QUERY_DEFAULTS.operator;
  if (operator !== 'AND' && operator !== 'OR') fail(`operator must be AND or OR, not '${String(operator)}'`);
  const pad = query.pad_sec ?? QUERY_DEFAULTS.pad_sec;
  const gap = query.gap_fill_sec ?? QUERY_DEFAULTS.gap_fill_sec;
  if (!Number.isInteger(pad) || pad < 0) fail('pad_sec must be an integer >= 0');
  if (!Number.isInteger(gap) || gap < 0) fail('gap_fill_sec must be an integer >= 0');
  const frame = query.coordinate_frame ?? QUERY_DEFAULTS.coordinate_frame;
  if (frame !== 'camera' && frame !== 'attacking') fail(`coordinate_frame must be camera or attacking, not '${String(frame)}'`);
  const filters = query.filters ?? [];
  filters.forEach((f, i) => checkFilter(f, `filters[${i}]`, ctx, frame));
  const existing = query.existing_filters ?? [];
  existing.forEach((w, i) => {
    if (!Number.isFinite(w.start) || w.start < 0) fail(`existing_filters[${i}].start must be a number >= 0`);
    if (!Number.isFinite(w.end) || w.end < w.start) fail(`existing_filters[${i}].end must be >= start`);
  });
  const preserve = query.preserve_labels ?? null;
  if (preserve !== null) {
    if (!isFilterType(preserve)) fail(`preserve_labels '${preserve}' is not a filter type; one of ${FILTER_TYPES.join(', ')}`);
    if (operator === 'AND' && !filters.some((f) => f.type === preserve)) {
      fail(`preserve_labels '${preserve}' names no filter of this query`);
    }
  }
  return {
    operator,
    pad_sec: pad,
    merge_results: query.merge_results ?? QUERY_DEFAULTS.merge_results,
    include_pixel_coords: query.include_pixel_coords ?? QUERY_DEFAULTS.include_pixel_coords,
    gap_fill_sec: gap,
    preserve_labels: preserve as FilterType | null,
    filters,
    existing_filters: existing,
    coordinate_frame: frame,
  };
}

function fail(message: string): never {
  throw new QueryError(message);
}

const isFilterType = (t: string): t is FilterType => (FILTER_TYPES as readonly string[]).includes(t);

function checkFilter(f: QueryFilter, at: string, ctx: QueryContext, frame: 'camera' | 'attacking'): void {
  const type = (f as { type: string }).type;
  if (!isFilterType(type)) fail(`${at}.type '${type}' is not a filter type; one of ${FILTER_TYPES.join(', ')}`);
  const entry = FILTER_CATALOGUE.find((d) => d.type === type);
  if (entry?.min_data_version !== undefined && ctx.dataVersion < entry.min_data_version) {
    fail(`${at}.type '${type}' needs data version ${entry.min_data_version} or later; this analysis has data version ${ctx.dataVersion}`);
  }
  if (entry?.min_engine_version !== undefined && compareVersions(ctx.engineVersion, entry.min_engine_version) < 0) {
    fail(`${at}.type '${type}' needs engine version ${entry.min_engine_version} or later; this analysis was made by engine ${ctx.engineVersion}`);
  }
  if (entry) checkParameterShapes(f as unknown as Record<string, unknown>, entry.parameters, at);
  if (f.name !== undefined && f.name !== null && f.name.trim() === '') fail(`${at}.name must not be blank`);
  switch (f.type) {
    case 'team_possession':
      teamList(f.teams, `${at}.teams`);
      break;
    case 'player_possession':
      if (f.players === undefined || f.players === null || f.players.length === 0) fail(`${at}.players must name at least one player`);
      playerList(f.players, `${at}.players`);
      break;
    case 'ball_location':
      range(f.x_min, f.x_max, 105, `${at}.x`);
      range(f.y_min, f.y_max, 68, `${at}.y`);
      if (f.team_side_perspective !== undefined && f.team_side_perspective !== null) team(f.team_side_perspective, `${at}.team_side_perspective`);
      else if (frame === 'attacking') {
        fail(`${at}.team_side_perspective is required when coordinate_frame is attacking (whose attacking direction?)`);
      }
      break;
    case 'player_ball_proximity':
      playerList(f.players, `${at}.players`);
      teamList(f.teams, `${at}.teams`);
      if (f.max_distance_m !== undefined && f.max_distance_m !== null && !(f.max_distance_m > 0 && Number.isFinite(f.max_distance_m))) {
        fail(`${at}.max_distance_m must be a number > 0`);
      }
      break;
    case 'match_timeline':
      enumList(f.periods, MATCH_PERIODS, `${at}.periods`);
      break;
    case 'scene':
      enumList(f.scene_types, SCENE_TYPES, `${at}.scene_types`);
      break;
    case 'ball_action':
      enumList(f.actions, BALL_ACTIONS, `${at}.actions`);
      teamList(f.teams, `${at}.teams`);
      playerList(f.players, `${at}.players`);
      break;
    case 'event_property':
      if (!(EVENT_TYPES as readonly string[]).includes(f.event_type)) {
        fail(`${at}.event_type '${String(f.event_type)}' is not an event type; one of ${EVENT_TYPES.join(', ')}`);
      }
      validateConditions(f.conditions ?? [], EVENT_CATALOGUE[f.event_type as EventType].properties, f.event_type, `${at}.conditions`);
      teamList(f.teams, `${at}.teams`);
      playerList(f.players, `${at}.players`);
      break;
    case 'frame_state':
      playerList(f.players, `${at}.players`);
      teamList(f.teams, `${at}.teams`);
      checkSpeeds(f.speed_min_mps, f.speed_max_mps, at);
      if (f.min_duration_sec !== undefined && f.min_duration_sec !== null && !(f.min_duration_sec >= 0 && Number.isFinite(f.min_duration_sec))) {
        fail(`${at}.min_duration_sec must be a number >= 0`);
      }
      break;
  }
}

const JSON_TYPE_NAMES: Record<FilterParameter['type'], string> = {
  number: 'a number', integer: 'an integer', boolean: 'true or false', string: 'a string',
  'string[]': 'an array of strings', 'condition[]': 'an array of conditions ({ property, op, value })',
};

function hasShape(value: unknown, type: FilterParameter['type']): boolean {
  switch (type) {
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return Number.isSafeInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'string': return typeof value === 'string';
    case 'string[]': return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'condition[]': return Array.isArray(value) && value.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c));
  }
}

/**
 * Every parameter against the catalogue that publishes it, before any rule reads it: unknown names are
 * refused (a misspelt `team` would otherwise widen the filter to both teams), and each value must have
 * its JSON type, null standing for "omitted" where the parameter is optional.
 */
function checkParameterShapes(f: Record<string, unknown>, parameters: readonly FilterParameter[], at: string): void {
  for (const key of Object.keys(f)) {
    if (key !== 'type' && !parameters.some((p) => p.name === key)) {
      fail(`unknown field '${key}' in ${at}; a ${String(f.type)} filter takes ${parameters.map((p) => p.name).join(', ')}`);
    }
  }
  for (const p of parameters) {
    const value = f[p.name];
    if (value === undefined || (value === null && !p.required)) continue;
    if (!hasShape(value, p.type)) fail(`${at}.${p.name} must be ${JSON_TYPE_NAMES[p.type]}, got ${describeValue(value)}`);
  }
}

function team(t: string, at: string): void {
  if (t !== 'team_0' && t !== 'team_1') fail(`${at} '${t}' must be team_0 or team_1`);
}

function nonEmpty(list: readonly unknown[], at: string, omit: string): void {
  if (list.length === 0) fail(`${at} must not be empty (omit it to match ${omit})`);
}

function teamList(list: readonly string[] | null | undefined, at: string): void {
  if (list === undefined || list === null) return;
  nonEmpty(list, at, 'both teams');
  list.forEach((t, i) => team(t, `${at}[${i}]`));
}

function playerList(list: readonly string[] | null | undefined, at: string): void {
  if (list === undefined || list === null) return;
  nonEmpty(list, at, 'any player');
  list.forEach((p, i) => {
    if (typeof p !== 'string' || !PLAYER_ID_PATTERN.test(p)) fail(`${at}[${i}] '${String(p)}' is not a player id (<team>-<jersey>, e.g. 0-10 or 1-GK)`);
  });
}

function enumList(list: readonly string[] | null | undefined, allowed: readonly string[], at: string): void {
  if (list === undefined || list === null) return;
  nonEmpty(list, at, 'all');
  list.forEach((v, i) => {
    if (!allowed.includes(v)) fail(`${at}[${i}] '${v}' is not one of ${allowed.join(', ')}`);
  });
}

/** x or y bounds in metres: each within the pitch, min <= max (`filters[1].x_min must be <= x_max`). */
function range(min: number | null | undefined, max: number | null | undefined, limit: number, at: string): void {
  for (const [v, side] of [[min, 'min'], [max, 'max']] as const) {
    if (v !== undefined && v !== null && !(Number.isFinite(v) && v >= 0 && v <= limit)) fail(`${at}_${side} must be between 0 and ${limit} (metres)`);
  }
  if (min !== undefined && min !== null && max !== undefined && max !== null && min > max) {
    const axis = at.slice(at.lastIndexOf('.') + 1);
    fail(`${at}_min must be <= ${axis}_max`);
  }
}

function checkSpeeds(min: number | null | undefined, max: number | null | undefined, at: string): void {
  const hasMin = min !== undefined && min !== null;
  const hasMax = max !== undefined && max !== null;
  if (!hasMin && !hasMax) fail(`${at} needs speed_min_mps or speed_max_mps`);
  if (hasMin && !(Number.isFinite(min) && min >= 0)) fail(`${at}.speed_min_mps must be a number >= 0`);
  if (hasMax && !(Number.isFinite(max) && max > 0)) fail(`${at}.speed_max_mps must be a number > 0`);
  if (hasMin && hasMax && min >= max) fail(`${at}.speed_min_mps must be < speed_max_mps (the maximum is exclusive)`);
}
