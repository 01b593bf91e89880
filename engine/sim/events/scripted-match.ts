import { playerKey, type MatchEvent, type MatchSource, type RosterPlayer } from '../../match-data/match-events.js';

/**
 * One event of a scripted match, written in pitch metres (x 0-105, y 0-68) and seconds: the Metrica
 * event vocabulary (PASS, CARRY, SHOT, SET PIECE, ...) without a provider's file. Used by the demo
 * and by tests with known answers.
 */
export interface EventSpec {
  team: 'home' | 'away';
  type: string;
  subtypes?: string[];
  at: number;
  until?: number;
  from?: number;
  to?: number;
  start?: [number, number];
  end?: [number, number];
  period?: number;
}

/** A match source from scripted events: two squads numbered 1-11 (1 in goal), one period by default. */
export function scriptedMatch(specs: EventSpec[], periods = [{ period: 1, startFrame: 0, endFrame: Math.round(((specs[specs.length - 1]?.until ?? specs[specs.length - 1]?.at ?? 0) + 30) * 25) }]): MatchSource {
  const roster: RosterPlayer[] = [];
  for (const team of ['home', 'away'] as const) {
    for (let j = 1; j <= 11; j++) roster.push({ key: playerKey(team, j), team, jersey: j, name: `${team} ${j}`, goalkeeper: j === 1 });
  }
  const events: MatchEvent[] = specs.map((s, index) => ({
    index,
    team: s.team,
    type: s.type,
    subtypes: s.subtypes ?? [],
    period: s.period ?? 1,
    startFrame: Math.round(s.at * 25),
    endFrame: Math.round((s.until ?? s.at) * 25),
    from: s.from ? playerKey(s.team, s.from) : null,
    to: s.to ? playerKey(s.team, s.to) : null,
    start: s.start ? { x: s.start[0], y: s.start[1] } : null,
    end: s.end ? { x: s.end[0], y: s.end[1] } : null,
  }));
  return { frameRate: 25, events, roster, periods };
}
