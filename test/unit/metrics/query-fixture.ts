import type { EventType, ResultEvent, TeamLabel } from '../../../engine/results/result-events.js';
import {
  NO_PLAYER, ROLE_BALL, ROLE_PLAYER, STATUS_DETECTED, TrackingBuilder, type RowInput,
} from '../../../engine/results/tracking-columns.js';
import type { QueryContext } from '../../../engine/query/query-types.js';

/** Small hand-made matches for the query-intervals tests: every expected answer can be worked out by hand. */

let seq = 0;
export function ev(type: EventType, startMs: number, endMs: number, more: Partial<ResultEvent> = {}): ResultEvent {
  seq++;
  return {
    event_id: `${type}-${seq}`, type, start_ms: startMs, end_ms: endMs, team: null, player_id: null,
    properties: {}, confidence_detection: 0.9, confidence_event: 0.8, ...more,
  };
}

export const timeline = (period: string, startMs: number, endMs: number): ResultEvent =>
  ev('match_timeline', startMs, endMs, { properties: { period } });

export const action = (type: 'pass' | 'shot' | 'drive', startMs: number, endMs: number, player: string, properties: ResultEvent['properties'] = {}): ResultEvent =>
  ev(type, startMs, endMs, { player_id: player, team: player.startsWith('0-') ? 'team_0' : 'team_1', properties });

export const possession = (team: TeamLabel, startMs: number, endMs: number): ResultEvent => ev('team_possession', startMs, endMs, { team });

/** A tracking row in metres; `id` names the player (omitted for the ball), `speed` fills speedMps. */
export interface TestRow {
  t: number;
  role?: number;
  id?: string;
  xM: number;
  yM: number;
  px?: [number, number];
  status?: number;
  speed?: number;
}

export const ballRow = (t: number, xM: number, yM: number): TestRow => ({ t, role: ROLE_BALL, xM, yM });

export interface ContextOptions {
  events?: ResultEvent[];
  rows?: TestRow[];
  durationMs?: number;
  dataVersion?: number;
  engineVersion?: string;
}

export function context(o: ContextOptions = {}): QueryContext {
  const rows = [...(o.rows ?? [])].sort((a, b) => a.t - b.t);
  const b = new TrackingBuilder(16);
  const speeds: number[] = [];
  for (const r of rows) {
    const input: RowInput = {
      timestamp: r.t,
      role: r.role ?? (r.id === undefined ? ROLE_BALL : ROLE_PLAYER),
      player: r.id === undefined ? NO_PLAYER : b.playerIndex(r.id),
      playerIdConf: 1,
      x: Math.round(r.xM * 100),
      y: Math.round(r.yM * 100),
      status: r.status ?? STATUS_DETECTED,
    };
    if (r.px !== undefined) {
      input.bboxX = r.px[0];
      input.bboxY = r.px[1];
    }
    b.push(input);
    speeds.push(r.speed ?? Number.NaN);
  }
  return {
    events: o.events ?? [],
    tracking: b.finish(),
    speedMps: Float32Array.from(speeds),
    durationMs: o.durationMs ?? 120_000,
    frameMs: 40,
    dataVersion: o.dataVersion ?? 4,
    engineVersion: o.engineVersion ?? '0.6.0',
    teamNames: { team_0: 'Reds', team_1: 'Blues' },
  };
}

/** Frame times [fromMs, toMs) every 40 ms. */
export function frames(fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  for (let t = fromMs; t < toMs; t += 40) out.push(t);
  return out;
}

/** Just the fields the algebra tests compare. */
export const spans = (list: { start: number; end: number; label: string }[]): [number, number, string][] =>
  list.map((i) => [i.start, i.end, i.label]);
