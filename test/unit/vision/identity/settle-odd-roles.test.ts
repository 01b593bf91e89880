import { describe, expect, it } from 'vitest';
import { settleOddRoles } from '../../../../engine/vision/identity/settle-odd-roles.js';
import { PersonRows } from '../../../../engine/vision/tracking/track-store.js';
import type { TeamModel, TrackLabel } from '../../../../engine/vision/teams/team-assignment.js';

const player0: TrackLabel = { role: 'player', team: 0 };
const player1: TrackLabel = { role: 'player', team: 1 };
const referee: TrackLabel = { role: 'referee', team: null };
const keeper0: TrackLabel = { role: 'goal_keeper', team: 0 };

/** Rows in frame order: [frame, track, x, y] (metres). */
function rowsOf(list: [number, number, number, number][]): PersonRows {
  const rows = new PersonRows();
  list.forEach(([frame, track, x, y], n) => {
    rows.frame[n] = frame;
    rows.track[n] = track;
    rows.x[n] = x;
    rows.y[n] = y;
  });
  rows.length = list.length;
  return rows;
}

const model = (labels: [number, TrackLabel][]): TeamModel => ({
  kits: [[50, 0, 0], [50, 0, 0]],
  labels: new Map(labels),
  classify: () => null,
});

describe('settleOddRoles', () => {
  it('keeps a player track\'s label where its samples say referee while the referee\'s own track is in the field', () => {
    const rows = rowsOf([[0, 1, 50, 30], [0, 2, 52, 31], [1, 1, 50, 30], [1, 2, 52, 31]]);
    const labels = [referee, referee, referee, referee];
    settleOddRoles(rows, labels, model([[1, player1], [2, referee]]));
    expect(labels).toEqual([player1, referee, player1, referee]);
  });

  it('lets a player track be the referee where no referee track is seen (the track changed hands)', () => {
    const rows = rowsOf([[0, 1, 50, 30], [0, 3, 40, 20]]);
    const labels = [referee, player0];
    settleOddRoles(rows, labels, model([[1, player1], [3, player0]]));
    expect(labels).toEqual([referee, player0]);
  });

  it('does not count an assistant on the touchline as the referee in the field', () => {
    const rows = rowsOf([[0, 1, 50, 30], [0, 2, 60, -0.5]]);
    const labels = [referee, referee];
    settleOddRoles(rows, labels, model([[1, player1], [2, referee]]));
    expect(labels).toEqual([referee, referee]);
  });

  it('keeps a relabelled goalkeeper row only near a goal', () => {
    const rows = rowsOf([[0, 2, 60, -0.5], [0, 4, 10, 30], [0, 5, 40, 34]]);
    const labels = [keeper0, keeper0, keeper0];
    settleOddRoles(rows, labels, model([[2, referee], [4, player0], [5, player0]]));
    expect(labels).toEqual([referee, keeper0, player0]);
  });

  it('leaves rows without a track or a label alone', () => {
    const rows = rowsOf([[0, -1, 50, 30], [0, 2, 52, 31], [0, 6, 52, 31]]);
    const labels: (TrackLabel | null)[] = [referee, referee, null];
    settleOddRoles(rows, labels, model([[2, referee], [6, player0]]));
    expect(labels).toEqual([referee, referee, null]);
  });
});
