import type { TeamLabel } from '../results/result-events.js';
import {
  NO_PLAYER, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns,
} from '../results/tracking-columns.js';
import { teamOfPlayer, type Hit } from './query-hit.js';
import { ballRowIndex, eventIndex, playerRowIndex } from './query-index.js';
import type { BallLocationFilter, FrameStateFilter, PlayerBallProximityFilter, QueryContext } from './query-types.js';

/**
 * Evaluators of the tracking-backed filters: runs of consecutive frames in which a condition holds, each
 * run the half-open interval [first frame, last frame + frameMs). Frames are consecutive when at most
 * 1.5 frames apart, so a frame without the needed row (no detected ball, player not seen) ends a run.
 * They loop over the cached indexes of query-index.ts and allocate only per run, never per row.
 */

const maxStep = (ctx: QueryContext): number => ctx.frameMs * 1.5;

/** Collects runs per key (player index) from time-ordered "holds at t" calls, for loops that interleave keys. */
class RunTracker {
  private readonly start: Float64Array;
  private readonly last: Float64Array;

  constructor(keys: number, private readonly step: number, private readonly frameMs: number, private readonly emit: (key: number, start: number, end: number) => void) {
    this.start = new Float64Array(keys).fill(Number.NaN);
    this.last = new Float64Array(keys).fill(-Infinity);
  }

  hold(key: number, t: number): void {
    const last = this.last[key] as number;
    if (t === last) return;
    if (t - last > this.step) {
      this.close(key);
      this.start[key] = t;
    }
    this.last[key] = t;
  }

  close(key: number): void {
    const s = this.start[key] as number;
    if (!Number.isNaN(s)) this.emit(key, s, (this.last[key] as number) + this.frameMs);
    this.start[key] = Number.NaN;
    this.last[key] = -Infinity;
  }

  closeAll(): void {
    for (let k = 0; k < this.start.length; k++) this.close(k);
  }
}

/**
 * Ball inside the rectangle (bounds inclusive, omitted bounds open). With team_side_perspective the
 * bounds are read in that team's attacking frame: while it attacks towards x = 0 the rectangle is turned
 * half round (x' = 105 - x, y' = 68 - y) before it is compared with the camera-frame ball position.
 */
export function ballLocationHits(f: BallLocationFilter, ctx: QueryContext): Hit[] {
  const ball = ballRowIndex(ctx.tracking);
  const dir = eventIndex(ctx.events).direction;
  const xMin = f.x_min == null ? -Infinity : f.x_min * 100;
  const xMax = f.x_max == null ? Infinity : f.x_max * 100;
  const yMin = f.y_min == null ? -Infinity : f.y_min * 100;
  const yMax = f.y_max == null ? Infinity : f.y_max * 100;
  const persp = f.team_side_perspective ?? null;
  const out: Hit[] = [];
  const emit = (start: number, last: number): void => {
    out.push({ start, end: last + ctx.frameMs, label: 'ball_location', type: 'ball_location' });
  };
  const step = maxStep(ctx);
  const { t: times, x: xs, y: ys } = ball;
  // Run state in locals rather than a RunTracker: this loop visits every ball row of the match.
  let open = false;
  let start = 0;
  let last = 0;
  let seg = 0;
  for (let i = 0; i < ball.length; i++) {
    const t = times[i] as number;
    while (seg + 1 < dir.from.length && (dir.from[seg + 1] as number) <= t) seg++;
    const reversed = persp !== null && ((dir.team0Reversed[seg] === 1) !== (persp === 'team_1'));
    const x = reversed ? 10500 - (xs[i] as number) : (xs[i] as number);
    const y = reversed ? 6800 - (ys[i] as number) : (ys[i] as number);
    if (x >= xMin && x <= xMax && y >= yMin && y <= yMax) {
      if (open && t - last > step) emit(start, last);
      if (!open || t - last > step) start = t;
      open = true;
      last = t;
    } else if (open) {
      emit(start, last);
      open = false;
    }
  }
  if (open) emit(start, last);
  return out;
}

