import { describe, expect, it } from 'vitest';
import { ProgressMeter, clock, type ProgressSample } from '../../../main/cli/progress-meter.js';

const running = (atMs: number, progress: number, framesDone: number | null, stage = 'analysing frames'): ProgressSample =>
  ({ atMs, status: 'running', progress, stage, framesDone, framesTotal: framesDone === null ? null : 1000 });

describe('clock', () => {
  it('writes minutes and seconds, and hours when there are any', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65.4)).toBe('1:05');
    expect(clock(3729)).toBe('1:02:09');
    expect(clock(-3)).toBe('0:00');
  });
});

describe('ProgressMeter', () => {
  it('names what an analysis waits for before it runs', () => {
    const m = new ProgressMeter();
    m.add({ atMs: 0, status: 'waiting_for_video', progress: 0, stage: null, framesDone: null, framesTotal: null });
    expect(m.line()).toBe('preparing the video...');
  });

  it('computes frames per second and time left from the reads of the last seconds', () => {
    const m = new ProgressMeter();
    // 50 frames a second and 5 percent a second: 2 s between reads.
    m.add(running(0, 10, 100));
    m.add(running(2000, 20, 200));
    m.add(running(4000, 30, 300));
    expect(m.framesPerSecond()).toBeCloseTo(50, 6);
    expect(m.secondsLeft()).toBeCloseTo(14, 6); // 70 percent at 5 a second
    const line = m.line();
    expect(line).toMatch(/^\[#{7}-{17}\]\s+30%\s+analysing frames\s+frame 300\/1000\s+50\.0 fps\s+0:14 left$/);
  });

  it('follows the current rate: reads older than ten seconds are forgotten', () => {
    const m = new ProgressMeter();
    m.add(running(0, 0, 0));
    m.add(running(1000, 1, 10)); // a slow start...
    for (let t = 2000; t <= 30_000; t += 2000) m.add(running(t, 1 + (t - 1000) / 1000, 10 + (t - 1000) / 10)); // ...then 100 fps
    expect(m.framesPerSecond()).toBeCloseTo(100, 6);
  });

  it('says it is estimating until the rate is known, and shows no fps outside the frame loop', () => {
    const m = new ProgressMeter();
    m.add(running(0, 70, 1000, 'writing tracking'));
    expect(m.line()).toMatch(/70%\s+writing tracking\s+time left: estimating$/);
    m.add(running(3000, 80, 1000, 'writing tracking'));
    expect(m.line()).not.toMatch(/fps/);
    expect(m.line()).toMatch(/0:06 left$/);
    // A new stage starts its own estimate.
    m.add(running(3500, 81, 1000, 'writing the Parquet download'));
    expect(m.line()).toMatch(/time left: estimating$/);
  });
});

describe('ProgressMeter time left', () => {
  it('uses the current stage only: a slow camera search does not inflate the frame loop\'s estimate', () => {
    const m = new ProgressMeter();
    m.add(running(0, 2, null, 'finding the camera'));
    m.add(running(4000, 2, null, 'finding the camera'));
    m.add(running(5000, 3, 25));
    expect(m.secondsLeft()).toBeNull();
    m.add(running(8000, 12, 250)); // 3 percent a second within the loop
    expect(m.secondsLeft()).toBeCloseTo(88 / 3, 6);
  });
});
