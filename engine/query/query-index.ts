import type { EventType, ResultEvent } from '../results/result-events.js';
import {
  NO_PLAYER, ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns,
} from '../results/tracking-columns.js';
import { attackingDirection, type AttackingDirection } from '../metrics/attacking-direction.js';
import type { QueryContext } from './query-types.js';

/**
 * Indexes that make a query cost milliseconds on a 3.5-million-row match: built on first use and cached
 * against the very `tracking` / `events` objects of the context (WeakMaps, so they die with the analysis).
 * A service that keeps one QueryContext per loaded analysis pays for them once; `warmQueryContext` builds
 * them all up front (about 0.1-0.2 s on a 3.5-million-row match) so that no query pays for them.
 */

/** Detected ball rows, one per timestamp (the first when a frame holds more), as parallel columns. */
export interface BallIndex {
  length: number;
  /** ms, ascending. */
  t: Int32Array;
  /** Pitch cm. */
  x: Int16Array;
  y: Int16Array;
  /** Row index into the tracking columns (its frame's rows are the neighbours with the same timestamp). */
  row: Int32Array;
}

/**
 * Detection rows (detected / detected_overlap) of each identified player or goalkeeper, compressed-sparse-
 * row style: the rows of player p are rows[offsets[p]] .. rows[offsets[p + 1] - 1], in time order.
 */
export interface PlayerIndex {
  offsets: Int32Array;
  rows: Int32Array;
  /** Player id -> index into `tracking.players`. */
  byId: Map<string, number>;
}

export interface EventIndex {
  /** Events of each type sorted by start_ms. */
  byType: Map<EventType, ResultEvent[]>;
  direction: AttackingDirection;
}

const ballCache = new WeakMap<TrackingColumns, BallIndex>();
const playerCache = new WeakMap<TrackingColumns, PlayerIndex>();
const eventCache = new WeakMap<readonly ResultEvent[], EventIndex>();

export function ballRowIndex(tracking: TrackingColumns): BallIndex {
  const cached = ballCache.get(tracking);
  if (cached !== undefined) return cached;
  const { role, status, timestamp } = tracking;
  let count = 0;
  for (let i = 0; i < tracking.length; i++) {
    if (role[i] === ROLE_BALL && isDetectedStatus(status[i] as number)) count++;
  }
  const t = new Int32Array(count);
  const x = new Int16Array(count);
  const y = new Int16Array(count);
  const row = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < tracking.length; i++) {
    if (role[i] !== ROLE_BALL || !isDetectedStatus(status[i] as number)) continue;
    const ts = timestamp[i] as number;
    if (n > 0 && t[n - 1] === ts) continue;
    t[n] = ts;
    x[n] = tracking.x[i] as number;
    y[n] = tracking.y[i] as number;
    row[n] = i;
    n++;
  }
  const index: BallIndex = { length: n, t, x, y, row };
  ballCache.set(tracking, index);
  return index;
}

/** Detection-backed rows of each identified player (the rows that carry speed and pixels). */
export function playerRowIndex(tracking: TrackingColumns): PlayerIndex {
  const cached = playerCache.get(tracking);
  if (cached !== undefined) return cached;
  const byId = new Map<string, number>();
  tracking.players.forEach((id, i) => byId.set(id, i));
  const nPlayers = tracking.players.length;
  const { role, status, player } = tracking;
  const isPlayerRow = (i: number): boolean => {
    const r = role[i];
    return (r === ROLE_PLAYER || r === ROLE_GOAL_KEEPER) && player[i] !== NO_PLAYER && isDetectedStatus(status[i] as number);
  };
  // Counting sort: two linear passes, no per-row allocation.
  const offsets = new Int32Array(nPlayers + 1);
  for (let i = 0; i < tracking.length; i++) {
    if (isPlayerRow(i)) offsets[(player[i] as number) + 1] = (offsets[(player[i] as number) + 1] as number) + 1;
  }
  for (let p = 0; p < nPlayers; p++) offsets[p + 1] = (offsets[p + 1] as number) + (offsets[p] as number);
  const rows = new Int32Array(offsets[nPlayers] as number);
  const fill = offsets.slice(0, nPlayers);
  for (let i = 0; i < tracking.length; i++) {
    if (!isPlayerRow(i)) continue;
    const p = player[i] as number;
    rows[fill[p] as number] = i;
    fill[p] = (fill[p] as number) + 1;
  }
  const index: PlayerIndex = { offsets, rows, byId };
  playerCache.set(tracking, index);
  return index;
}

export function eventIndex(events: readonly ResultEvent[]): EventIndex {
  const cached = eventCache.get(events);
  if (cached !== undefined) return cached;
  const byType = new Map<EventType, ResultEvent[]>();
  for (const e of events) {
    const list = byType.get(e.type);
    if (list === undefined) byType.set(e.type, [e]);
    else list.push(e);
  }
  for (const list of byType.values()) list.sort((a, b) => a.start_ms - b.start_ms || a.end_ms - b.end_ms);
  const index: EventIndex = { byType, direction: attackingDirection(events) };
  eventCache.set(events, index);
  return index;
}

export function eventsOfType(ctx: QueryContext, type: EventType): readonly ResultEvent[] {
  return eventIndex(ctx.events).byType.get(type) ?? [];
}

/** Builds every index of the context now (call when an analysis is loaded for querying). */
export function warmQueryContext(ctx: QueryContext): void {
  ballRowIndex(ctx.tracking);
  playerRowIndex(ctx.tracking);
  eventIndex(ctx.events);
}

/** Rows [from, to) of player p's detection rows whose timestamps lie in [t0, t1). */
export function playerRowRange(ctx: QueryContext, p: number, t0: number, t1: number): [number, number] {
  const idx = playerRowIndex(ctx.tracking);
  const ts = ctx.tracking.timestamp;
  const lower = (t: number): number => {
    let lo = idx.offsets[p] as number;
    let hi = idx.offsets[p + 1] as number;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ts[idx.rows[mid] as number] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [lower(t0), lower(t1)];
}
