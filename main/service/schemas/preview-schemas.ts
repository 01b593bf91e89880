import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';

const Swatch = Type.Object({
  primary: Type.String(), secondary: Type.String(), shorts: Type.String({ description: '`unknown` when not seen' }),
  socks: Type.String({ description: '`unknown` when not seen' }), pattern: Type.String({ description: '`plain`, `stripes`, `hoops`, `halves` or `unknown`' }),
  description: Type.String(),
}, { description: 'Colour names from the one palette the reports use (docs/api.md)' });

/** The widget draws kits: each named part's `#rrggbb` as measured (null where the part was not seen). */
const SwatchColours = Type.Object({
  primary: Type.String(), secondary: Type.String(), shorts: Nullable(Type.String()), socks: Nullable(Type.String()),
});

const Team = Type.Object({
  key: StringEnum(['team_a', 'team_b']),
  swatch: Swatch,
  crops: Type.Array(Type.String(), { description: 'Image URLs of players in this kit; they expire (PRV-05)' }),
  colours: Type.Optional(SwatchColours),
});

/**
 * One object whose members depend on `status` (a union does not serialise reliably): `processing` alone;
 * `ready` with the spec's members; `unavailable` (an extension) with `reason`, `ready_at` and the names.
 * `teams[].colours` appears on the widget's copy only.
 */
export const PreviewTeams = Type.Object({
  status: StringEnum(['processing', 'ready', 'unavailable']),
  stage: Type.Optional(StringEnum(['preview', 'final'])),
  crops_status: Type.Optional(StringEnum(['pending', 'ready', 'unavailable'])),
  ready_at: Type.Optional(Type.String({ format: 'date-time' })),
  reason: Type.Optional(Type.String({ description: 'unavailable only: why no kits will come (no match footage, an unreadable video)' })),
  home_name: Type.Optional(Nullable(Type.String())),
  away_name: Type.Optional(Nullable(Type.String())),
  confirmed_home_key: Type.Optional(Nullable(StringEnum(['team_a', 'team_b']))),
  teams: Type.Optional(Type.Array(Team, { minItems: 2, maxItems: 2 })),
});
