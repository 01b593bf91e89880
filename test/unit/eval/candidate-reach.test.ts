import { describe, expect, it } from 'vitest';
import type { ClipBallLabels } from '../../../bench/eval/ball-dev-set.js';
import { addReach, candidateReach, reachLine } from '../../../bench/eval/candidate-reach.js';

// Visible balls at (t_ms, x, y), then one out of the picture.
const visible: [number, number, number][] = [[0, 100, 100], [1000, 500, 250], [2000, 200, 200], [3010, 300, 300]];
const labels: ClipBallLabels = {
  clip: 'x.mp4', width: 1000, height: 500, fps: 25,
  frames: [...visible.map(([t, x, y], k) => ({ k, t_ms: t, state: 'visible' as const, x, y })), { k: 4, t_ms: 4000, state: 'out', x: null, y: null }],
};

describe('what the ball pass could choose from on the dev set', () => {
  it('counts visible labels with a candidate within 2% of the width in the nearest frame, and a sure one', () => {
    const r = candidateReach(labels, [
      { t: 0, u: 115, v: 100, score: 0.3 }, // 15 px: near, weak
      { t: 0, u: 400, v: 100, score: 0.9 }, // sure, but far
      { t: 1000, u: 505, v: 250, score: 0.7 }, // near and sure
      { t: 2000, u: 230, v: 200, score: 0.9 }, // 30 px: farther than 2%
      { t: 3000, u: 300, v: 300, score: 0.2 }, // the nearest frame to 3010 ms (within half a frame) ...
      { t: 3040, u: 900, v: 300, score: 0.2 }, // ... not this one
      { t: 4000, u: 10, v: 10, score: 0.9 }, // the ball is out of the picture: not counted
    ], 0.5);
    expect(r).toEqual({ visible: 4, near: 3, sureNear: 1 });
    expect(candidateReach(labels, [], 0.5)).toEqual({ visible: 4, near: 0, sureNear: 0 });
    expect(addReach(r, r)).toEqual({ visible: 8, near: 6, sureNear: 2 });
    expect(reachLine('x', r)).toBe('| x | 4 | 3 (75%) | 1 (25%) |');
  });
});
