import type { EventItem, TrackItem } from './api.js';

/** What the review panel reads and drives of the match's video. */
export interface VideoClock {
  /** The video's current time, ms (null before the video is ready). */
  now(): number | null;
  seek(ms: number): void;
}

/** The events an analyst adds and edits by hand (possession spans, scenes and the timeline are the engine's). */
export const EDITABLE_EVENT_TYPES = ['pass', 'shot', 'drive', 'tackle', 'block'] as const;

/** The tracks to show: those still without an id first (when asked, only those), the service's order otherwise. */
export function visibleTracks(tracks: readonly TrackItem[], unnamedOnly: boolean): TrackItem[] {
  return unnamedOnly ? tracks.filter((k) => k.player_id === null && k.role !== 'referee') : [...tracks];
}

/** Time on screen as a person reads it: `42 s`, `68 min`. */
export function onScreen(seconds: number): string {
  return seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;
}

/** `12:34` -> 754000 ms; null when it is not m:ss. */
export function clockMs(text: string): number | null {
  const m = /^(\d+):([0-5]\d)$/.exec(text.trim());
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : null;
}

/** 754300 ms -> `12:34`. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A player id as the analyst types it: `10` with a squad picked means `<squad>-10`; `0-10` stays. Null when it cannot be one. */
export function typedPlayerId(text: string, team: 'team_0' | 'team_1' | null): string | null {
  const s = text.trim();
  if (/^[01]-([0-9]{1,3}|[A-Za-z][A-Za-z0-9]{0,7})$/.test(s)) return s;
  if (team && /^([0-9]{1,3}|GK)$/i.test(s)) return `${team === 'team_0' ? 0 : 1}-${s.toUpperCase()}`;
  return null;
}

/** The events of the editable types, in time order. */
export function editableEvents(events: readonly EventItem[], type: string | null): EventItem[] {
  return events
    .filter((e) => (EDITABLE_EVENT_TYPES as readonly string[]).includes(e.type) && (type === null || e.type === type))
    .sort((a, b) => a.start_ms - b.start_ms);
}