/** 1 for each player index that the `players` / `teams` selection admits (both must hold when both given). */
function selectPlayers(tracking: TrackingColumns, players: readonly string[] | null | undefined, teams: readonly TeamLabel[] | null | undefined): Uint8Array {
  const ids = players == null ? null : new Set(players);
  const teamSet = teams == null ? null : new Set<string>(teams);
  const selected = new Uint8Array(tracking.players.length);
  tracking.players.forEach((id, p) => {
    const team = teamOfPlayer(id);
    if ((ids === null || ids.has(id)) && (teamSet === null || (team !== null && teamSet.has(team)))) selected[p] = 1;
  });
  return selected;
}

function playerHit(tracking: TrackingColumns, type: Hit['type'], p: number, start: number, end: number): Hit {
  const id = tracking.players[p] as string;
  return { start, end, label: id, type, playerId: id, teamId: teamOfPlayer(id) };
}

/**
 * A detected, identified player within max_distance_m (pitch distance, ball height unknown) of the
 * detected ball: one run per player, labelled with the player id; runs of different players may overlap.
 */
export function proximityHits(f: PlayerBallProximityFilter, ctx: QueryContext): Hit[] {
  const tr = ctx.tracking;
  const ball = ballRowIndex(tr);
  const selected = selectPlayers(tr, f.players, f.teams);
  const maxCm = (f.max_distance_m ?? 2) * 100;
  const maxD2 = maxCm * maxCm;
  const out: Hit[] = [];
  const runs = new RunTracker(tr.players.length, maxStep(ctx), ctx.frameMs, (p, start, end) => out.push(playerHit(tr, 'player_ball_proximity', p, start, end)));
  const { timestamp: ts, role, status, player } = tr;
  for (let i = 0; i < ball.length; i++) {
    const t = ball.t[i] as number;
    const bx = ball.x[i] as number;
    const by = ball.y[i] as number;
    let k = ball.row[i] as number;
    while (k > 0 && ts[k - 1] === t) k--;
    for (; k < tr.length && ts[k] === t; k++) {
      const p = player[k] as number;
      if (p === NO_PLAYER || selected[p] !== 1) continue;
      const r = role[k];
      if ((r !== ROLE_PLAYER && r !== ROLE_GOAL_KEEPER) || !isDetectedStatus(status[k] as number)) continue;
      const dx = (tr.x[k] as number) - bx;
      const dy = (tr.y[k] as number) - by;
      if (dx * dx + dy * dy <= maxD2) runs.hold(p, t);
    }
  }
  runs.closeAll();
  return out.sort((a, b) => a.start - b.start || a.label.localeCompare(b.label));
}

/** Smoothed speed within [speed_min_mps, speed_max_mps) on a player's detection rows, runs >= min_duration_sec. */
export function frameStateHits(f: FrameStateFilter, ctx: QueryContext): Hit[] {
  const tr = ctx.tracking;
  const idx = playerRowIndex(tr);
  const selected = selectPlayers(tr, f.players, f.teams);
  const lo = f.speed_min_mps ?? -Infinity;
  const hi = f.speed_max_mps ?? Infinity;
  const minMs = (f.min_duration_sec ?? 0) * 1000;
  const step = maxStep(ctx);
  const out: Hit[] = [];
  const emit = (p: number, start: number, last: number): void => {
    if (last + ctx.frameMs - start >= minMs) out.push(playerHit(tr, 'frame_state', p, start, last + ctx.frameMs));
  };
  const { timestamp } = tr;
  // One player at a time, so the run state lives in locals (this loop visits every row of the squad).
  for (let p = 0; p < tr.players.length; p++) {
    if (selected[p] !== 1) continue;
    let open = false;
    let start = 0;
    let last = 0;
    for (let k = idx.offsets[p] as number; k < (idx.offsets[p + 1] as number); k++) {
      const r = idx.rows[k] as number;
      const s = ctx.speedMps[r] as number;
      if (s >= lo && s < hi) {
        const t = timestamp[r] as number;
        if (open && t - last > step) emit(p, start, last);
        if (!open || t - last > step) start = t;
        open = true;
        last = t;
      } else if (open) {
        emit(p, start, last);
        open = false;
      }
    }
    if (open) emit(p, start, last);
  }
  return out.sort((a, b) => a.start - b.start || a.label.localeCompare(b.label));
}
