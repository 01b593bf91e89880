import { describe, expect, it } from 'vitest';
import { PersonRows } from '../../../../engine/vision/tracking/track-store.js';

/** Rows in push order: [frame, track]. */
function rowsOf(list: [number, number][]): PersonRows {
  const rows = new PersonRows();
  list.forEach(([frame, track], n) => {
    rows.frame[n] = frame;
    rows.track[n] = track;
  });
  rows.length = list.length;
  return rows;
}

describe('PersonRows', () => {
  it('gives each frame\'s rows as one half-open range, frames with no rows skipped', () => {
    const rows = rowsOf([[0, 1], [0, 2], [1, 1], [4, 1], [4, 2], [4, 3]]);
    expect([...rows.frameRanges()]).toEqual([[0, 2], [2, 3], [3, 6]]);
    expect([...new PersonRows().frameRanges()]).toEqual([]);
  });

  it('indexes rows by track in row order, leaving out rows without a track', () => {
    const rows = rowsOf([[0, 1], [0, -1], [1, 2], [2, 1]]);
    expect([...rows.byTrack()]).toEqual([[1, [0, 3]], [2, [2]]]);
  });
});
