import { describe, expect, it } from 'vitest';
import { parseClock } from '../../../main/cli/time-arg.js';

describe('parseClock', () => {
  it('reads match clocks and durations', () => {
    expect(parseClock('10:00', 'from')).toBe(600_000);
    expect(parseClock('1:02:03', 'from')).toBe(3_723_000);
    expect(parseClock('45:30.5', 'from')).toBe(2_730_500);
    expect(parseClock('60s', 'd')).toBe(60_000);
    expect(parseClock('2m', 'd')).toBe(120_000);
    expect(parseClock('1h', 'd')).toBe(3_600_000);
    expect(parseClock('1500ms', 'd')).toBe(1500);
    expect(parseClock('90', 'd')).toBe(90_000);
  });
  it('refuses anything else, naming the option', () => {
    for (const bad of ['', 'ten', '10:75', '-5s', '5 minutes']) expect(() => parseClock(bad, 'from')).toThrow(/--from must look like/);
  });
});
