import type { ResultEvent } from '../results/result-events.js';
import type { TrackingColumns } from '../results/tracking-columns.js';
import { analysableSpans, computeMatchStats, type MatchStats } from './match-stats.js';
import { computePlayerStats, type PlayerSummary } from './player-stats.js';
import { computePossession, countedSpans, type PossessionSummary } from './possession-summary.js';
import { round2 } from './round.js';

/**
 * The match summary (spec 2.6, `GET /analyses/{id}/summary`, SUM-01..SUM-10): a pure function of the stored
 * results, so equal input gives deep-equal output (SUM-10) and the service may cache it. Every number is
 * rounded to 2 decimals (SUM-01); parts of a whole are rounded so that they still add up (round.ts).
 */
export interface SummaryInput {
  tracking: TrackingColumns;
  /** computeRowSpeeds(tracking): one smoothed speed per row, NaN where none. */
  speedMps: Float32Array;
  events: ResultEvent[];
  /** Length of the analysed timeline (the video), ms. */
  durationMs: number;
  /** Interval between detection rows, ms (40 at 25 fps): the time one sample stands for. */
  frameMs: number;
  /** `YYYY-MM-DD_<label>-<number>`, made by the service. */
  gameId: string;
  version: string;
  /** ISO timestamp, supplied by the service so the function itself stays deterministic. */
  generatedAt: string;
  /** team_0 started on the left, team_1 on the right (SUM-03). */
  teamNames: { team_0: string; team_1: string };
  /** player_id -> display name; missing or blank names fall back to `#<jersey>` or the id suffix (`GK`). */
  playerNames: Record<string, string>;
}

export interface MatchSummary {
  metadata: { game_id: string; game_date: string; version: string; generated_at: string; video_length_sec: number };
  teams: { team_0_name: string; team_1_name: string };
  match_stats: MatchStats;
  possession: PossessionSummary;
  players: PlayerSummary[];
}

export function computeSummary(input: SummaryInput): MatchSummary {
  const durationMs = Math.max(0, input.durationMs);
  const analysable = analysableSpans(input.events, durationMs);
  return {
    metadata: {
      game_id: input.gameId,
      game_date: gameDateOf(input.gameId),
      version: input.version,
      generated_at: input.generatedAt,
      video_length_sec: round2(durationMs / 1000),
    },
    teams: { team_0_name: input.teamNames.team_0, team_1_name: input.teamNames.team_1 },
    match_stats: computeMatchStats(input.events, analysable, durationMs),
    possession: computePossession(input.events, countedSpans(input.events, analysable)),
    players: computePlayerStats(input.tracking, input.speedMps, input.events, input.frameMs, input.playerNames),
  };
}

const GAME_ID = /^(\d{4})-(\d{2})-(\d{2})_.+-\d+$/;

/** `2024-05-12_league-3` -> `2024-05-12` (SUM-02); throws on an id that is not of that form or not a real date. */
export function gameDateOf(gameId: string): string {
  const m = GAME_ID.exec(gameId);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return gameId.slice(0, 10);
  }
  throw new Error(`game_id ${JSON.stringify(gameId)} is not of the form YYYY-MM-DD_<label>-<number>`);
}
