import type { TeamLabel } from './result-events.js';
import type { KitColours } from '../vision/teams/preview-kits.js';

/**
 * What an engine run (or an import) knows about the match besides rows and events: written as
 * `analysis.json` next to the tracking file. Team labels: `team_0` is the squad that started the match
 * on the left half (the engine's reading), `team_1` the other.
 */
export interface AnalysisFacts {
  engine_version: string;
  /** Event data version (spec 9): 4 for this engine. */
  data_version: number;
  /** Where the results came from. */
  source: 'video' | 'import:sim' | 'import:metrica' | 'import:parquet';
  /** Length of the analysed timeline, ms (the video's length; an import's last frame + 40 ms). */
  duration_ms: number;
  frame_ms: number;
  /** Size of the analysed picture, when there was one (pixel columns refer to it). */
  image: { width: number; height: number } | null;
  /**
   * Fixture role of each engine label when the source said it (an import names its squads; the video
   * engine reads it from the confirmed kit). Null when unknown: team mapping composes roles at read time.
   */
  team_roles: Record<TeamLabel, 'home' | 'away' | null>;
  /** Which preview kit each label wore (`team_a`/`team_b`), when the engine matched kits; else null. */
  kit_keys: Record<TeamLabel, 'team_a' | 'team_b' | null>;
  /** Exemplar crops the run wrote (spec 2.5); absent for runs that write none (imports, older runs). */
  crops?: { individuals: Record<string, number>; teams: Record<TeamLabel, number> };
  /** Video runs: the kit each squad wore, as measured over the whole run (the preview's `final` stage shows them). */
  team_kits?: Record<TeamLabel, KitColours> | null;
  /** Every player id seen, with what the source knew of them. */
  players: AnalysisPlayer[];
  /**
   * Video runs: each identified player's coverage as the engine measured it at the end of the run (the
   * player report's `coverage` with source `coverage_artifact`); absent for imports and older runs.
   */
  coverage?: Record<string, PlayerCoverage>;
  /** Quality of the run (team report 2.10): null when never scored. */
  quality: AnalysisQuality | null;
  /** Counts of rows written, for humans and benchmarks. */
  rows: { detected: number; projected: number };
  /** How long steps of the run took, ms (benchmarks read them). */
  timings_ms?: Record<string, number>;
  /** Video runs: the learned models that ran and the onnxruntime execution provider they ran on. */
  runtime?: { execution_provider: string | null; models: string[] };
}

/** Spec 2.9 `coverage` of one player, measured by the engine (engine/reports/player-coverage.ts). */
export interface PlayerCoverage {
  seconds_detected: number;
  seconds_projected: number;
  /** Share of the detected rows that overlapped another person's box; null without detected rows. */
  overlap_share: number | null;
  first_ms: number | null;
  last_ms: number | null;
}

export interface AnalysisPlayer {
  player_id: string;
  team: TeamLabel;
  /** Numeric shirt number or null for suffixes such as GK. */
  jersey: number | null;
  role: 'player' | 'goal_keeper';
  /** A name the source carried (provider data); the video's roster overrides it. */
  name: string | null;
}

/** Spec 2.10 `quality` (the analysis resource carries the same object): engine/reports/quality.ts scores it. */
export interface AnalysisQuality {
  score: number | null;
  grade: 'good' | 'fair' | 'degraded' | 'unreliable' | null;
  reasons: QualityReason[];
}
export interface QualityReason {
  code: string;
  severity: 'minor' | 'major' | null;
  /** Stretches of at least a second where the problem held. */
  segments: number | null;
  /** Share of the footage it concerns, percent. */
  impact: number | null;
}

export const PLAYER_ID_PATTERN = /^([01])-([0-9]{1,3}|[A-Za-z][A-Za-z0-9]{0,7})$/;

/** `0-10` -> {team 0, jersey 10}; `1-GK` -> {team 1, jersey null, label GK}; null when not a player id. */
export function parsePlayerId(id: string): { team: 0 | 1; jersey: number | null; label: string } | null {
  const m = PLAYER_ID_PATTERN.exec(id);
  if (!m) return null;
  const label = m[2] as string;
  return { team: m[1] === '0' ? 0 : 1, jersey: /^[0-9]+$/.test(label) ? Number(label) : null, label };
}
