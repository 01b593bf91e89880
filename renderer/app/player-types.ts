/** The player report (spec 2.9) as the player view reads it. */

export interface Grid {
  bins: [number, number];
  extent: [[number, number], [number, number]];
  counts: number[][];
}

type Pt = { x: number; y: number };

export interface PlayerReport {
  player_id: string;
  team: 0 | 1;
  jersey: number | null;
  label: string;
  role: 'goalkeeper' | 'player';
  coordinate_frame: 'attacking' | 'attacking_first_half' | 'camera';
  coverage: { seconds_detected: number; reliable: boolean };
  card: { kit: { primary: string; primary_rgb: [number, number, number] | null } | null };
  physical: {
    distance_m: number;
    top_speed_kmh: number;
    speed_zones: { name: string; seconds: number; distance_m: number }[];
    distance_per_bucket: { start_min: number; end_min: number; distance_m: number }[];
    sprints: { t0_ms: number; start: Pt | null; end: Pt | null; peak_kmh: number }[];
  };
  position: {
    heatmap: Grid;
    heatmap_with_ball: Grid | null;
    avg_position: { period: number; position: Pt; n_frames: number }[];
    zone_hull: Pt[];
    third_timeline: { minute: number; third: 'defensive' | 'middle' | 'attacking' }[];
  };
  on_ball: {
    passes: { x: number | null; y: number | null; x_target: number | null; y_target: number | null; receiver_team: number | null }[];
    shots: { x: number | null; y: number | null }[];
    carries: { x: number | null; y: number | null; x_target: number | null; y_target: number | null }[];
    network: { player_id: string; n: number }[];
    touches: number;
    touch_grid: Grid;
  };
}
