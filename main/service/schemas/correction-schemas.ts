import { Type, type TSchema } from '@sinclair/typebox';
import { EVENT_TYPES, PLAYER_ID_PATTERN, TRACK_ROLES } from '../../../engine/api.js';
import { Nullable, StringEnum } from './common.js';

const TrackId = Type.Integer({ minimum: 0, description: "A track's `track_id` (GET /analyses/{id}/tracks, the tracking download)" });
const PlayerId = Type.String({ pattern: PLAYER_ID_PATTERN.source, description: '`<team>-<jersey>`, e.g. `0-10`, `1-GK`' });
const Team = Nullable(StringEnum(['team_0', 'team_1']));
const EventId = Type.String({ minLength: 1, maxLength: 100 });

const eventFields = {
  type: StringEnum(EVENT_TYPES),
  start_ms: Type.Integer({ minimum: 0, description: 'ms from match start' }),
  end_ms: Type.Integer({ minimum: 0, description: 'ms from match start, exclusive; a one-frame event lasts 40 ms' }),
  team: Team,
  player_id: Nullable(PlayerId),
  properties: Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]), {
    maxProperties: 32, description: "Per the schema endpoint's event_types[type].properties",
  }),
};

const op = <const T extends string>(name: T, description: string, fields: Record<string, TSchema>) =>
  Type.Object({ op: StringEnum([name] as const), ...fields }, { additionalProperties: false, title: name, description });

/** One schema per correction (docs/api.md "Corrections"), keyed by `op`. */
export const CORRECTION_SCHEMAS = {
  name_track: op('name_track', 'Names a track (null clears the name); the id must be of the track\'s squad', { track_id: TrackId, player_id: Nullable(PlayerId) }),
  set_track_squad: op('set_track_squad', 'Puts a track in a squad (null: none); a name of the other squad is cleared', { track_id: TrackId, team: Team }),
  set_track_role: op('set_track_role', '`not_person` removes the track\'s rows; `referee` clears its squad and name', { track_id: TrackId, role: StringEnum(TRACK_ROLES) }),
  split_track: op('split_track', 'The track\'s rows from at_ms on become a new track (the answer\'s created_track_id)', { track_id: TrackId, at_ms: Type.Integer({ minimum: 0 }) }),
  merge_tracks: op('merge_tracks', 'track_id\'s rows join into_track_id; refused when both are seen at one moment', { track_id: TrackId, into_track_id: TrackId }),
  swap_squads: op('swap_squads', 'team_0 and team_1 trade labels everywhere', {}),
  add_event: op('add_event', 'A new event, id `analyst-<seq>`', { event: Type.Object(eventFields, { additionalProperties: false }) }),
  delete_event: op('delete_event', 'Removes an event', { event_id: EventId }),
  edit_event: op('edit_event', 'Changes some fields of an event; its event_id stays', {
    event_id: EventId,
    changes: Type.Partial(Type.Object(eventFields, { additionalProperties: false }), { minProperties: 1 }),
  }),
} as const;

export const CORRECTION_OPS = Object.keys(CORRECTION_SCHEMAS) as (keyof typeof CORRECTION_SCHEMAS)[];

/** The body as the route validates it; `correction` is checked against its op's schema after (correction-body.ts). */
export const CorrectionBody = Type.Object({
  base_version: Type.Integer({ minimum: 0, description: "The log's version the correction was made on (GET .../corrections `version`); another answers 409" }),
  correction: Type.Object({ op: StringEnum(CORRECTION_OPS) }, { additionalProperties: true, description: 'A correction: `op` and its fields' }),
}, { additionalProperties: false });

export const UndoBody = Type.Object({
  base_version: Type.Integer({ minimum: 0, description: "The log's version the client saw" }),
}, { additionalProperties: false });

const LogEntrySchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  action: Type.Object({ kind: StringEnum(['correction', 'undo', 'redo']), correction: Type.Optional(Type.Unknown()) }),
  created_at: Type.String({ format: 'date-time' }),
  key_id: Nullable(Type.String({ description: "The API token's key id that made it" })),
});

const LogState = {
  version: Type.Integer({ minimum: 0, description: "The log's version: its last entry's seq (0 when empty); caches of results are keyed by it" }),
  undo: Nullable(Type.Integer({ description: 'seq of the correction an undo would take back' })),
  redo: Nullable(Type.Integer({ description: 'seq of the correction a redo would bring back' })),
};

export const CorrectionLogSchema = Type.Object({
  ...LogState,
  in_force: Type.Array(Type.Integer(), { description: 'seq of each correction in force, in the order applied' }),
  entries: Type.Array(LogEntrySchema),
});

export const CorrectionAnswer = Type.Object({
  ...LogState,
  entry: LogEntrySchema,
  created_track_id: Type.Optional(Type.Integer({ description: 'A split: the new track\'s id' })),
});

export const TrackSummarySchema = Type.Object({
  track_id: Type.Integer(),
  team: Team,
  role: StringEnum(['player', 'goal_keeper', 'referee']),
  player_id: Nullable(Type.String()),
  first_ms: Type.Integer(),
  last_ms: Type.Integer(),
  detected_rows: Type.Integer(),
  seconds_on_screen: Type.Number(),
  sample: Nullable(Type.Object({ t_ms: Type.Integer(), x: Type.Integer(), y: Type.Integer() }, { description: 'Source pixels of the box\'s bottom centre at t_ms' })),
  suggested_player_id: Nullable(Type.String({ description: 'For an unnamed track: the id of the named tracks stitching joins it to (the same player across a cut or an occlusion)' })),
});

