import { BALL_ACTIONS, EVENT_TYPES, MATCH_PERIODS, SCENE_TYPES } from '../results/result-events.js';
import { compareVersions } from './version-compare.js';
import type { FilterType } from './query-types.js';

/**
 * The filter types of query-intervals with every parameter (QRY-02, QRY-03): published by the schema
 * endpoint (`filters`), the OpenAPI document and docs/api.md, so this list is the single source.
 */
export interface FilterParameter {
  name: string;
  type: 'number' | 'integer' | 'boolean' | 'string' | 'string[]' | 'condition[]';
  required: boolean;
  description: string;
  enum?: readonly string[];
  default?: string | number | boolean | readonly string[] | null;
}

export interface FilterDescription {
  type: FilterType;
  description: string;
  parameters: FilterParameter[];
  min_data_version?: number;
  min_engine_version?: string;
}

const TEAMS = ['team_0', 'team_1'] as const;

const name: FilterParameter = {
  name: 'name', type: 'string', required: false, default: null,
  description: 'Label for this filter\'s intervals, replacing the default label',
};
const teams = (what: string): FilterParameter => ({
  name: 'teams', type: 'string[]', required: false, enum: TEAMS, default: null,
  description: `Only ${what} of these teams (team_0 started on the left); omit for both`,
});
const players = (what: string): FilterParameter => ({
  name: 'players', type: 'string[]', required: false, default: null,
  description: `Only ${what} of these player ids (\`<team>-<jersey>\`); omit for any player`,
});
const bound = (axis: 'x' | 'y', side: 'min' | 'max'): FilterParameter => ({
  name: `${axis}_${side}`, type: 'number', required: false, default: null,
  description: `${side === 'min' ? 'Lower' : 'Upper'} ${axis} bound, metres (inclusive; ${axis === 'x' ? '0-105' : '0-68'}); omit for no bound`,
});

export const FILTER_CATALOGUE: readonly FilterDescription[] = [
  {
    type: 'event_property',
    description: 'Events of one type whose properties meet every condition (label: the event type)',
    min_data_version: 3,
    parameters: [
      { name: 'event_type', type: 'string', required: true, enum: EVENT_TYPES, description: 'Event type, as listed by the schema endpoint' },
      {
        name: 'conditions', type: 'condition[]', required: false, default: [],
        description: 'All must hold: `{ property, op, value }` with op eq, ne, in (value an array), gt, gte, lt, lte; '
          + 'property one of the event type\'s properties (confidence_detection and confidence_event included); '
          + 'strings and booleans allow eq, ne, in only',
      },
      teams('events'), players('events'), name,
    ],
  },
  {
    type: 'frame_state',
    description: 'Runs of frames in which a player\'s smoothed speed lies within bounds (label: the player id)',
    min_data_version: 3,
    parameters: [
      players('frames'), teams('players'),
      { name: 'speed_min_mps', type: 'number', required: false, default: null, description: 'Lower speed bound, m/s (inclusive); at least one bound is required' },
      { name: 'speed_max_mps', type: 'number', required: false, default: null, description: 'Upper speed bound, m/s (exclusive)' },
      { name: 'min_duration_sec', type: 'number', required: false, default: 0, description: 'Shortest run kept, seconds' },
      name,
    ],
  },
  {
    type: 'ball_location',
    description: 'Runs of frames with the detected ball inside a pitch rectangle (label: ball_location)',
    parameters: [
      bound('x', 'min'), bound('x', 'max'), bound('y', 'min'), bound('y', 'max'),
      {
        name: 'team_side_perspective', type: 'string', required: false, enum: TEAMS, default: null,
        description: 'Read the bounds with this team attacking towards x = 105 in every half; '
          + 'required when coordinate_frame is attacking; omit for camera coordinates',
      },
      name,
    ],
  },
  {
    type: 'player_ball_proximity',
    description: 'Runs of frames in which a detected player is within a distance of the detected ball (label: the player id)',
    parameters: [
      players('frames'), teams('players'),
      { name: 'max_distance_m', type: 'number', required: false, default: 2, description: 'Greatest pitch distance between player and ball, metres (> 0)' },
      name,
    ],
  },
  {
    type: 'team_possession',
    description: 'Spans in which a team controls the ball (label: team_0 or team_1)',
    parameters: [teams('spans'), name],
  },
  {
    type: 'player_possession',
    description: 'Spans in which one of the players has the ball (label: the player id)',
    parameters: [
      { name: 'players', type: 'string[]', required: true, description: 'Player ids (`<team>-<jersey>`), at least one' },
      name,
    ],
  },
  {
    type: 'match_timeline',
    description: 'Periods of the match (label: the period)',
    parameters: [
      { name: 'periods', type: 'string[]', required: false, enum: MATCH_PERIODS, default: null, description: 'Periods to match; omit for all' },
      name,
    ],
  },
  {
    type: 'scene',
    description: 'Footage spans of a kind, by default analysable live play (label: the scene type)',
    parameters: [
      { name: 'is_analysable', type: 'boolean', required: false, default: true, description: 'Analysable live play (true) or everything else (false)' },
      { name: 'scene_types', type: 'string[]', required: false, enum: SCENE_TYPES, default: null, description: 'Scene types to match; omit for all' },
      name,
    ],
  },
  {
    type: 'ball_action',
    description: 'Passes, drives (dribbles) and shots (label: the action; carries player_id, team_id, team_name)',
    min_engine_version: '0.5.10',
    parameters: [
      { name: 'actions', type: 'string[]', required: false, enum: BALL_ACTIONS, default: null, description: 'Actions to match; omit for all three' },
      teams('actions'), players('actions'), name,
    ],
  },
];

/** The filter types an analysis of this data and engine version can answer (schema endpoint, SCH-01/SCH-03). */
export function availableFilters(dataVersion: number, engineVersion: string): FilterDescription[] {
  return FILTER_CATALOGUE.filter((f) =>
    (f.min_data_version === undefined || dataVersion >= f.min_data_version)
    && (f.min_engine_version === undefined || compareVersions(engineVersion, f.min_engine_version) >= 0));
}
