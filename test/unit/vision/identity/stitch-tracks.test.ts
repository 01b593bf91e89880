import { describe, expect, it } from 'vitest';
import { stitchTracks, type TrackEnds } from '../../../../engine/vision/identity/stitch-tracks.js';

const t = (track: number, team: 0 | 1 | null, fromMs: number, toMs: number, first: [number, number], last: [number, number], o: Partial<TrackEnds> = {}): TrackEnds => ({
  track, team, role: 'player', fromMs, toMs, first, last, number: null, ...o,
});

describe('tracklet stitching', () => {
  it('joins a track to the one that starts shortly after near where it ended, on the same side', () => {
    const chains = stitchTracks([
      t(1, 0, 0, 4000, [10, 10], [20, 10]),
      t(2, 0, 4400, 9000, [20.5, 10.5], [30, 12]),
      t(3, 0, 9800, 12000, [31, 12], [35, 12]),
      // The other side, far away: its own chain.
      t(4, 1, 0, 12000, [80, 40], [80, 40]),
    ]);
    expect(chains).toEqual([[1, 2, 3], [4]]);
  });

  it('does not join across squads, officials, goalkeeper and outfield, or different numbers', () => {
    const chains = stitchTracks([
      t(1, 0, 0, 1000, [10, 10], [10, 10], { number: 7 }),
      t(2, 1, 1200, 2000, [10, 10], [10, 10]),
      t(3, null, 1200, 2000, [10, 10], [10, 10], { role: 'referee' }),
      t(4, 0, 1200, 2000, [10, 10], [10, 10], { role: 'goal_keeper' }),
      t(5, 0, 1200, 2000, [10, 10], [10, 10], { number: 9 }),
    ]);
    expect(chains.every((c) => c.length === 1)).toBe(true);
    expect(chains.flat().sort()).toEqual([1, 2, 4, 5]);
  });

  it('leaves a gap too long or a jump too far for the time unjoined', () => {
    expect(stitchTracks([t(1, 0, 0, 1000, [0, 0], [10, 10]), t(2, 0, 6500, 8000, [10, 10], [10, 10])])).toEqual([[1], [2]]);
    // 0.5 s gap: reach 2 + 3.5 = 5.5 m; 8 m away is somebody else.
    expect(stitchTracks([t(1, 0, 0, 1000, [0, 0], [10, 10]), t(2, 0, 1500, 6000, [18, 10], [18, 10])])).toEqual([[1], [2]]);
  });

  it('refuses an ambiguous link: two teammates vanish together and one track reappears between them', () => {
    const chains = stitchTracks([
      t(1, 0, 0, 1000, [10, 10], [10, 10]),
      t(2, 0, 0, 1000, [12, 10], [12, 10]),
      t(3, 0, 1400, 3000, [11, 10], [11, 10]),
    ]);
    expect(chains).toEqual([[1], [2], [3]]);
    // With one clearly nearer, the link is made.
    expect(stitchTracks([
      t(1, 0, 0, 1000, [10, 10], [10, 10]),
      t(2, 0, 0, 1000, [16, 10], [16, 10]),
      t(3, 0, 1400, 3000, [10.3, 10], [11, 10]),
    ])).toEqual([[1, 3], [2]]);
  });

  it('links each track to at most one successor', () => {
    const chains = stitchTracks([
      t(1, 0, 0, 1000, [10, 10], [10, 10]),
      t(2, 0, 1200, 3000, [10.2, 10], [10, 10]),
      t(3, 0, 1300, 3000, [30, 30], [30, 30]),
    ]);
    expect(chains).toEqual([[1, 2], [3]]);
  });

  it('joins across a gap of a few seconds (a camera that panned away and back), not across a longer one', () => {
    expect(stitchTracks([t(1, 0, 0, 4000, [10, 10], [20, 10]), t(2, 0, 8500, 12000, [24, 12], [30, 12])])).toEqual([[1, 2]]);
    expect(stitchTracks([t(1, 0, 0, 4000, [10, 10], [20, 10]), t(2, 0, 9500, 12000, [24, 12], [30, 12])])).toEqual([[1], [2]]);
  });
});
