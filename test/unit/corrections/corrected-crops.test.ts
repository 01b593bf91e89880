import { describe, expect, it } from 'vitest';
import { applyCorrections, type Results } from '../../../engine/corrections/apply-corrections.js';
import type { AppliedCorrection } from '../../../engine/corrections/correction-log.js';
import type { Correction } from '../../../engine/corrections/correction-types.js';
import { ROLE_BALL, ROLE_PLAYER, TrackingBuilder } from '../../../engine/results/tracking-columns.js';
import { smallResults } from './corrections-fixture.js';

const applied = (...ks: Correction[]): AppliedCorrection[] => ks.map((correction, i) => ({ seq: i + 1, correction }));

/**
 * smallResults with picture positions and crops the run filed: 0-10 (track 1) has 3, and 1-4, a player
 * of team 1 seen only in the second half (track 4, 440-800 ms), has 2; track 2 (unnamed) has none.
 */
function withCrops(): Results {
  const r = smallResults();
  const b = new TrackingBuilder(128);
  for (const id of r.tracking.players) b.playerIndex(id);
  const p4 = b.playerIndex('1-4');
  const c = r.tracking;
  for (let i = 0; i < c.length; i++) {
    const t = c.timestamp[i] as number;
    b.push({
      timestamp: t, role: c.role[i] as number, player: c.player[i] as number, playerIdConf: 0.8, x: c.x[i] as number, y: c.y[i] as number,
      team: c.team[i] as number, track: c.track[i] as number, ...(c.role[i] === ROLE_BALL ? {} : { bboxX: 100 + (c.track[i] as number), bboxY: t / 4 }),
    });
    if (t >= 440 && c.role[i] === ROLE_BALL) b.push({ timestamp: t, role: ROLE_PLAYER, player: p4, playerIdConf: 0.8, x: 200, y: 300, team: 1, track: 4, bboxX: 104, bboxY: t / 4 });
  }
  return { ...r, tracking: b.finish(), facts: { ...r.facts, crops: { individuals: { '0-10': 3, '1-4': 2 }, teams: { team_0: 4, team_1: 2 } } } };
}

describe('the exemplar crops after corrections', () => {
  it('nothing corrected: no sources, the stored listing stands', () => {
    expect(applyCorrections(withCrops(), []).crops).toBeNull();
  });

  it('a player the analyst named is shown by moments of his track; untouched players keep the run\'s crops', () => {
    const out = applyCorrections(withCrops(), applied({ op: 'name_track', track_id: 2, player_id: '0-7' }));
    expect(out.crops!['1-4']).toEqual([{ stored: '1-4', index: 0 }, { stored: '1-4', index: 1 }]);
    expect(out.crops!['0-10']).toEqual([0, 1, 2].map((index) => ({ stored: '0-10', index })));
    // One track of 11 rows (0-400 ms): five moments spread over it, in the picture where he stood.
    expect(out.crops!['0-7']).toEqual([40, 120, 200, 280, 360].map((t) => ({ t_ms: t, x: 102, y: t / 4 })));
    expect(out.facts.crops).toEqual({ individuals: { '0-7': 5, '0-10': 3, '1-4': 2 }, teams: { team_0: 4, team_1: 2 } });
  });

  it('an id taken off its track has no crops; one that changed hands is shown by its new rows', () => {
    const gone = applyCorrections(withCrops(), applied({ op: 'name_track', track_id: 1, player_id: null }));
    expect(gone.crops!['0-10']).toBeUndefined();
    expect(gone.facts.crops!.individuals).toEqual({ '1-4': 2 });
    // 0-10 split at 200 ms: its second half becomes another track with no id, so 0-10's rows changed.
    const created = applyCorrections(withCrops(), applied({ op: 'split_track', track_id: 1, at_ms: 200 })).tracks.nextTrack - 1;
    const split = applyCorrections(withCrops(), applied({ op: 'split_track', track_id: 1, at_ms: 200 }, { op: 'name_track', track_id: created, player_id: null }));
    expect(split.crops!['0-10']!.every((s) => 't_ms' in s && s.t_ms < 200)).toBe(true);
  });

  it('after a squad swap every stored crop changes label with its player', () => {
    const out = applyCorrections(withCrops(), applied({ op: 'swap_squads' }));
    expect(out.crops).toEqual({ '0-4': [0, 1].map((index) => ({ stored: '1-4', index })), '1-10': [0, 1, 2].map((index) => ({ stored: '0-10', index })) });
    expect(out.facts.crops).toEqual({ individuals: { '0-4': 2, '1-10': 3 }, teams: { team_0: 2, team_1: 4 } });
  });
});
