/**
 * Event records as stored with an analysis and served by `GET /analyses/{id}/events` (docs/api.md).
 * Times are ms from match start; spans are half-open [start_ms, end_ms) and a one-frame event has
 * end_ms = start_ms + 40. Coordinates inside `properties` are pitch metres in the camera frame
 * (x 0-105 left to right, y 0-68 bottom to top).
 */
export type TeamLabel = 'team_0' | 'team_1';

export interface ResultEvent {
  /** Stable within the analysis: `<type>-<n>`. */
  event_id: string;
  type: EventType;
  start_ms: number;
  end_ms: number;
  team: TeamLabel | null;
  player_id: string | null;
  properties: Record<string, string | number | boolean | null>;
  /** How sure the engine is that something happened here, 0-1. */
  confidence_detection: number;
  /** How sure the engine is of the type and attributes, 0-1. */
  confidence_event: number;
}

export const EVENT_TYPES = [
  'pass', 'shot', 'drive', 'tackle', 'block', 'team_possession', 'player_possession', 'scene', 'match_timeline',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const BODY_PARTS = ['foot', 'head', 'both_hands', 'other', 'unknown'] as const;
export const PASS_TYPES = ['ground', 'lofted', 'cross', 'through_ball', 'goal_kick', 'throw_in', 'unknown'] as const;
export const SET_PIECES = ['open_play', 'kick_off', 'free_kick', 'corner_kick', 'throw_in', 'goal_kick', 'penalty'] as const;
export const SHOT_OUTCOMES = ['goal', 'on_target', 'off_target', 'blocked', 'unknown'] as const;
export const SCENE_TYPES = ['live', 'closeup', 'replay', 'graphics', 'frozen', 'break', 'unknown'] as const;
export const MATCH_PERIODS = ['pre_match', 'first_half', 'half_time', 'second_half', 'extra_time_first_half', 'extra_time_second_half', 'post_match'] as const;

export interface PropertySpec {
  name: string;
  type: 'str' | 'int32' | 'float32' | 'bool';
  enum?: readonly string[];
  description: string;
}

const confidence: PropertySpec[] = [
  { name: 'confidence_detection', type: 'float32', description: 'How sure the engine is that the event happened, 0-1' },
  { name: 'confidence_event', type: 'float32', description: 'How sure the engine is of its type and attributes, 0-1' },
];
const at = (what: string): PropertySpec[] => [
  { name: 'x', type: 'float32', description: `${what} x, metres from the left goal line` },
  { name: 'y', type: 'float32', description: `${what} y, metres from the bottom touchline` },
];
const target: PropertySpec[] = [
  { name: 'x_target', type: 'float32', description: 'End x, metres' },
  { name: 'y_target', type: 'float32', description: 'End y, metres' },
  { name: 'length_m', type: 'float32', description: 'Straight-line length, metres' },
];

/** The event catalogue of data version 4: served by the schema endpoint and used to validate filters. */
export const EVENT_CATALOGUE: Record<EventType, { summary: string; properties: PropertySpec[] }> = {
  pass: {
    summary: 'A player plays the ball to a team-mate (or attempts to; the receiver is of the other team on a turnover)',
    properties: [
      ...at('Where the pass was played from:'), ...target,
      { name: 'receiver_player_id', type: 'str', description: 'Who received it, `<team>-<jersey>`; null when unknown' },
      { name: 'receiver_team', type: 'str', enum: ['team_0', 'team_1'], description: 'Team of the receiver; differs from the passer\'s on a turnover' },
      { name: 'pass_type', type: 'str', enum: PASS_TYPES, description: 'Trajectory and kind' },
      { name: 'set_piece', type: 'str', enum: SET_PIECES, description: 'Restart the pass was played from' },
      { name: 'body_part', type: 'str', enum: BODY_PARTS, description: '`unknown` when not measured' },
      { name: 'completed', type: 'bool', description: 'Received by a team-mate' },
      ...confidence,
    ],
  },
  shot: {
    summary: 'An attempt on goal',
    properties: [
      ...at('Where the shot was taken:'), ...target,
      { name: 'distance_to_goal_m', type: 'float32', description: 'Metres from where it was taken to the centre of the goal attacked' },
      { name: 'outcome', type: 'str', enum: SHOT_OUTCOMES, description: 'What became of it' },
      { name: 'body_part', type: 'str', enum: BODY_PARTS, description: '`unknown` when not measured' },
      ...confidence,
    ],
  },
  drive: {
    summary: 'A player carries the ball with their feet (a dribble)',
    properties: [...at('Start of the carry:'), ...target, ...confidence],
  },
  tackle: {
    summary: 'A defender takes the ball from, or contests it with, the player in possession',
    properties: [
      ...at('Where:'),
      { name: 'won', type: 'bool', description: 'The tackler\'s team came away with the ball' },
      { name: 'opponent_player_id', type: 'str', description: 'The player tackled, when known' },
      ...confidence,
    ],
  },
  block: {
    summary: 'A defender deflects a shot or pass with their body',
    properties: [...at('Where:'), ...confidence],
  },
  team_possession: {
    summary: 'A span during which one team controls the ball',
    properties: [...confidence],
  },
  player_possession: {
    summary: 'A span during which one player controls the ball (from first touch to release)',
    properties: [...at('Where the player gained the ball:'), ...confidence],
  },
  scene: {
    summary: 'A span of footage of one kind; analysable footage shows live play from the main camera',
    properties: [
      { name: 'scene_type', type: 'str', enum: SCENE_TYPES, description: 'What the footage shows' },
      { name: 'is_analysable', type: 'bool', description: 'Live play the engine can track' },
      ...confidence,
    ],
  },
  match_timeline: {
    summary: 'A period of the match',
    properties: [{ name: 'period', type: 'str', enum: MATCH_PERIODS, description: 'Which period' }, ...confidence],
  },
};

/** Ball actions counted in the summary and matched by the `ball_action` filter. */
export const BALL_ACTIONS = ['pass', 'drive', 'shot'] as const;
export type BallAction = (typeof BALL_ACTIONS)[number];
