import { describe, expect, it } from 'vitest';
import { addScores, addTallies, ballTotalLines, headlineLabels, labelsAt, rowAt, scoreBallRows, tallyBallRows, tallyTotal, type ClipBallLabels } from '../../../bench/eval/ball-dev-set.js';

const labels: ClipBallLabels = {
  clip: 'x.mp4', width: 1000, height: 500, fps: 25,
  frames: [
    { k: 0, t_ms: 0, state: 'visible', x: 100, y: 100 },
    { k: 1, t_ms: 1000, state: 'visible', x: 500, y: 250 },
    { k: 2, t_ms: 2000, state: 'visible', x: 200, y: 200 },
    { k: 3, t_ms: 3000, state: 'visible', x: 300, y: 300 },
    { k: 4, t_ms: 4000, state: 'hidden', x: null, y: null },
    { k: 5, t_ms: 5000, state: 'out', x: null, y: null },
    { k: 6, t_ms: 6000, state: 'out', x: null, y: null },
  ],
};

describe('the real ball dev set score', () => {
  it('counts rows within 2% and 1% of the width, wrong, missed, and rows where the ball is hidden or out', () => {
    const s = scoreBallRows(labels, [
      { t: 0, u: 105, v: 100 }, // 5 px: within 1%
      { t: 1000, u: 500, v: 265 }, // 15 px: within 2%, not 1%
      { t: 2000, u: 260, v: 200 }, // 60 px: wrong
      { t: 4000, u: 10, v: 10 },
      { t: 6000, u: null, v: null },
    ]);
    expect(s).toEqual({ visible: 4, within2: 2, within1: 1, wrong: 1, missed: 1, hidden: 1, hiddenWithRow: 1, out: 2, outWithRow: 1 });
    expect(addScores(s, s).within2).toBe(4);
  });

  it('takes the row nearest the label\'s time within half a frame', () => {
    const rows = [{ t: 960, u: 1, v: 1 }, { t: 1000, u: 2, v: 2 }, { t: 1040, u: 3, v: 3 }];
    expect(rowAt(rows, 1010)?.u).toBe(2);
    expect(rowAt(rows, 1025)?.u).toBe(3);
    expect(rowAt(rows, 1100)).toBeNull();
  });
});

describe('the dev set at whole and half seconds', () => {
  const both: ClipBallLabels = {
    ...labels,
    frames: [
      { k: 0, t_ms: 0, state: 'visible', x: 100, y: 100 },
      { k: 0.5, t_ms: 520, state: 'visible', x: 150, y: 100 },
      { k: 1, t_ms: 1000, state: 'visible', x: 200, y: 100 },
      { k: 1.5, t_ms: 1520, state: 'out', x: null, y: null },
      { k: 1.75, t_ms: 1760, state: 'visible', x: 300, y: 100 },
    ],
  };

  it('splits the labels by whether k is a whole, a half or a quarter second', () => {
    expect(labelsAt(both, 'whole').frames.map((f) => f.k)).toEqual([0, 1]);
    expect(labelsAt(both, 'half').frames.map((f) => f.k)).toEqual([0.5, 1.5]);
    expect(labelsAt(both, 'quarter').frames.map((f) => f.k)).toEqual([1.75]);
    expect(headlineLabels(both).frames.map((f) => f.k)).toEqual([0, 0.5, 1, 1.5]);
  });

  it('keeps the scores apart, totals the whole and half seconds, and gives the quarter seconds a line of their own', () => {
    const rows = [{ t: 0, u: 100, v: 100 }, { t: 520, u: 400, v: 100 }, { t: 1520, u: 5, v: 5 }, { t: 1760, u: 302, v: 100 }];
    const t = tallyBallRows(both, rows);
    expect(t.whole).toMatchObject({ visible: 2, within2: 1, missed: 1, out: 0 });
    expect(t.half).toMatchObject({ visible: 1, within2: 0, wrong: 1, out: 1, outWithRow: 1 });
    expect(t.quarter).toMatchObject({ visible: 1, within2: 1 });
    expect(tallyTotal(t)).toMatchObject({ visible: 3, within2: 1, wrong: 1, missed: 1, out: 1, outWithRow: 1 });
    const twice = addTallies(t, t);
    expect(twice.half.wrong).toBe(2);
    expect(twice.quarter.within2).toBe(2);
    const lines = ballTotalLines(twice);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('| **all clips** | 6 | 2 (33%) |');
    expect(lines[3]).toContain('quarter seconds (held for the next decision) | 2 | 2 (100%) |');
  });
});
