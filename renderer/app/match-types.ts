/** The parts of the summary (spec 2.6) and team report (2.10) the match view shows. */

export interface SummaryPlayer {
  player_id: string;
  team_id: 'team_0' | 'team_1';
  jersey_number: number | null;
  name: string;
  stats: {
    total_distance_m: number;
    distance_by_speed_bucket: { walking_m: number; jogging_m: number; running_m: number; sprinting_m: number };
    avg_speed_kmh: number;
    max_speed_kmh: number;
    tracking_duration_sec: number;
    ball_actions: { passes: number; drives: number; shots: number };
  };
}

export interface Summary {
  metadata: { game_id: string; game_date: string; video_length_sec: number };
  teams: { team_0_name: string; team_1_name: string };
  possession: {
    summary: Record<'team_0' | 'team_1' | 'unknown', { seconds: number; pct: number }>;
    per_minute: { minute: number; team_0_pct: number; team_1_pct: number; unknown_pct: number }[];
  };
  players: SummaryPlayer[];
}

export interface TeamReport {
  coordinate_frame: 'attacking' | 'attacking_first_half' | 'camera';
  orientation_source: string | null;
  teams: {
    team: 0 | 1;
    name: string;
    kit: { primary: string; primary_rgb: [number, number, number] | null } | null;
    average_positions: { player_id: string; label: string; role: string; position: { x: number; y: number }; n_frames: number }[];
  }[];
  territory: { zone: string; seconds: number }[];
  quality: { score: number | null; grade: string | null; reasons: { code: string; severity: string | null; segments: number | null; impact: number | null }[] } | null;
}
