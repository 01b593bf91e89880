import type { TruthEvent } from '../match-data/truth-events.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';

/** How a provider's squads (0 = home, 1 = away in truth ids) map onto engine labels. */
export interface TeamRelabel {
  /** Engine label of the provider's home team. */
  home: TeamLabel;
}

export function relabelPlayerId(id: string | null, r: TeamRelabel): string | null {
  if (id === null) return null;
  const [team, jersey] = id.split('-');
  const home = team === '0';
  const label = home ? r.home : r.home === 'team_0' ? 'team_1' : 'team_0';
  return `${label === 'team_0' ? 0 : 1}-${jersey}`;
}

export function relabelTeam(team: 0 | 1 | null, r: TeamRelabel): TeamLabel | null {
  if (team === null) return null;
  if (team === 0) return r.home;
  return r.home === 'team_0' ? 'team_1' : 'team_0';
}

const SET_PIECE: Record<string, string> = {
  'KICK OFF': 'kick_off', 'FREE KICK': 'free_kick', 'CORNER KICK': 'corner_kick', 'THROW IN': 'throw_in',
  'GOAL KICK': 'goal_kick', PENALTY: 'penalty',
};

const round2 = (v: number) => Math.round(v * 100) / 100;

function passType(e: TruthEvent, setPiece: string): string {
  const s = e.provider_subtypes;
  if (s.includes('CROSS')) return 'cross';
  if (s.includes('GOAL KICK') || setPiece === 'goal_kick') return 'goal_kick';
  if (setPiece === 'throw_in') return 'throw_in';
  if (s.includes('DEEP BALL') || s.includes('CLEARANCE')) return 'lofted';
  return 'ground';
}

function shotOutcome(s: string[]): string {
  if (s.includes('GOAL')) return 'goal';
  if (s.includes('BLOCKED')) return 'blocked';
  if (s.includes('ON TARGET')) return 'on_target';
  if (s.includes('OFF TARGET')) return 'off_target';
  return 'unknown';
}

/**
 * A provider's own events (already in truth form) as our event records: passes, shots, carries
 * (drives), tackles and blocks. The provider's other types (recoveries, ball lost, set-piece markers,
 * fouls, cards) inform attributes (the set piece a pass is played from) but are not in our catalogue.
 * Provider data is taken as certain: both confidences are 1.
 */
export function providerBallEvents(events: readonly TruthEvent[], r: TeamRelabel): ResultEvent[] {
  const out: ResultEvent[] = [];
  const counters = new Map<string, number>();
  let pendingSetPiece: { startMs: number; kind: string } | null = null;
  for (const e of events) {
    if (e.type === 'set_piece') {
      const kind = e.provider_subtypes.map((s) => SET_PIECE[s]).find(Boolean) ?? 'free_kick';
      pendingSetPiece = { startMs: e.start_ms, kind };
      continue;
    }
    if (!['pass', 'shot', 'drive', 'tackle', 'block'].includes(e.type)) continue;
    // A set piece marks the restart; the ball event that starts at the same moment is played from it.
    const setPiece = pendingSetPiece && Math.abs(pendingSetPiece.startMs - e.start_ms) <= 80 ? pendingSetPiece.kind : 'open_play';
    pendingSetPiece = null;
    const n = (counters.get(e.type) ?? 0) + 1;
    counters.set(e.type, n);
    const team = relabelTeam(e.team, r);
    const start = e.start;
    const end = e.end;
    const properties: ResultEvent['properties'] = {
      x: start ? round2(start.x) : null,
      y: start ? round2(start.y) : null,
    };
    if (e.type === 'pass' || e.type === 'shot' || e.type === 'drive') {
      properties.x_target = end ? round2(end.x) : null;
      properties.y_target = end ? round2(end.y) : null;
      properties.length_m = start && end ? round2(Math.hypot(end.x - start.x, end.y - start.y)) : null;
    }
    const head = e.provider_subtypes.includes('HEAD');
    if (e.type === 'pass') {
      const receiver = relabelPlayerId(e.receiver_id, r);
      const receiverTeam = receiver ? (receiver.startsWith('0-') ? 'team_0' : 'team_1') : null;
      Object.assign(properties, {
        receiver_player_id: receiver,
        receiver_team: receiverTeam,
        pass_type: passType(e, setPiece),
        set_piece: setPiece,
        // Metrica marks headers; an unmarked pass is played with the feet.
        body_part: head ? 'head' : 'foot',
        completed: receiverTeam !== null && receiverTeam === team,
      });
    } else if (e.type === 'shot') {
      Object.assign(properties, { outcome: shotOutcome(e.provider_subtypes), body_part: head ? 'head' : 'foot' });
    } else if (e.type === 'tackle') {
      const won = e.provider_subtypes.includes('WON') ? true : e.provider_subtypes.includes('LOST') ? false : null;
      Object.assign(properties, { won, opponent_player_id: relabelPlayerId(e.receiver_id, r) });
    }
    out.push({
      event_id: `${e.type}-${n}`,
      type: e.type as ResultEvent['type'],
      start_ms: e.start_ms,
      // Spans are half-open; a one-frame action still lasts a frame.
      end_ms: Math.max(e.end_ms, e.start_ms + 40),
      team,
      player_id: relabelPlayerId(e.player_id, r),
      properties,
      confidence_detection: 1,
      confidence_event: 1,
    });
  }
  return out;
}
