import { describe, expect, it } from 'vitest';
import { summaryLines, type SummaryLike } from '../../../main/cli/match-summary.js';

const player = (player_id: string, team_id: string, name: string, distance: number, top: number, seconds = 600) => ({
  player_id, team_id, name, stats: { total_distance_m: distance, max_speed_kmh: top, tracking_duration_sec: seconds, ball_actions: { passes: 3, shots: 0 } },
});

const summary: SummaryLike = {
  teams: { team_0_name: 'Reds', team_1_name: 'Blues' },
  metadata: { video_length_sec: 5400 },
  possession: { summary: { team_0: { pct: 52.4 }, team_1: { pct: 39.1 }, unknown: { pct: 8.5 } } },
  players: [
    player('0-7', 'team_0', 'Reds #7', 10_400, 31.2),
    player('0-9', 'team_0', 'Ada Smith', 9_800, 33.05),
    player('1-4', 'team_1', 'Blues #4', 11_050, 29.0),
    player('1-10', 'team_1', 'Blues #10', 8_000, 30.0),
  ],
};

describe('summaryLines', () => {
  it('gives possession, the three longest distances and top speeds, and passes and shots per team from the events', () => {
    const events = [
      { type: 'pass', team: 'team_0' }, { type: 'pass', team: 'team_0' }, { type: 'pass', team: 'team_1' },
      { type: 'pass', team: null }, { type: 'shot', team: 'team_1' }, { type: 'drive', team: 'team_0' },
    ];
    expect(summaryLines(summary, events)).toEqual([
      'Reds - Blues, 90.0 minutes of video',
      'possession: Reds 52%, Blues 39%, unknown 9%',
      'top distances: Blues #4 11.05 km, Reds #7 10.40 km, Ada Smith (Reds) 9.80 km',
      'top speeds: Ada Smith (Reds) 33.0 km/h, Reds #7 31.2 km/h, Blues #10 30.0 km/h',
      'passes: Reds 2, Blues 1',
      'shots: Reds 0, Blues 1',
    ]);
  });

  it('says why the names given are not shown while the sides are unknown, and nothing when they are', () => {
    const unnamed = { ...summary, teams: { team_0_name: 'Team 0', team_1_name: 'Team 1' } };
    expect(summaryLines(unnamed, [], { home: 'Reds', away: 'Blues' })).toContain(
      '(which squad is Reds is not known yet: give --left-start home|away, or confirm the kits in the app, then `touchline export`)');
    expect(summaryLines(summary, [], { home: 'Reds', away: 'Blues' }).some((l) => l.startsWith('(which squad'))).toBe(false);
    expect(summaryLines(summary, [], { home: 'Blues', away: 'Reds' }).some((l) => l.startsWith('(which squad'))).toBe(false);
  });

  it('says so when no player was identified instead of ranking nobody', () => {
    const lines = summaryLines({ ...summary, players: [] }, []);
    expect(lines).toContain('players: none identified (shirt numbers unread), so no per-player figures');
    expect(lines.some((l) => l.startsWith('top'))).toBe(false);
  });
});
