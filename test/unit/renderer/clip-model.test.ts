import { describe, expect, it } from 'vitest';
import { conditionProblem, intervalsCsv, intervalsEdl, newCondition, playlistStep, queryBody, timecode, toFilter, type Interval } from '../../../renderer/app/clip-model.js';

const iv = (start: number, end: number, label = 'pass', extra: Partial<Interval> = {}): Interval => ({ start, end, label, type: 'ball_action', ...extra });

describe('clip builder model', () => {
  it('turns conditions into query-intervals filters', () => {
    expect(toFilter({ ...newCondition('ball_location'), team: 'team_1', third: 'attacking' })).toEqual({ type: 'ball_location', x_min: 70, x_max: 105, team_side_perspective: 'team_1' });
    expect(toFilter({ ...newCondition('ball_action'), actions: ['shot'] })).toEqual({ type: 'ball_action', actions: ['shot'], teams: ['team_0'] });
    expect(toFilter(newCondition('player_possession', '1-9'))).toEqual({ type: 'player_possession', players: ['1-9'] });
    expect(toFilter({ ...newCondition('scene'), analysable: false })).toEqual({ type: 'scene', is_analysable: false });
    expect(queryBody([newCondition('match_timeline')], 'OR', 3)).toEqual({ operator: 'OR', pad_sec: 3, filters: [{ type: 'match_timeline', periods: ['first_half'] }] });
    expect(conditionProblem(newCondition('player_possession'))).toBe('noPlayer');
    expect(conditionProblem({ ...newCondition('ball_action'), actions: [] })).toBe('noAction');
    expect(conditionProblem(newCondition('team_possession'))).toBeNull();
  });

  it('plays intervals back to back: stays inside one, jumps to the next at its end, stops after the last', () => {
    const list = [iv(10, 20), iv(40, 45), iv(42, 50)];
    expect(playlistStep(list, 0, 15)).toEqual({ index: 0, seekTo: null });
    expect(playlistStep(list, 0, 20)).toEqual({ index: 1, seekTo: 40 });
    expect(playlistStep(list, 0, 5)).toEqual({ index: 0, seekTo: 10 });
    // An overlapping next interval still starts from its own start.
    expect(playlistStep(list, 1, 45.1)).toEqual({ index: 2, seekTo: 42 });
    expect(playlistStep(list, 2, 50)).toBeNull();
    expect(playlistStep([], 0, 1)).toBeNull();
  });

  it('writes CSV with quoted cells where needed', () => {
    const csv = intervalsCsv([iv(61.5, 70.25, 'pass, long', { player_id: '0-7', team_id: 'team_0' }), iv(0, 1, 'say "hi"')]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('index,start_sec,end_sec,duration_sec,start,end,label,type,player_id,team_id');
    expect(lines[1]).toBe('1,61.500,70.250,8.750,1:01.5,1:10.3,"pass, long",ball_action,0-7,team_0');
    expect(lines[2]).toBe('2,0.000,1.000,1.000,0:00.0,0:01.0,"say ""hi""",ball_action,,');
  });

  it('writes a CMX 3600 EDL with source and record timecodes at 25 frames per second', () => {
    expect(timecode(3661.52)).toBe('01:01:01:13');
    const edl = intervalsEdl([iv(10, 12.5), iv(100, 101)], 'Ajax - PSV', 'ajax-psv_clips.mp4').split('\r\n');
    expect(edl[0]).toBe('TITLE: Ajax - PSV');
    expect(edl[1]).toBe('FCM: NON-DROP FRAME');
    expect(edl[3]).toBe('001  AJAXPSV_ V     C        00:00:10:00 00:00:12:13 00:00:00:00 00:00:02:13');
    expect(edl[7]).toBe('002  AJAXPSV_ V     C        00:01:40:00 00:01:41:00 00:00:02:13 00:00:03:13');
    expect(edl[9]).toBe('* COMMENT: pass');
  });
});
