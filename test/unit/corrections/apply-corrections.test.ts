import { describe, expect, it } from 'vitest';
import { applyCorrections } from '../../../engine/corrections/apply-corrections.js';
import type { AppliedCorrection } from '../../../engine/corrections/correction-log.js';
import type { Correction } from '../../../engine/corrections/correction-types.js';
import { ROLE_REFEREE } from '../../../engine/results/tracking-columns.js';
import { idsOfTrack, smallResults } from './corrections-fixture.js';

const applied = (...ks: Correction[]): AppliedCorrection[] => ks.map((correction, i) => ({ seq: i + 1, correction }));

describe('applyCorrections: tracks', () => {
  it('with no corrections the results are returned as they are, with every track\'s id', () => {
    const r = smallResults();
    r.tracking.track.fill(-1, 0, 2);
    const out = applyCorrections(r, []);
    expect(out.tracking.player).toBe(r.tracking.player);
    expect(out.tracking.team).toBe(r.tracking.team);
    expect(out.events).toBe(r.events);
    expect(out.facts).toBe(r.facts);
    // The first row, 0-10's, lost its tracker id: it gets 0-10's own track (after the tracker's 1-3);
    // the unnamed one beside it has none, nor has the ball.
    expect(Array.from(out.tracking.track.subarray(0, 4))).toEqual([4, -1, -1, 1]);
  });

  it('naming a track gives every row of it the id (confidence 1) and adds the player to the facts', () => {
    const out = applyCorrections(smallResults(), applied({ op: 'name_track', track_id: 2, player_id: '0-7' }));
    expect(idsOfTrack(out.tracking, 2)).toEqual(Array(11).fill('0-7'));
    expect(idsOfTrack(out.tracking, 1)).toEqual(Array(11).fill('0-10'));
    expect(out.facts.players.map((p) => p.player_id)).toEqual(['0-7', '0-10']);
    expect(out.facts.players[0]).toEqual({ player_id: '0-7', team: 'team_0', jersey: 7, role: 'player', name: null });
    const r = out.tracking.track.indexOf(2);
    expect(out.tracking.playerIdConf[r]).toBe(1);
  });

  it('clearing a name leaves the track unnamed and the player gone from the facts', () => {
    const out = applyCorrections(smallResults(), applied({ op: 'name_track', track_id: 1, player_id: null }));
    expect(idsOfTrack(out.tracking, 1)).toEqual(Array(11).fill(null));
    expect(out.facts.players).toEqual([]);
    // The pass's player was on track 1: it now has no player, and keeps its squad.
    expect(out.events[0]).toMatchObject({ event_id: 'pass-1', player_id: null, team: 'team_0' });
  });

  it('a split makes the rows from at_ms on a new track, which can then be named on its own', () => {
    const out = applyCorrections(smallResults(), applied(
      { op: 'split_track', track_id: 1, at_ms: 200 },
      // New tracks are numbered after the tracker's (1-3) and the one per identified player (4).
      { op: 'name_track', track_id: 5, player_id: '0-9' },
    ));
    expect(idsOfTrack(out.tracking, 1)).toEqual(Array(5).fill('0-10'));
    expect(idsOfTrack(out.tracking, 5)).toEqual(Array(6).fill('0-9'));
    // The pass at 200 ms was made by whoever was on the track then: the new part's player.
    expect(out.events[0]).toMatchObject({ player_id: '0-9', team: 'team_0' });
  });

  it('a merge moves a track\'s rows into another, whose name they take', () => {
    const out = applyCorrections(smallResults(), applied(
      { op: 'set_track_squad', track_id: 3, team: 'team_0' },
      { op: 'merge_tracks', track_id: 3, into_track_id: 1 },
    ));
    expect(idsOfTrack(out.tracking, 3)).toEqual([]);
    expect(idsOfTrack(out.tracking, 1)).toEqual(Array(21).fill('0-10'));
  });

  it('a referee loses squad and id; not_person removes the rows', () => {
    const ref = applyCorrections(smallResults(), applied({ op: 'set_track_role', track_id: 1, role: 'referee' }));
    const r = ref.tracking.track.indexOf(1);
    expect(ref.tracking.role[r]).toBe(ROLE_REFEREE);
    expect(ref.tracking.team[r]).toBe(-1);
    expect(idsOfTrack(ref.tracking, 1)).toEqual(Array(11).fill(null));
    const gone = applyCorrections(smallResults(), applied({ op: 'set_track_role', track_id: 2, role: 'not_person' }));
    expect(gone.tracking.length).toBe(smallResults().tracking.length - 11);
    expect(idsOfTrack(gone.tracking, 2)).toEqual([]);
    expect(idsOfTrack(gone.tracking, 1)).toEqual(Array(11).fill('0-10'));
  });

  it('moving a named track to the other squad clears the engine\'s id of it', () => {
    const out = applyCorrections(smallResults(), applied({ op: 'set_track_squad', track_id: 1, team: 'team_1' }));
    expect(idsOfTrack(out.tracking, 1)).toEqual(Array(11).fill(null));
    expect(out.tracking.team[out.tracking.track.indexOf(1)]).toBe(1);
  });

  it('the base track ids give the rows of identified players without a tracker id a track of their own', () => {
    const r = smallResults();
    r.tracking.track.fill(-1);
    const out = applyCorrections(r, applied({ op: 'name_track', track_id: 0, player_id: '0-11' }));
    // Track ids after the tracker's (none here: 0 up) are one per player index: `0-10` is index 0.
    expect(idsOfTrack(out.tracking, 0)).toEqual(Array(11).fill('0-11'));
  });
});

