import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';

const Names = Type.Record(Type.String(), Type.String({ maxLength: 100 }), { description: 'Shirt (`10`, `GK`) -> display name, up to 100 characters' });

export const RosterBody = Type.Object({
  home: Type.Optional(Names),
  away: Type.Optional(Names),
}, { additionalProperties: false });

export const VideoMeta = Type.Object({
  video_id: Type.Integer(),
  game_name: Type.String(),
  title: Type.String(),
  date: Nullable(Type.String()),
  home_team_name: Type.String(),
  away_team_name: Type.String(),
  left_start_team: StringEnum(['home', 'away', 'unknown']),
  team_zero: Nullable(StringEnum(['home', 'away'])),
  confirmed_home_key: Nullable(StringEnum(['team_a', 'team_b'])),
  identity_source: Nullable(StringEnum(['confirmed_kit', 'asserted_side'])),
  roster: Type.Object({ home: Type.Record(Type.String(), Type.String()), away: Type.Record(Type.String(), Type.String()) }),
  latest_analysis_id: Nullable(Type.Integer({ description: 'The newest done analysis, whose players `identities` names' })),
  identities: Type.Record(Type.String(), Type.String(), { description: 'player_id -> display name (empty before an analysis is done)' }),
});
