import { describe, expect, it } from 'vitest';
import { resolveOrientation } from '../../../engine/reports/orientation.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';

const half = (period: string, start: number, end: number): ResultEvent => ({
  event_id: `t-${start}`, type: 'match_timeline', start_ms: start, end_ms: end, team: null, player_id: null, properties: { period }, confidence_detection: 1, confidence_event: 1,
});
const match = [half('first_half', 0, 2_700_000), half('half_time', 2_700_000, 3_600_000), half('second_half', 3_600_000, 6_300_000)];
const base = { leftStartTeam: 'unknown' as const, source: 'video' as const, hasTeams: true, events: match, durationMs: 6_300_000 };

describe('resolveOrientation', () => {
  it('[PLR-02] who vouches: hub (the video\'s side), then game_meta (an import), then tracking (the engine\'s squads), else null and camera', () => {
    expect(resolveOrientation({ ...base, leftStartTeam: 'home' }).source).toBe('hub');
    expect(resolveOrientation({ ...base, source: 'import:metrica' }).source).toBe('game_meta');
    expect(resolveOrientation(base).source).toBe('tracking');
    const none = resolveOrientation({ ...base, hasTeams: false });
    expect([none.source, none.frame]).toEqual([null, 'camera']);
    expect(none.toFrame('team_1', 4_000_000, 10, 20)).toEqual({ x: 10, y: 20 });
  });

  it('[PLR-25] attacking: each team towards x = 105 in both halves (team_1 mirrored in the first, team_0 in the second)', () => {
    const o = resolveOrientation(base);
    expect(o.frame).toBe('attacking');
    expect(o.toFrame('team_0', 1000, 10, 20)).toEqual({ x: 10, y: 20 });
    expect(o.toFrame('team_1', 1000, 10, 20)).toEqual({ x: 95, y: 48 });
    expect(o.toFrame('team_0', 4_000_000, 10, 20)).toEqual({ x: 95, y: 48 });
    expect(o.toFrame('team_1', 4_000_000, 10, 20)).toEqual({ x: 10, y: 20 });
  });

  it('[PLR-25] attacking_first_half when a long match has no second-half start: the first half\'s direction all match', () => {
    const o = resolveOrientation({ ...base, events: [half('first_half', 0, 2_700_000)] });
    expect(o.frame).toBe('attacking_first_half');
    expect(o.toFrame('team_0', 4_000_000, 10, 20)).toEqual({ x: 10, y: 20 });
    expect(o.toFrame('team_1', 4_000_000, 10, 20)).toEqual({ x: 95, y: 48 });
    // A clip shorter than a half needs no second half to be attacking.
    expect(resolveOrientation({ ...base, events: [], durationMs: 600_000 }).frame).toBe('attacking');
  });
});
