import { describe, expect, it } from 'vitest';
import { SQUAD_DOUBT_SHARE, tracksInSquadDoubt, withoutDoubtfulSquads } from '../../../../engine/vision/identity/squad-doubt.js';
import type { TrackEnds } from '../../../../engine/vision/identity/stitch-tracks.js';

/** Rows of `track` labelled squad 0 `zeros` times and squad 1 `ones` times. */
const rowsOf = (spec: [track: number, zeros: number, ones: number][]) => {
  const track: number[] = [];
  const team: (0 | 1 | null)[] = [];
  for (const [t, zeros, ones] of spec) {
    for (let k = 0; k < zeros + ones; k++) {
      track.push(t);
      team.push(k < zeros ? 0 : 1);
    }
  }
  return { track, team: (n: number) => team[n] ?? null };
};

describe('tracksInSquadDoubt', () => {
  it('doubts a track whose rows name the other squad a fifth of the time or more', () => {
    const rows = rowsOf([[1, 60, 40], [2, 90, 10], [3, 80, 20]]);
    const doubt = tracksInSquadDoubt(rows.track, rows.team, () => 0);
    expect([...doubt].sort()).toEqual([1, 3]);
    expect(SQUAD_DOUBT_SHARE).toBe(0.2);
  });

  it('counts against each track\'s own squad, and leaves officials\' rows and unlabelled tracks out', () => {
    const rows = rowsOf([[1, 10, 90], [2, 10, 90], [-1, 50, 50]]);
    const withOfficials = { track: [...rows.track, 1, 1, 1], team: (n: number) => (n < rows.track.length ? rows.team(n) : null) };
    const doubt = tracksInSquadDoubt(withOfficials.track, withOfficials.team, (t) => (t === 1 ? 1 : null));
    expect([...doubt]).toEqual([]);
  });
});

describe('withoutDoubtfulSquads', () => {
  it('takes the squad from doubtful tracks only, so they claim no id', () => {
    const end = (track: number): TrackEnds => ({ track, team: 1, role: 'player', fromMs: 0, toMs: 1000, first: [0, 0], last: [1, 1], number: null });
    const out = withoutDoubtfulSquads([end(1), end(2)], new Set([2]));
    expect(out.map((e) => e.team)).toEqual([1, null]);
  });
});
