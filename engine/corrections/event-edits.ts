import { NO_PLAYER, lowerBoundTime, type TrackingColumns } from '../results/tracking-columns.js';
import { parsePlayerId } from '../results/analysis-facts.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import type { AppliedCorrection } from './correction-log.js';
import type { EventFields } from './correction-types.js';
import { propertiesOfType } from './event-properties.js';
import { swapPlayerId } from './track-edits.js';

/** Player-id properties of events, and which end of the event names that player (spec 2.8 events). */
const PLAYER_PROPERTIES: Record<string, 'start' | 'end'> = { receiver_player_id: 'end', opponent_player_id: 'start' };

const swapTeam = (t: TeamLabel | null): TeamLabel | null => (t === null ? null : t === 'team_0' ? 'team_1' : 'team_0');

/**
 * The engine's events after the track corrections: a player named on an event is whoever the corrected
 * rows say was on that track at that moment (the row of the named player at the event's time, within a
 * frame), and squads follow a swap. Events whose player has no row then keep the id, relabelled by a swap.
 */
export function followTracks(events: readonly ResultEvent[], before: TrackingColumns, after: TrackingColumns, rowOf: Int32Array, swapped: boolean): ResultEvent[] {
  const index = new Map(before.players.map((p, i) => [p, i]));
  const follow = (id: string, tMs: number): string | null => {
    const p = index.get(id);
    if (p === undefined) return swapped ? swapPlayerId(id) : id;
    // The player's row nearest the moment, within a frame.
    let best = -1;
    for (let r = lowerBoundTime(before, tMs - 40); r < before.length && (before.timestamp[r] as number) <= tMs + 40; r++) {
      if (before.player[r] === p && (best < 0 || Math.abs((before.timestamp[r] as number) - tMs) < Math.abs((before.timestamp[best] as number) - tMs))) best = r;
    }
    if (best < 0) return swapped ? swapPlayerId(id) : id;
    const n = rowOf[best] as number;
    if (n < 0) return null;
    const q = after.player[n] as number;
    return q === NO_PLAYER ? null : (after.players[q] as string);
  };
  return events.map((e) => {
    let changed = false;
    const out: ResultEvent = { ...e, team: swapped ? swapTeam(e.team) : e.team };
    if (e.player_id) {
      out.player_id = follow(e.player_id, e.start_ms);
      const team = out.player_id ? parsePlayerId(out.player_id)?.team : undefined;
      if (team !== undefined) out.team = team === 0 ? 'team_0' : 'team_1';
    }
    for (const [key, end] of Object.entries(PLAYER_PROPERTIES)) {
      const v = e.properties[key];
      if (typeof v !== 'string') continue;
      if (!changed) out.properties = { ...e.properties };
      changed = true;
      out.properties[key] = follow(v, end === 'end' ? Math.max(e.start_ms, e.end_ms - 40) : e.start_ms);
    }
    return out;
  });
}

/**
 * The analyst's event corrections in order over the events. What a correction names (a squad, a player)
 * is in the labels the analyst saw then: a swap made after it turns it over.
 */
export function editEvents(events: readonly ResultEvent[], corrections: readonly AppliedCorrection[]): ResultEvent[] {
  const out = [...events];
  let swapsAfter = corrections.filter((k) => k.correction.op === 'swap_squads').length;
  for (const { seq, correction: k } of corrections) {
    if (k.op === 'swap_squads') swapsAfter--;
    const relabel = <T extends Partial<EventFields>>(f: T): T => {
      if (swapsAfter % 2 === 0) return f;
      const g = { ...f };
      if (g.team !== undefined) g.team = swapTeam(g.team);
      if (g.player_id) g.player_id = swapPlayerId(g.player_id);
      return g;
    };
    if (k.op === 'add_event') {
      out.push({ event_id: `analyst-${seq}`, ...relabel(k.event), confidence_detection: 1, confidence_event: 1 });
    } else if (k.op === 'delete_event') {
      const i = out.findIndex((e) => e.event_id === k.event_id);
      if (i >= 0) out.splice(i, 1);
    } else if (k.op === 'edit_event') {
      const i = out.findIndex((e) => e.event_id === k.event_id);
      if (i < 0) continue;
      const e = out[i] as ResultEvent;
      // A new type keeps only the properties it has too, unless the edit gives them.
      const kept = k.changes.type && !k.changes.properties ? { properties: propertiesOfType(k.changes.type, e.properties) } : {};
      out[i] = { ...e, ...kept, ...relabel(k.changes), confidence_event: 1 };
    }
  }
  // Events are served in time order, whatever order the analyst added them in (a stable sort: the
  // engine's own order is kept among events that start together).
  const moved = corrections.some((k) => k.correction.op === 'add_event' || (k.correction.op === 'edit_event' && k.correction.changes.start_ms !== undefined));
  return moved ? out.sort((a, b) => a.start_ms - b.start_ms) : out;
}
