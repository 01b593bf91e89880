import { BALL_ACTIONS, type ResultEvent, type TeamLabel } from '../results/result-events.js';
import { compileConditions } from './query-conditions.js';
import { teamOfPlayer, type Hit } from './query-hit.js';
import { eventIndex, eventsOfType } from './query-index.js';
import type {
  BallActionFilter, CoordinateFrame, EventPropertyFilter, MatchTimelineFilter, PlayerPossessionFilter,
  QueryContext, SceneFilter, TeamPossessionFilter,
} from './query-types.js';

/**
 * Evaluators of the event-backed filters (QRY-03): each returns labelled hits in ms, sorted by start.
 * An event's span is [start_ms, end_ms); a zero-length record counts as one frame so that it can still
 * meet other filters' intervals.
 */

const endOf = (e: ResultEvent, frameMs: number): number => (e.end_ms > e.start_ms ? e.end_ms : e.start_ms + frameMs);

const setOf = <T>(list: readonly T[] | null | undefined): Set<T> | null => (list === undefined || list === null ? null : new Set(list));

/** Actor selection shared by filters with `teams` and `players`: both must hold when both are given. */
function actorTest(teams: readonly TeamLabel[] | null | undefined, players: readonly string[] | null | undefined): (e: ResultEvent) => boolean {
  const t = setOf(teams);
  const p = setOf(players);
  return (e) => (t === null || (e.team !== null && t.has(e.team))) && (p === null || (e.player_id !== null && p.has(e.player_id)));
}

function actorHit(e: ResultEvent, label: string, type: Hit['type'], frameMs: number): Hit {
  const teamId = e.team ?? (e.player_id === null ? null : teamOfPlayer(e.player_id));
  return { start: e.start_ms, end: endOf(e, frameMs), label, type, playerId: e.player_id, teamId };
}

export function teamPossessionHits(f: TeamPossessionFilter, ctx: QueryContext): Hit[] {
  const teams = setOf(f.teams);
  const out: Hit[] = [];
  for (const e of eventsOfType(ctx, 'team_possession')) {
    if (e.team === null || (teams !== null && !teams.has(e.team))) continue;
    out.push({ start: e.start_ms, end: endOf(e, ctx.frameMs), label: e.team, type: 'team_possession', teamId: e.team });
  }
  return out;
}

export function playerPossessionHits(f: PlayerPossessionFilter, ctx: QueryContext): Hit[] {
  const players = new Set(f.players);
  const out: Hit[] = [];
  for (const e of eventsOfType(ctx, 'player_possession')) {
    if (e.player_id === null || !players.has(e.player_id)) continue;
    out.push(actorHit(e, e.player_id, 'player_possession', ctx.frameMs));
  }
  return out;
}

export function matchTimelineHits(f: MatchTimelineFilter, ctx: QueryContext): Hit[] {
  const periods = setOf<string>(f.periods);
  const out: Hit[] = [];
  for (const e of eventsOfType(ctx, 'match_timeline')) {
    const period = e.properties['period'];
    if (typeof period !== 'string' || (periods !== null && !periods.has(period))) continue;
    out.push({ start: e.start_ms, end: endOf(e, ctx.frameMs), label: period, type: 'match_timeline' });
  }
  return out;
}

export function sceneHits(f: SceneFilter, ctx: QueryContext): Hit[] {
  const analysable = f.is_analysable ?? true;
  const kinds = setOf<string>(f.scene_types);
  const out: Hit[] = [];
  for (const e of eventsOfType(ctx, 'scene')) {
    const kind = e.properties['scene_type'];
    const label = typeof kind === 'string' ? kind : 'unknown';
    if ((e.properties['is_analysable'] === true) !== analysable || (kinds !== null && !kinds.has(label))) continue;
    out.push({ start: e.start_ms, end: endOf(e, ctx.frameMs), label, type: 'scene' });
  }
  return out;
}

export function ballActionHits(f: BallActionFilter, ctx: QueryContext): Hit[] {
  const accept = actorTest(f.teams, f.players);
  const out: Hit[] = [];
  for (const action of f.actions ?? BALL_ACTIONS) {
    for (const e of eventsOfType(ctx, action)) {
      if (accept(e)) out.push(actorHit(e, action, 'ball_action', ctx.frameMs));
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export function eventPropertyHits(f: EventPropertyFilter, ctx: QueryContext, frame: CoordinateFrame): Hit[] {
  const accept = actorTest(f.teams, f.players);
  const holds = compileConditions(f.conditions ?? [], frame, eventIndex(ctx.events).direction);
  const out: Hit[] = [];
  for (const e of eventsOfType(ctx, f.event_type)) {
    if (accept(e) && holds(e)) out.push(actorHit(e, f.event_type, 'event_property', ctx.frameMs));
  }
  return out;
}
