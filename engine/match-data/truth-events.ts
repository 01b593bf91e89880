import { FRAME_MS, type MatchEvent, type MatchSource } from './match-events.js';

/** A ground-truth event: the real event, players as `<team>-<jersey>` (team 0 = home, 1 = away), times in ms. */
export interface TruthEvent {
  event_id: string;
  /** Our vocabulary: pass, shot, tackle, challenge, block, drive, recovery, ball_lost, ball_out, set_piece, foul, card. */
  type: string;
  team: 0 | 1 | null;
  player_id: string | null;
  receiver_id: string | null;
  start_ms: number;
  end_ms: number;
  start: { x: number; y: number } | null;
  end: { x: number; y: number } | null;
  period: number;
  provider_type: string;
  provider_subtypes: string[];
}

/** Provider types and subtypes to our event vocabulary (Metrica's definitions, events-definitions.pdf). */
export function truthType(e: MatchEvent): string {
  switch (e.type) {
    case 'PASS': return 'pass';
    case 'SHOT': return 'shot';
    case 'CARRY': return 'drive';
    case 'CHALLENGE': return e.subtypes.includes('TACKLE') ? 'tackle' : 'challenge';
    // RECOVERY/BLOCKED: the defender who deflected a shot wins the ball back.
    case 'RECOVERY': return e.subtypes.includes('BLOCKED') ? 'block' : 'recovery';
    case 'BALL LOST': return 'ball_lost';
    case 'BALL OUT': return 'ball_out';
    case 'SET PIECE': return 'set_piece';
    case 'FAULT RECEIVED': return 'foul';
    case 'CARD': return 'card';
    default: return e.type.toLowerCase().replace(/\s+/g, '_');
  }
}

/** `home:7` -> `0-7`. */
export function truthPlayerId(key: string | null): string | null {
  if (!key) return null;
  const [team, jersey] = key.split(':');
  return `${team === 'home' ? 0 : 1}-${jersey}`;
}

export function toTruthEvents(source: MatchSource, fromMs = -Infinity, toMs = Infinity): TruthEvent[] {
  return source.events
    .filter((e) => e.startFrame * FRAME_MS >= fromMs && e.startFrame * FRAME_MS < toMs)
    .map((e) => ({
      event_id: `ev-${e.index}`,
      type: truthType(e),
      team: e.team === 'home' ? 0 : e.team === 'away' ? 1 : null,
      player_id: truthPlayerId(e.from),
      receiver_id: truthPlayerId(e.to),
      start_ms: e.startFrame * FRAME_MS,
      end_ms: e.endFrame * FRAME_MS,
      start: e.start,
      end: e.end,
      period: e.period,
      provider_type: e.type,
      provider_subtypes: e.subtypes,
    }));
}
