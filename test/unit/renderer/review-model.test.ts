import { describe, expect, it } from 'vitest';
import { clock, clockMs, editableEvents, onScreen, typedPlayerId, visibleTracks } from '../../../renderer/app/review-model.js';
import type { EventItem, TrackItem } from '../../../renderer/app/api.js';

const track = (id: number, player: string | null, role: TrackItem['role'] = 'player'): TrackItem => ({
  track_id: id, team: 'team_0', role, player_id: player, first_ms: 0, last_ms: 1000, detected_rows: 10, seconds_on_screen: 0.4, sample: null, suggested_player_id: null,
});
const event = (id: string, type: string, start: number): EventItem => ({ event_id: id, type, start_ms: start, end_ms: start + 40, team: null, player_id: null, properties: {} });

describe('review-model', () => {
  it('a number typed with the track\'s squad becomes its id; a full id stays; anything else is none', () => {
    expect(typedPlayerId('9', 'team_0')).toBe('0-9');
    expect(typedPlayerId(' gk ', 'team_1')).toBe('1-GK');
    expect(typedPlayerId('1-4', 'team_0')).toBe('1-4');
    expect(typedPlayerId('9', null)).toBeNull();
    expect(typedPlayerId('nine', 'team_0')).toBeNull();
    expect(typedPlayerId('2-9', 'team_0')).toBeNull();
  });

  it('unnamed only: tracks without an id that are not officials', () => {
    const all = [track(1, '0-7'), track(2, null), track(3, null, 'referee')];
    expect(visibleTracks(all, true).map((k) => k.track_id)).toEqual([2]);
    expect(visibleTracks(all, false).map((k) => k.track_id)).toEqual([1, 2, 3]);
  });

  it('editable events in time order, possession spans and scenes left out', () => {
    const events = [event('shot-1', 'shot', 5000), event('pass-1', 'pass', 2000), event('scene-1', 'scene', 0), event('tp-1', 'team_possession', 0)];
    expect(editableEvents(events, null).map((e) => e.event_id)).toEqual(['pass-1', 'shot-1']);
    expect(editableEvents(events, 'shot').map((e) => e.event_id)).toEqual(['shot-1']);
  });

  it('time on screen in seconds, then minutes', () => {
    expect([onScreen(4.2), onScreen(119), onScreen(4096)]).toEqual(['4 s', '119 s', '68 min']);
  });

  it('clock: m:ss', () => {
    expect(clock(754_300)).toBe('12:34');
    expect(clock(0)).toBe('0:00');
    expect([clockMs('12:34'), clockMs(' 0:07 '), clockMs('7'), clockMs('1:75')]).toEqual([754_000, 7000, null, null]);
  });
});
