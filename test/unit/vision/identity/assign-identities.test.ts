import { describe, expect, it } from 'vitest';
import { assignIdentities, type TrackSummary } from '../../../../engine/vision/identity/assign-identities.js';

const track = (t: number, team: 0 | 1 | null, from: number, to: number, number: number | null, confidence = 0.8, role: TrackSummary['role'] = 'player'): TrackSummary => ({
  track: t, team, role, from, to, number: number === null ? null : { number, confidence, votes: 5 },
});

describe('identities from voted numbers', () => {
  it('joins the tracks of one number across cuts and keeps officials and unread players unnamed', () => {
    const ids = assignIdentities([
      track(1, 0, 0, 100, 10), track(2, 0, 150, 400, 10), track(3, 1, 0, 400, 10), track(4, 0, 0, 400, null), track(5, null, 0, 400, null, 0, 'referee'),
    ]);
    expect(ids.get(1)?.playerId).toBe('0-10');
    expect(ids.get(2)?.playerId).toBe('0-10');
    expect(ids.get(3)?.playerId).toBe('1-10');
    expect(ids.has(4)).toBe(false);
    expect(ids.has(5)).toBe(false);
  });

  it('never puts one person in two places: the most confident of overlapping claims keeps the id', () => {
    const ids = assignIdentities([track(1, 0, 0, 100, 7, 0.6), track(2, 0, 50, 200, 7, 0.9), track(3, 0, 210, 300, 7, 0.5)]);
    expect(ids.get(2)?.playerId).toBe('0-7');
    expect(ids.has(1)).toBe(false);
    expect(ids.get(3)?.playerId).toBe('0-7');
  });

  it('lets a brief overlap pass as the tracker handing a man from an old track to a new one (under 1 s)', () => {
    const ids = assignIdentities([track(1, 0, 0, 100, 7, 0.9), track(2, 0, 90, 300, 7, 0.8), track(3, 0, 270, 400, 7, 0.7)]);
    expect(ids.get(1)?.playerId).toBe('0-7'); // 10 frames of overlap with track 2
    expect(ids.get(2)?.playerId).toBe('0-7');
    expect(ids.has(3)).toBe(false); // 30 frames of overlap with track 2
  });

  it('names a goalkeeper by role when his number was not read, by number when it was', () => {
    const ids = assignIdentities([track(1, 1, 0, 100, null, 0, 'goal_keeper'), track(2, 0, 0, 100, 1, 0.9, 'goal_keeper')]);
    expect(ids.get(1)).toEqual({ playerId: '1-GK', confidence: 0.5 });
    expect(ids.get(2)?.playerId).toBe('0-1');
  });

  it('names an unread goalkeeper track by the number read on his side\'s other goalkeeper tracks', () => {
    const ids = assignIdentities([
      track(1, 0, 0, 100, null, 0, 'goal_keeper'), track(2, 0, 200, 300, 13, 0.7, 'goal_keeper'), track(3, 0, 400, 500, 31, 0.9, 'goal_keeper'),
      track(4, 1, 0, 100, null, 0, 'goal_keeper'), track(5, 0, 0, 100, null, 0, 'player'),
    ]);
    expect(ids.get(1)).toEqual({ playerId: '0-31', confidence: 0.5 });
    expect(ids.get(2)?.playerId).toBe('0-13');
    expect(ids.get(3)?.playerId).toBe('0-31');
    expect(ids.get(4)?.playerId).toBe('1-GK');
    expect(ids.has(5)).toBe(false);
  });
});
