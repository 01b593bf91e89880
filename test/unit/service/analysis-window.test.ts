import { describe, expect, it } from 'vitest';
import { describeWindow, windowProblem, windowSeconds } from '../../../main/service/jobs/analysis-window.js';

const w = (start: number | null, end: number | null) => ({ start_offset_seconds: start, end_offset_seconds: end });

describe('the analysis window', () => {
  it('[VID-06] offsets are checked against each other always, against the duration once it is known', () => {
    expect(windowProblem(w(5, 5), null)).toMatch(/'end_offset_seconds' \(5\) must be greater than 'start_offset_seconds' \(5\)/);
    expect(windowProblem(w(7000, null), null)).toBeNull();
    expect(windowProblem(w(7000, null), 5400.2)).toMatch(/'start_offset_seconds' \(7000\) must be less than the video's duration \(5401 s\)/);
    expect(windowProblem(w(null, 6000), 5400.2)).toMatch(/'end_offset_seconds' \(6000\) must be at most the video's duration \(5401 s\)/);
    // An end offset may round a fractional duration up.
    expect(windowProblem(w(10, 5401), 5400.2)).toBeNull();
    expect(windowProblem(w(null, null), 12)).toBeNull();
  });

  it('[ANA-03] the seconds an analysis covers are the window cut to the file', () => {
    expect(windowSeconds(w(null, null), 5400)).toBe(5400);
    expect(windowSeconds(w(600, null), 5400)).toBe(4800);
    expect(windowSeconds(w(600, 900), 5400)).toBe(300);
    expect(windowSeconds(w(0, 6000), 5400)).toBe(5400);
    expect(describeWindow({ id: 3, ...w(120, 380) }, 260)).toBe("video 3's window from 120 s to 380 s is 4.3 minutes");
    expect(describeWindow({ id: 3, ...w(null, null) }, 252)).toBe('video 3 is 4.2 minutes');
  });
});
