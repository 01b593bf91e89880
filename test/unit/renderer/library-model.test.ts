import { describe, expect, it } from 'vitest';
import { anythingMoving, formatDuration, latestAnalysis, visibleVideos } from '../../../renderer/app/library-model.js';
import type { VideoItem } from '../../../renderer/app/api.js';

const video = (id: number, title: string, created: string, duration: number | null, extra: Partial<VideoItem> = {}): VideoItem => ({
  id, status: 'available', game_name: `2026-01-01_x-${id}`, title, created_at: created, home_team_name: 'Home', away_team_name: 'Away', duration, analyses: [], ...extra,
});
const list = [
  video(1, 'Ajax - PSV', '2026-01-01T10:00:00Z', 5400, { home_team_name: 'Ajax', away_team_name: 'PSV' }),
  video(2, 'Zulte - Genk', '2026-01-03T10:00:00Z', null, { home_team_name: 'Zulte Waregem' }),
  video(3, 'Brügge - Antwerp', '2026-01-02T10:00:00Z', 600, { home_team_name: 'Club Brügge' }),
];

describe('library model', () => {
  it('searches titles, teams and game names, ignoring case and accents; every word must match', () => {
    expect(visibleVideos(list, 'BRUGGE', 'newest').map((v) => v.id)).toEqual([3]);
    expect(visibleVideos(list, 'ajax psv', 'newest').map((v) => v.id)).toEqual([1]);
    expect(visibleVideos(list, 'ajax genk', 'newest')).toEqual([]);
    expect(visibleVideos(list, '  ', 'newest')).toHaveLength(3);
  });

  it('sorts newest, oldest, by title and by duration (unknown last)', () => {
    expect(visibleVideos(list, '', 'newest').map((v) => v.id)).toEqual([2, 3, 1]);
    expect(visibleVideos(list, '', 'oldest').map((v) => v.id)).toEqual([1, 3, 2]);
    expect(visibleVideos(list, '', 'title').map((v) => v.id)).toEqual([1, 3, 2]);
    expect(visibleVideos(list, '', 'duration').map((v) => v.id)).toEqual([1, 3, 2]);
  });

  it('formats durations and knows what is still moving', () => {
    expect([formatDuration(5405), formatDuration(724), formatDuration(8), formatDuration(null)]).toEqual(['1:30:05', '12:04', '0:08', '–']);
    const analysing = video(4, 'x', '2026-01-01T00:00:00Z', 60, { analyses: [{ id: 7, status: 'done' }, { id: 9, status: 'running' }] });
    expect(latestAnalysis(analysing)).toEqual({ id: 9, status: 'running' });
    expect(anythingMoving([analysing])).toBe(true);
    expect(anythingMoving(list)).toBe(false);
    expect(anythingMoving([video(5, 'y', '2026-01-01T00:00:00Z', null, { status: 'downloading' })])).toBe(true);
  });
});

describe('app routes', () => {
  it('reads the match view and its analysis from the address; anything else is the library', async () => {
    const { parseRoute, matchHref } = await import('../../../renderer/app/route.js');
    expect(parseRoute(matchHref(42))).toEqual({ view: 'match', analysisId: 42 });
    expect(parseRoute('#/library')).toEqual({ view: 'library' });
    expect(parseRoute('#/match/x')).toEqual({ view: 'library' });
    expect(parseRoute('')).toEqual({ view: 'library' });
  });
});
