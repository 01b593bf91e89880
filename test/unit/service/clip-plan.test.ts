import { describe, expect, it } from 'vitest';
import { clampIntervals, clipArgs, clipSeconds } from '../../../main/service/media/clip-plan.js';

describe('clip plan', () => {
  it('clamps intervals to the video and drops the empty ones, keeping their order', () => {
    expect(clampIntervals([{ start: 50, end: 70 }, { start: -3, end: 2 }, { start: 90, end: 95 }, { start: 59.99, end: 60 }], 60))
      .toEqual([{ start: 50, end: 60 }, { start: 0, end: 2 }]);
    expect(clipSeconds([{ start: 50, end: 70 }, { start: -3, end: 2 }], 60)).toBe(12);
  });

  it('seeks each interval as its own input and concatenates video (and sound when there is some)', () => {
    const args = clipArgs({ source: '/v.mp4', intervals: [{ start: 1, end: 3 }, { start: 10.5, end: 12 }], durationSeconds: 60, hasAudio: true });
    expect(args.join(' ')).toContain('-ss 1.000 -t 2.000 -i /v.mp4 -ss 10.500 -t 1.500 -i /v.mp4');
    const graph = args[args.indexOf('-filter_complex') + 1] as string;
    expect(graph).toContain('[v0][a0][v1][a1]concat=n=2:v=1:a=1[v][a]');
    expect(args).toContain('pipe:1');
    const silent = clipArgs({ source: '/v.mp4', intervals: [{ start: 1, end: 3 }], durationSeconds: 60, hasAudio: false });
    expect(silent[silent.indexOf('-filter_complex') + 1]).toContain('[v0]concat=n=1:v=1:a=0[v]');
    expect(silent).not.toContain('aac');
    expect(() => clipArgs({ source: '/v.mp4', intervals: [{ start: 70, end: 80 }], durationSeconds: 60, hasAudio: false })).toThrow(/no interval/);
  });
});
