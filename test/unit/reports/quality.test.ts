import { describe, expect, it } from 'vitest';
import { computeQuality, gradeOf } from '../../../engine/reports/quality.js';
import { ROLE_BALL, ROLE_PLAYER, TrackingBuilder } from '../../../engine/results/tracking-columns.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';

const scene = (start: number, end: number, analysable: boolean): ResultEvent => ({
  event_id: `s-${start}`, type: 'scene', start_ms: start, end_ms: end, team: null, player_id: null,
  properties: { scene_type: analysable ? 'live' : 'replay', is_analysable: analysable }, confidence_detection: 1, confidence_event: 1,
});

/** 20 s of video: 8 people and the ball every frame, except the pitch is lost from 5 s to 7 s; a replay 15-20 s. */
function match() {
  const b = new TrackingBuilder();
  for (let f = 0; f < 500; f++) {
    const t = f * 40;
    if (t >= 5000 && t < 7000) continue;
    for (let k = 0; k < 8; k++) b.push({ timestamp: t, role: ROLE_PLAYER, player: -1, playerIdConf: 0, x: 1000 * k, y: 3000, team: k % 2 });
    b.push({ timestamp: t, role: ROLE_BALL, player: -1, playerIdConf: 0, x: 5000, y: 3000 });
  }
  return b.finish();
}

describe('computeQuality', () => {
  it('[TMR-05] scores the analysable footage: a lost pitch is one segment and its share; no identities is a major reason', () => {
    const q = computeQuality(match(), [scene(0, 15_000, true), scene(15_000, 20_000, false)], 20_000, 40);
    // Located 13 of 15 s (86.7 %, under 97 %); people and ball in every located frame; teams on every row; no ids.
    expect(q.reasons).toEqual([
      { code: 'pitch_not_located', severity: 'minor', segments: 1, impact: 13 },
      { code: 'identities_unresolved', severity: 'major', segments: null, impact: 100 },
    ]);
    const expected = 100 * (0.35 * (13 / 15) / 0.97 + 0.2 + 0.2 + 0 + 0.1);
    expect(q.score).toBeCloseTo(Math.round(expected * 10) / 10, 5);
    expect(q.grade).toBe(gradeOf(q.score as number));
  });

  it('no analysable footage at all is unreliable, with the reason', () => {
    expect(computeQuality(match(), [scene(0, 20_000, false)], 20_000, 40)).toEqual({
      score: 0, grade: 'unreliable', reasons: [{ code: 'no_analysable_footage', severity: 'major', segments: null, impact: 100 }],
    });
  });

  it('grades: good from 85, fair from 70, degraded from 50', () => {
    expect([gradeOf(85), gradeOf(84.9), gradeOf(70), gradeOf(50), gradeOf(49.9)]).toEqual(['good', 'fair', 'fair', 'degraded', 'unreliable']);
  });

  it('caps the grade when the rows need movements nobody can make: fair over 1 % of steps, degraded over 5 %', () => {
    // A good run (every signal met) in which player 0-7 jumps 20 m every `every` frames: two ids
    // joined wrongly, or tracks carried across a missed cut.
    const run = (every: number) => {
      const b = new TrackingBuilder();
      const ids = Array.from({ length: 8 }, (_, k) => b.playerIndex(`${k % 2}-${k + 1}`));
      for (let f = 0; f < 375; f++) {
        for (let k = 0; k < 8; k++) {
          const jump = k === 0 && Math.floor(f / every) % 2 === 1 ? 2000 : 0;
          b.push({ timestamp: f * 40, role: ROLE_PLAYER, player: ids[k] as number, playerIdConf: 1, x: 1000 * k + 500 + jump, y: 3000, team: k % 2, track: k });
        }
        b.push({ timestamp: f * 40, role: ROLE_BALL, player: -1, playerIdConf: 0, x: 5000, y: 3000 });
      }
      return computeQuality(b.finish(), [scene(0, 15_000, true)], 15_000, 40);
    };
    expect(run(1000)).toEqual({ score: 100, grade: 'good', reasons: [] });
    // 7 jumps in 375 frames of one of eight players, each counted on the id and the track: 14 of 5984 steps.
    expect(run(50).reasons).toEqual([]);
    const minor = run(10);
    // 37 jumps, 74 of 5984 steps (1.2 %).
    expect(minor.reasons).toEqual([{ code: 'movement_implausible', severity: 'minor', segments: null, impact: 1 }]);
    expect(minor.grade).toBe('fair');
    const major = run(1);
    expect(major.reasons[0]).toMatchObject({ code: 'movement_implausible', severity: 'major' });
    expect(major.grade).toBe('degraded');
  });
});
