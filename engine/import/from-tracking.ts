import { parsePlayerId, type AnalysisPlayer } from '../results/analysis-facts.js';
import { EVENT_TYPES, type ResultEvent } from '../results/result-events.js';
import { isDetectedStatus, ROLE_GOAL_KEEPER, type TrackingColumns } from '../results/tracking-columns.js';
import type { ImportResult } from './from-sim.js';
import { eventsFromRows } from '../events/events-from-rows.js';
import { numberEvents } from '../events/number-events.js';

/**
 * Our own tracking file (a Parquet download) with, optionally, our own events (as the events endpoint
 * serves them): the round trip that lets a club move results between machines, or bring tracking made
 * elsewhere in our format. Player ids keep their labels; the file does not say which squad is home.
 */
export function importOwnTracking(columns: TrackingColumns, events: unknown[] | null): ImportResult {
  if (columns.length === 0) throw new Error('the tracking file has no rows');
  const roles = new Map<number, number>();
  for (let i = 0; i < columns.length; i++) {
    const p = columns.player[i] as number;
    if (p >= 0 && !roles.has(p)) roles.set(p, columns.role[i] as number);
  }
  const players: AnalysisPlayer[] = [];
  columns.players.forEach((id, index) => {
    const parsed = parsePlayerId(id);
    if (!parsed) throw new Error(`player id '${id}' is not <team>-<jersey>`);
    players.push({
      player_id: id, team: parsed.team === 0 ? 'team_0' : 'team_1', jersey: parsed.jersey,
      role: roles.get(index) === ROLE_GOAL_KEEPER ? 'goal_keeper' : 'player', name: null,
    });
  });
  players.sort((a, b) => a.player_id.localeCompare(b.player_id, 'en', { numeric: true }));
  const last = columns.timestamp[columns.length - 1] as number;
  // Without events of its own, the file's events come from its positions (engine/events).
  const checked = events ? events.map((e, i) => checkEvent(e, i)) : numberEvents(eventsFromRows(columns, { durationMs: last + 40 }));
  const lastEvent = Math.max(0, ...checked.map((e) => e.end_ms));
  let detected = 0;
  for (let i = 0; i < columns.length; i++) if (isDetectedStatus(columns.status[i] as number)) detected += 1;
  return {
    columns,
    events: checked,
    facts: {
      duration_ms: Math.max(last + 40, lastEvent), frame_ms: 40, image: null,
      team_roles: { team_0: null, team_1: null }, kit_keys: { team_0: null, team_1: null },
      players, quality: null, rows: { detected, projected: columns.length - detected },
    },
  };
}

function checkEvent(raw: unknown, i: number): ResultEvent {
  const e = raw as Partial<ResultEvent>;
  const where = `events[${i}]`;
  if (!e || typeof e !== 'object') throw new Error(`${where} is not an object`);
  if (!(EVENT_TYPES as readonly string[]).includes(e.type as string)) throw new Error(`${where}.type '${String(e.type)}' is not one of ${EVENT_TYPES.join(', ')}`);
  if (!Number.isInteger(e.start_ms) || !Number.isInteger(e.end_ms) || (e.end_ms as number) < (e.start_ms as number)) {
    throw new Error(`${where}: start_ms and end_ms must be integers with end_ms >= start_ms`);
  }
  if (e.team !== null && e.team !== undefined && e.team !== 'team_0' && e.team !== 'team_1') throw new Error(`${where}.team must be team_0, team_1 or null`);
  return {
    event_id: typeof e.event_id === 'string' ? e.event_id : `${e.type}-${i + 1}`,
    type: e.type as ResultEvent['type'],
    start_ms: e.start_ms as number,
    end_ms: e.end_ms as number,
    team: e.team ?? null,
    player_id: e.player_id ?? null,
    properties: e.properties && typeof e.properties === 'object' ? e.properties : {},
    confidence_detection: typeof e.confidence_detection === 'number' ? e.confidence_detection : 1,
    confidence_event: typeof e.confidence_event === 'number' ? e.confidence_event : 1,
  };
}

