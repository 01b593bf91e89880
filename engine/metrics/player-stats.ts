import { parsePlayerId } from '../results/analysis-facts.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { NO_PLAYER, type TrackingColumns } from '../results/tracking-columns.js';
import { detectedPlayerAt } from './player-speed.js';
import { round2, roundPartsToTotal } from './round.js';

/** Summary `players[]` (spec 2.6, SUM-07, SUM-08). */
export interface PlayerSummary {
  player_id: string;
  team_id: TeamLabel;
  /** Null for suffix ids such as `1-GK` (spec 2.6 says int; the player report uses null the same way). */
  jersey_number: number | null;
  name: string;
  stats: PlayerStats;
}
export interface PlayerStats {
  total_distance_m: number;
  distance_by_speed_bucket: { walking_m: number; jogging_m: number; running_m: number; sprinting_m: number };
  avg_speed_kmh: number;
  max_speed_kmh: number;
  tracking_duration_sec: number;
  ball_actions: { passes: number; drives: number; shots: number };
}

/** Lower bounds of the jogging, running and sprinting buckets, km/h (walking is [0, 7)). */
const BUCKET_FLOORS_KMH = [7, 14, 21] as const;
const MPS_TO_KMH = 3.6;

/**
 * Physical stats per player over detection-backed rows only (SUM-09), in one linear pass with per-player
 * accumulators indexed by the integer player column:
 * - distance = sum of speed x frame interval over samples with a speed (NaN-speed samples add nothing);
 *   each sample's distance goes to the bucket of its own speed in km/h: [0,7) [7,14) [14,21) [21,inf).
 * - total_distance_m is the exact total rounded to 2 decimals; the buckets are rounded with the largest
 *   remainder method so that they add up to it exactly (in hundredths).
 * - avg_speed_kmh = distance / time over samples with a speed; max_speed_kmh = the highest smoothed speed;
 *   both 0 when the player has no speed reading.
 * - tracking_duration_sec = detection-backed samples x frame interval (with or without a speed).
 * Listed: every id of the `<team>-<label>` form with at least one detection-backed row, sorted by team,
 * then numeric jerseys ascending, then suffix ids (GK) by label. Ids of another form are left out.
 */
export function computePlayerStats(
  cols: TrackingColumns, speedMps: Float32Array, events: readonly ResultEvent[], frameMs: number,
  playerNames: Record<string, string>,
): PlayerSummary[] {
  if (speedMps.length !== cols.length) throw new Error(`speedMps has ${speedMps.length} entries for ${cols.length} rows`);
  const nPlayers = cols.players.length;
  const samples = new Float64Array(nPlayers);
  const withSpeed = new Float64Array(nPlayers);
  const speedSum = new Float64Array(nPlayers * 4);
  const maxSpeed = new Float64Array(nPlayers);
  const [jogMps, runMps, sprintMps] = BUCKET_FLOORS_KMH.map((k) => k / MPS_TO_KMH) as [number, number, number];
  const { role, status, player } = cols;
  for (let i = 0; i < cols.length; i++) {
    const p = detectedPlayerAt(role, status, player, i);
    if (p === NO_PLAYER) continue;
    samples[p] = (samples[p] as number) + 1;
    const v = speedMps[i] as number;
    if (!(v >= 0)) continue;
    withSpeed[p] = (withSpeed[p] as number) + 1;
    const bucket = v < jogMps ? 0 : v < runMps ? 1 : v < sprintMps ? 2 : 3;
    speedSum[p * 4 + bucket] = (speedSum[p * 4 + bucket] as number) + v;
    if (v > (maxSpeed[p] as number)) maxSpeed[p] = v;
  }

  const actions = countBallActions(events);
  const dt = frameMs / 1000;
  const out: { summary: PlayerSummary; team: number; jersey: number | null; label: string }[] = [];
  cols.players.forEach((id, p) => {
    const parsed = parsePlayerId(id);
    if (!parsed || (samples[p] as number) === 0) return;
    const buckets = [0, 1, 2, 3].map((b) => (speedSum[p * 4 + b] as number) * dt);
    const exactTotal = buckets.reduce((s, d) => s + d, 0);
    const [walking_m, jogging_m, running_m, sprinting_m] = roundPartsToTotal(buckets, exactTotal) as [number, number, number, number];
    const timed = (withSpeed[p] as number) * dt;
    out.push({
      team: parsed.team,
      jersey: parsed.jersey,
      label: parsed.label,
      summary: {
        player_id: id,
        team_id: parsed.team === 0 ? 'team_0' : 'team_1',
        jersey_number: parsed.jersey,
        name: displayName(id, parsed.jersey, parsed.label, playerNames),
        stats: {
          total_distance_m: round2(exactTotal),
          distance_by_speed_bucket: { walking_m, jogging_m, running_m, sprinting_m },
          avg_speed_kmh: timed > 0 ? round2((exactTotal / timed) * MPS_TO_KMH) : 0,
          max_speed_kmh: round2((maxSpeed[p] as number) * MPS_TO_KMH),
          tracking_duration_sec: round2((samples[p] as number) * dt),
          ball_actions: actions.get(id) ?? { passes: 0, drives: 0, shots: 0 },
        },
      },
    });
  });
  out.sort((a, b) => a.team - b.team || compareJersey(a.jersey, b.jersey) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return out.map((o) => o.summary);
}

function compareJersey(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  return b === null ? -1 : a - b;
}

/** The roster name when there is a non-blank one; else `#10` for a numbered id and the suffix (`GK`) otherwise. */
function displayName(id: string, jersey: number | null, label: string, names: Record<string, string>): string {
  const given = Object.hasOwn(names, id) ? names[id] : undefined;
  if (typeof given === 'string' && given.trim() !== '') return given.trim();
  return jersey === null ? label : `#${jersey}`;
}

/** pass, drive and shot events per acting player_id. */
function countBallActions(events: readonly ResultEvent[]): Map<string, PlayerStats['ball_actions']> {
  const out = new Map<string, PlayerStats['ball_actions']>();
  for (const e of events) {
    if (e.player_id === null || (e.type !== 'pass' && e.type !== 'drive' && e.type !== 'shot')) continue;
    let c = out.get(e.player_id);
    if (!c) out.set(e.player_id, (c = { passes: 0, drives: 0, shots: 0 }));
    if (e.type === 'pass') c.passes++;
    else if (e.type === 'drive') c.drives++;
    else c.shots++;
  }
  return out;
}
