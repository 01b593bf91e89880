import type { ResultEvent } from '../results/result-events.js';
import type { TrackingColumns } from '../results/tracking-columns.js';
import { controlInputFromRows } from './control-input-from-rows.js';
import { detectEvents } from './detect-events.js';
import { toResultEvents } from './events-to-results.js';

/**
 * Events from stored tracking rows, whatever made them (the video engine, or an import without events
 * of its own): passes, shots, blocks, drives, tackles, team and player possession and the match
 * timeline, as unnumbered event records on the rows' timeline. Squad index 0 is `team_0`.
 */
export function eventsFromRows(columns: TrackingColumns, options: { durationMs: number; frameMs?: number }): ResultEvent[] {
  const frameMs = options.frameMs ?? 40;
  const built = controlInputFromRows(columns, frameMs);
  if (!built) return [];
  const detection = detectEvents(built.input, frameMs);
  return toResultEvents(detection, built.input, {
    startMs: built.startMs, frameMs, durationMs: options.durationMs,
    playerId: (slot, frame) => built.occupant(slot, frame)?.playerId ?? null,
    teamLabel: (team) => (team === 0 ? 'team_0' : 'team_1'),
  });
}
