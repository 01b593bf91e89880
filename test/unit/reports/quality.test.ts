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
});
