/**
 * One event model for every provider format the simulator reads. Positions are in pitch metres in the
 * project's frame (spec 2.7): x 0-105 left to right, y 0-68 bottom to top, origin bottom-left.
 */
export { PITCH_LENGTH, PITCH_WIDTH } from '../geometry/pitch-markings.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../geometry/pitch-markings.js';
export const FRAME_MS = 40;

export type TeamSide = 'home' | 'away';

export interface PitchPoint {
  x: number;
  y: number;
}

export interface MatchEvent {
  /** Position in the source file, from 0. */
  index: number;
  team: TeamSide | null;
  /** Provider type, upper case: PASS, SHOT, RECOVERY, CHALLENGE, BALL LOST, BALL OUT, SET PIECE, CARRY, ... */
  type: string;
  /** Provider subtypes, upper case, in order: e.g. ['HEAD', 'ON TARGET', 'GOAL']. */
  subtypes: string[];
  period: number;
  startFrame: number;
  endFrame: number;
  /** The acting player (roster key), if any. */
  from: string | null;
  /** The receiving player (roster key), if any. */
  to: string | null;
  start: PitchPoint | null;
  end: PitchPoint | null;
}

export interface RosterPlayer {
  /** Provider-independent key used by events: `home:7`. */
  key: string;
  team: TeamSide;
  jersey: number;
  name: string;
  /** True when the source says so (metadata) or the reader inferred it. */
  goalkeeper: boolean;
}

export interface Period {
  period: number;
  startFrame: number;
  endFrame: number;
}

export interface MatchSource {
  frameRate: number;
  events: MatchEvent[];
  roster: RosterPlayer[];
  periods: Period[];
}

export function playerKey(team: TeamSide, jersey: number): string {
  return `${team}:${jersey}`;
}

export const frameToMs = (frame: number): number => frame * FRAME_MS;

/** Metrica's normalised coordinates: (0,0) top-left, (1,1) bottom-right of a 105 x 68 m pitch. */
export function fromMetrica(x: number | null | undefined, y: number | null | undefined): PitchPoint | null {
  if (x === null || x === undefined || y === null || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  return { x: x * PITCH_LENGTH, y: (1 - y) * PITCH_WIDTH };
}

/** Periods from the events themselves, when the source gives no explicit boundaries. */
export function periodsFromEvents(events: readonly MatchEvent[]): Period[] {
  const byPeriod = new Map<number, Period>();
  for (const e of events) {
    const p = byPeriod.get(e.period) ?? { period: e.period, startFrame: e.startFrame, endFrame: e.endFrame };
    p.startFrame = Math.min(p.startFrame, e.startFrame);
    p.endFrame = Math.max(p.endFrame, e.endFrame, e.startFrame);
    byPeriod.set(e.period, p);
  }
  return [...byPeriod.values()].sort((a, b) => a.period - b.period);
}

/**
 * Goalkeepers when the source does not name them: per team, the player who takes goal kicks and makes
 * saves, else the one whose events lie closest to a goal line on average.
 */
export function inferGoalkeepers(events: readonly MatchEvent[], roster: RosterPlayer[]): void {
  for (const team of ['home', 'away'] as const) {
    const players = roster.filter((p) => p.team === team);
    if (players.some((p) => p.goalkeeper) || players.length === 0) continue;
    const score = new Map<string, { keeper: number; edge: number; n: number }>();
    for (const e of events) {
      if (!e.from || e.team !== team) continue;
      const s = score.get(e.from) ?? { keeper: 0, edge: 0, n: 0 };
      if (e.subtypes.includes('GOAL KICK') || e.subtypes.includes('SAVED')) s.keeper += 1;
      if (e.start) {
        s.edge += Math.min(e.start.x, PITCH_LENGTH - e.start.x);
        s.n += 1;
      }
      score.set(e.from, s);
    }
    let best: RosterPlayer | undefined;
    let bestScore = -Infinity;
    for (const p of players) {
      const s = score.get(p.key);
      if (!s || s.n === 0) continue;
      const value = s.keeper * 100 - s.edge / s.n;
      if (value > bestScore) {
        bestScore = value;
        best = p;
      }
    }
    if (best) best.goalkeeper = true;
  }
}
