import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';
import { EVENT_TYPES } from '../../../engine/api.js';

/** Error responses every result route can give: `{ detail }` (GEN-05). */
export function resultErrors(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const s of [401, 422, 429, ...statuses]) out[s] = { $ref: 'DetailError#' };
  return out;
}

const Team = Nullable(StringEnum(['team_0', 'team_1']));

export const EventRecord = Type.Object({
  event_id: Type.String({ description: 'Stable within the analysis: `<type>-<n>`' }),
  type: StringEnum(EVENT_TYPES),
  start_ms: Type.Integer({ description: 'Start, ms from match start' }),
  end_ms: Type.Integer({ description: 'End (exclusive), ms; a one-frame event lasts 40 ms' }),
  team: Team,
  player_id: Nullable(Type.String()),
  properties: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
    description: 'Per the schema endpoint\'s event_types[type].properties; coordinates in pitch metres',
  }),
  confidence_detection: Type.Number({ minimum: 0, maximum: 1 }),
  confidence_event: Type.Number({ minimum: 0, maximum: 1 }),
});

const TeamSide = Type.Object({
  role: Nullable(StringEnum(['home', 'away'])),
  starts_left: Type.Boolean(),
  name: Type.String(),
});

export const TeamMappingSchema = Type.Object({
  team_0: TeamSide,
  team_1: TeamSide,
  left_start_team: StringEnum(['home', 'away', 'unknown']),
  identity_source: Nullable(StringEnum(['confirmed_kit', 'asserted_side'])),
});

const PlayerIdentity = Type.Object({
  player_id: Type.String(),
  team: StringEnum(['team_0', 'team_1']),
  jersey: Nullable(Type.Integer()),
  label: Type.String({ description: 'Shirt label: the number, or a suffix such as GK' }),
  role: StringEnum(['player', 'goal_keeper']),
  name: Type.String({ description: 'Display name' }),
  name_source: StringEnum(['roster', 'import', 'default'], { description: 'roster: PUT /videos/{id}/roster; import: the imported data; default: team name and shirt' }),
});

export const MetaData = Type.Object({
  analysis_id: Type.Integer(),
  video_id: Type.Integer(),
  game_name: Type.String(),
  title: Type.String(),
  date: Nullable(Type.String()),
  duration_sec: Type.Number(),
  engine_version: Type.String(),
  data_version: Type.Integer(),
  source: Type.String(),
  teams: Type.Object({
    team_0: Type.Composite([TeamSide, Type.Object({ kit_key: Nullable(StringEnum(['team_a', 'team_b'])) })]),
    team_1: Type.Composite([TeamSide, Type.Object({ kit_key: Nullable(StringEnum(['team_a', 'team_b'])) })]),
  }),
  left_start_team: StringEnum(['home', 'away', 'unknown']),
  identity_source: Nullable(StringEnum(['confirmed_kit', 'asserted_side'])),
  confirmed_home_key: Nullable(StringEnum(['team_a', 'team_b'])),
  identities: Type.Record(Type.String(), Type.String(), { description: 'player_id -> display name' }),
  players: Type.Array(PlayerIdentity),
});

const Param = Type.Object({
  name: Type.String(), type: Type.String(), required: Type.Boolean(), description: Type.String(),
  enum: Type.Optional(Type.Array(Type.String())),
  default: Type.Optional(Type.Unknown()),
});

export const SchemaDocument = Type.Object({
  data_version: Type.Integer(),
  engine_version: Type.String(),
  event_types: Type.Record(Type.String(), Type.Object({
    summary: Type.String(),
    properties: Type.Array(Type.Object({
      name: Type.String(), type: Type.String(), enum: Type.Optional(Type.Array(Type.String())), description: Type.Optional(Type.String()),
    })),
  })),
  filters: Type.Array(Type.Object({ type: Type.String(), description: Type.String(), parameters: Type.Array(Param) })),
  frame_state: Type.Object({
    available: Type.Boolean(),
    columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), description: Type.String() })),
  }),
});
