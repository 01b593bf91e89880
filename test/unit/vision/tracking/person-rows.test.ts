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

  it('takes the positions of a range of frames again from their foot points, the other frames untouched', () => {
    const rows = rowsOf([[0, 1], [1, 1], [1, 2], [2, 1], [3, 1]]);
    for (let n = 0; n < 5; n++) {
      rows.x[n] = 100;
      rows.y[n] = 100;
      rows.footU[n] = n;
      rows.footV[n] = 10 * n;
    }
    rows.reproject(1, 3, (u, v) => (u === 2 ? null : [u + 1, v + 1]));
    expect([...rows.x.subarray(0, 5)]).toEqual([100, 2, 100, 4, 100]);
    expect([...rows.y.subarray(0, 5)]).toEqual([100, 11, 100, 31, 100]);
  });
});

