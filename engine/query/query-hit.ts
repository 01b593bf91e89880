import type { TeamLabel } from '../results/result-events.js';
import { parsePlayerId } from '../results/analysis-facts.js';
import type { Span } from '../metrics/intervals.js';
import type { FilterType } from './query-types.js';

/**
 * One labelled interval inside the engine (ms). `playerId` / `teamId` are undefined when the filter type
 * carries no such field (a ball_location run has no team), and null when it carries one that is unknown
 * (a pass whose passer was not identified).
 */
export interface Hit extends Span {
  label: string;
  type: FilterType | 'combined';
  playerId?: string | null;
  teamId?: TeamLabel | null;
}

/** Hits with equal keys are the same kind of interval: only those merge (QRY-09 with labels kept). */
export function hitKey(h: Hit): string {
  return `${h.type}\u0000${h.label}\u0000${String(h.playerId)}\u0000${String(h.teamId)}`;
}

/** The team a player id names: `0-10` -> team_0 (player ids carry the engine's team label). */
export function teamOfPlayer(id: string): TeamLabel | null {
  const p = parsePlayerId(id);
  return p === null ? null : p.team === 0 ? 'team_0' : 'team_1';
}
