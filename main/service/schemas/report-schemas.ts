import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from './common.js';
import { Quality } from './analysis-schemas.js';

const Point = Type.Object({ x: Type.Number(), y: Type.Number() });
const Rgb = Nullable(Type.Array(Type.Integer({ minimum: 0, maximum: 255 }), { minItems: 3, maxItems: 3 }));

export const ReportKitSchema = Nullable(Type.Object({
  primary: Type.String({ description: 'Colour name (the palette of the preview teams)' }),
  primary_rgb: Rgb,
  secondary: Nullable(Type.String()),
  secondary_rgb: Rgb,
  pattern: Nullable(Type.String({ description: '`solid`, `stripes`, `hoops`, `halves`; null when not measured' })),
}));

export const ReportParamsSchema = Type.Object({
  sample_interval_ms: Type.Integer(),
  sprint_min_kmh: Type.Number(),
  sprint_min_s: Type.Number(),
  top_speed_percentile: Type.Number(),
  reliable_seconds_floor: Type.Number(),
  hull_central_fraction: Type.Number(),
  max_sample_gap_ms: Type.Integer(),
  sequence_gap_ms: Type.Integer(),
  sequence_shot_slack_ms: Type.Integer(),
  pitch: Type.Object({ length_m: Type.Number(), width_m: Type.Number() }),
});

export const CoordinateFrame = StringEnum(['attacking', 'attacking_first_half', 'camera']);
export const OrientationSource = Nullable(StringEnum(['hub', 'game_meta', 'tracking']));

/** Spec 2.10 (TMR-01 to TMR-07). */
export const TeamReportSchema = Type.Object({
  schema_version: Type.Integer(),
  engine_version: Type.String(),
  coordinate_frame: CoordinateFrame,
  orientation_source: OrientationSource,
  params: ReportParamsSchema,
  teams: Type.Array(Type.Object({
    team: Type.Integer({ minimum: 0, maximum: 1 }),
    name: Type.String(),
    kit: ReportKitSchema,
    average_positions: Type.Array(Type.Object({
      player_id: Type.String(), jersey: Nullable(Type.Integer()), label: Type.String(), role: StringEnum(['goalkeeper', 'player']),
      position: Point, n_frames: Type.Integer(),
    })),
  }), { minItems: 2, maxItems: 2 }),
  possession: Type.Array(Type.Object({ team: Nullable(Type.Integer()), seconds: Type.Number(), pct: Type.Number() }), { minItems: 3, maxItems: 3 }),
  territory: Type.Array(Type.Object({ zone: Type.String(), seconds: Type.Number() })),
  quality: Nullable(Quality),
});

const Section = (description: string) => Type.Unknown({ description });

/** Spec 2.9 (PLR-01 to PLR-27); the sections' members are listed in docs/api.md and the spec. */
export const PlayerReportSchema = Type.Object({
  schema_version: Type.Integer(),
  engine_version: Type.String(),
  player_id: Type.String(),
  team: Type.Integer({ minimum: 0, maximum: 1 }),
  jersey: Nullable(Type.Integer()),
  label: Type.String(),
  role: StringEnum(['goalkeeper', 'player']),
  coordinate_frame: CoordinateFrame,
  orientation_source: OrientationSource,
  params: ReportParamsSchema,
  coverage: Type.Object({
    seconds_detected: Type.Number(), seconds_projected: Type.Number(), overlap_share: Nullable(Type.Number()),
    first_ms: Nullable(Type.Integer()), last_ms: Nullable(Type.Integer()), reliable: Type.Boolean(),
    source: StringEnum(['coverage_artifact', 'tracking_fallback']),
  }),
  card: Type.Object({ hero_crop_index: Nullable(Type.Integer()), kit: ReportKitSchema }),
  physical: Section('source, distance_m, top_speed_kmh, speed_zones[5], distance_per_bucket, sprints'),
  position: Section('heatmap, heatmap_with_ball, avg_position, zone_hull, third_timeline, ball_relative_heatmap'),
  on_ball: Section('passes, shots, carries, tackles, blocks, network, touches, touch_grid, involvement, best_sequence'),
  interactions: Section('pressure_received, pressure_applied, direct_opponent, link_up'),
});