describe('applyCorrections: squads swapped', () => {
  it('every label trades places: rows, ids, events, facts', () => {
    const out = applyCorrections(smallResults(), applied({ op: 'swap_squads' }));
    expect(idsOfTrack(out.tracking, 1)).toEqual(Array(11).fill('1-10'));
    expect(out.tracking.team[out.tracking.track.indexOf(3)]).toBe(0);
    expect(out.events.map((e) => [e.player_id, e.team])).toEqual([['1-10', 'team_1'], [null, 'team_0']]);
    expect(out.facts.players).toEqual([{ player_id: '1-10', team: 'team_1', jersey: 10, role: 'player', name: null }]);
    expect(out.facts.kit_keys).toEqual({ team_0: 'team_b', team_1: 'team_a' });
    expect(out.facts.team_roles).toEqual({ team_0: null, team_1: 'home' });
  });

  it('what is named after a swap is named as the analyst saw it; a second swap turns everything back', () => {
    const out = applyCorrections(smallResults(), applied({ op: 'swap_squads' }, { op: 'name_track', track_id: 3, player_id: '0-4' }));
    expect(idsOfTrack(out.tracking, 3)).toEqual(Array(10).fill('0-4'));
    const back = applyCorrections(smallResults(), applied({ op: 'swap_squads' }, { op: 'name_track', track_id: 3, player_id: '0-4' }, { op: 'swap_squads' }));
    expect(idsOfTrack(back.tracking, 3)).toEqual(Array(10).fill('1-4'));
    expect(idsOfTrack(back.tracking, 1)).toEqual(Array(11).fill('0-10'));
  });
});

describe('applyCorrections: events', () => {
  it('adds (id analyst-<seq>, in time order), edits and deletes events', () => {
    const out = applyCorrections(smallResults(), applied(
      { op: 'add_event', event: { type: 'shot', start_ms: 400, end_ms: 440, team: 'team_0', player_id: '0-10', properties: { outcome: 'on_target' } } },
      { op: 'edit_event', event_id: 'tackle-1', changes: { team: 'team_0', start_ms: 120, end_ms: 160 } },
      { op: 'delete_event', event_id: 'pass-1' },
    ));
    expect(out.events.map((e) => [e.event_id, e.start_ms, e.team])).toEqual([['tackle-1', 120, 'team_0'], ['analyst-1', 400, 'team_0']]);
    expect(out.events[1]).toMatchObject({ type: 'shot', player_id: '0-10', confidence_detection: 1, confidence_event: 1, properties: { outcome: 'on_target' } });
  });

  it('an event given another type keeps only the properties that type has too, unless the edit gives them', () => {
    const retyped = applyCorrections(smallResults(), applied({ op: 'edit_event', event_id: 'pass-1', changes: { type: 'shot' } }));
    expect(retyped.events.find((e) => e.event_id === 'pass-1')).toMatchObject({ type: 'shot', properties: {} });
    const given = applyCorrections(smallResults(), applied({ op: 'edit_event', event_id: 'pass-1', changes: { type: 'shot', properties: { outcome: 'goal' } } }));
    expect(given.events.find((e) => e.event_id === 'pass-1')).toMatchObject({ type: 'shot', properties: { outcome: 'goal' } });
  });

  it('an event added before a swap changes squad with it', () => {
    const out = applyCorrections(smallResults(), applied(
      { op: 'add_event', event: { type: 'shot', start_ms: 400, end_ms: 440, team: 'team_0', player_id: '0-10', properties: {} } },
      { op: 'swap_squads' },
    ));
    expect(out.events.find((e) => e.event_id === 'analyst-1')).toMatchObject({ team: 'team_1', player_id: '1-10' });
  });

  it('is deterministic: the same corrections give the same results', () => {
    const ks = applied({ op: 'split_track', track_id: 1, at_ms: 120 }, { op: 'name_track', track_id: 5, player_id: '0-3' }, { op: 'swap_squads' });
    const a = applyCorrections(smallResults(), ks);
    const b = applyCorrections(smallResults(), ks);
    expect(Array.from(a.tracking.player)).toEqual(Array.from(b.tracking.player));
    expect(a.tracking.players).toEqual(b.tracking.players);
    expect(a.events).toEqual(b.events);
  });
});
