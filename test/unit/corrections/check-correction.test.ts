import { describe, expect, it } from 'vitest';
import { applyCorrections } from '../../../engine/corrections/apply-corrections.js';
import { checkCorrection } from '../../../engine/corrections/check-correction.js';
import type { Correction } from '../../../engine/corrections/correction-types.js';
import { smallResults } from './corrections-fixture.js';

const check = (k: Correction, before: Correction[] = []) =>
  checkCorrection(k, applyCorrections(smallResults(), before.map((correction, i) => ({ seq: i + 1, correction }))));

describe('checkCorrection', () => {
  it('accepts corrections that fit the results', () => {
    expect(check({ op: 'name_track', track_id: 2, player_id: '0-7' })).toBeNull();
    expect(check({ op: 'split_track', track_id: 1, at_ms: 400 })).toBeNull();
    expect(check({ op: 'merge_tracks', track_id: 3, into_track_id: 2 })).toBeNull();
    expect(check({ op: 'add_event', event: { type: 'tackle', start_ms: 0, end_ms: 1000, team: 'team_1', player_id: null, properties: {} } })).toBeNull();
    expect(check({ op: 'edit_event', event_id: 'pass-1', changes: { player_id: '0-10' } })).toBeNull();
    expect(check({ op: 'swap_squads' })).toBeNull();
  });

  it('an unknown track or event is not_found; a track split off earlier is known', () => {
    expect(check({ op: 'name_track', track_id: 99, player_id: '0-7' })?.code).toBe('not_found');
    expect(check({ op: 'merge_tracks', track_id: 1, into_track_id: 99 })?.code).toBe('not_found');
    expect(check({ op: 'delete_event', event_id: 'pass-9' })?.code).toBe('not_found');
    expect(check({ op: 'name_track', track_id: 5, player_id: '0-9' }, [{ op: 'split_track', track_id: 1, at_ms: 200 }])).toBeNull();
  });

  it('an id of the other squad, one player in two places, a merge of tracks seen together: conflict', () => {
    expect(check({ op: 'name_track', track_id: 3, player_id: '0-7' })).toMatchObject({ code: 'conflict', message: expect.stringContaining('team_1') });
    expect(check({ op: 'name_track', track_id: 2, player_id: '0-10' })).toMatchObject({ code: 'conflict', message: expect.stringContaining('two places') });
    expect(check({ op: 'merge_tracks', track_id: 2, into_track_id: 1 })).toMatchObject({ code: 'conflict', message: expect.stringContaining('both seen') });
    expect(check({ op: 'name_track', track_id: 1, player_id: '0-4' }, [{ op: 'set_track_role', track_id: 1, role: 'referee' }])?.code).toBe('conflict');
    expect(check({ op: 'add_event', event: { type: 'shot', start_ms: 0, end_ms: 40, team: 'team_1', player_id: '0-10', properties: {} } })?.code).toBe('conflict');
  });

  it('times outside the track or the video and malformed ids are invalid', () => {
    expect(check({ op: 'split_track', track_id: 1, at_ms: 0 })?.code).toBe('invalid');
    expect(check({ op: 'split_track', track_id: 1, at_ms: 440 })?.code).toBe('invalid');
    expect(check({ op: 'name_track', track_id: 2, player_id: 'ten' })?.code).toBe('invalid');
    expect(check({ op: 'merge_tracks', track_id: 2, into_track_id: 2 })?.code).toBe('invalid');
    expect(check({ op: 'add_event', event: { type: 'shot', start_ms: 900, end_ms: 1040, team: null, player_id: null, properties: {} } })?.code).toBe('invalid');
    expect(check({ op: 'edit_event', event_id: 'pass-1', changes: { start_ms: 500 } })?.code).toBe('invalid');
    expect(check({ op: 'add_event', event: { type: 'foul' as never, start_ms: 0, end_ms: 40, team: null, player_id: null, properties: {} } })?.code).toBe('invalid');
  });

  it('an event may name only a player of the analysis', () => {
    expect(check({ op: 'add_event', event: { type: 'shot', start_ms: 0, end_ms: 40, team: 'team_0', player_id: '0-5', properties: {} } })?.code).toBe('not_found');
  });

  it('event properties must be the type\'s, of its value types (the schema endpoint\'s catalogue); the engine\'s own stand', () => {
    const shot = (properties: Record<string, string | number | boolean | null>) =>
      check({ op: 'add_event', event: { type: 'shot', start_ms: 0, end_ms: 40, team: 'team_0', player_id: null, properties } });
    expect(shot({ outcome: 'goal', x: 94.5, y: 30 })).toBeNull();
    expect(shot({ outcome: null })).toBeNull();
    expect(shot({ receiver_player_id: '0-10' })).toMatchObject({ code: 'invalid', message: expect.stringContaining('a shot has no property "receiver_player_id"') });
    expect(shot({ outcome: 'in the net' })).toMatchObject({ code: 'invalid', message: expect.stringContaining('must be one of goal, on_target') });
    expect(shot({ x: '94' })).toMatchObject({ code: 'invalid', message: 'property x of a shot must be a number or null' });
    expect(shot({ confidence_event: 0.5 })?.code).toBe('invalid');
    const pass = (properties: Record<string, string | number | boolean | null>) => check({ op: 'edit_event', event_id: 'pass-1', changes: { properties } });
    expect(pass({ receiver_player_id: '0-10' })).toBeNull();
    expect(pass({ receiver_player_id: 'ten' })).toMatchObject({ code: 'invalid', message: expect.stringContaining('player id') });
    // The fixture's pass carries receiver_player_id null already: kept as it is, it is not checked again.
    expect(pass({ receiver_player_id: null, length_m: 12.5 })).toBeNull();
  });
});
