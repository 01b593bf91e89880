import { describe, expect, it } from 'vitest';
import { attackingDirection, isReversed, toAttackingFrame } from '../../../engine/metrics/attacking-direction.js';
import { timeline } from './query-fixture.js';

describe('attacking direction from the match timeline', () => {
  const d = attackingDirection([
    timeline('second_half', 3_000_000, 5_700_000), timeline('pre_match', 0, 60_000), timeline('first_half', 60_000, 2_800_000),
    timeline('half_time', 2_800_000, 3_000_000), timeline('extra_time_first_half', 5_800_000, 6_700_000),
    timeline('extra_time_second_half', 6_800_000, 7_700_000), timeline('post_match', 7_700_000, 7_800_000),
  ]);

  it('[QRY-03] team_0 attacks towards 105 in the first half and extra-time first half, towards 0 in the second halves', () => {
    const team0 = (t: number) => isReversed(d, 'team_0', t);
    expect([team0(0), team0(60_000), team0(2_799_999), team0(3_000_000), team0(5_799_999), team0(5_800_000), team0(6_800_000)])
      .toEqual([false, false, false, true, true, false, true]);
    expect(isReversed(d, 'team_1', 100_000)).toBe(true);
    expect(isReversed(d, 'team_1', 4_000_000)).toBe(false);
  });

  it('[QRY-03] breaks keep the direction of the half before them', () => {
    expect(isReversed(d, 'team_0', 2_900_000)).toBe(false);
    expect(isReversed(d, 'team_0', 5_750_000)).toBe(true);
    expect(isReversed(d, 'team_0', 7_750_000)).toBe(true);
  });

  it('[QRY-03] without a timeline the whole match is first half', () => {
    const none = attackingDirection([]);
    expect(isReversed(none, 'team_0', 4_000_000)).toBe(false);
    expect(isReversed(none, 'team_1', 4_000_000)).toBe(true);
  });

  it('[QRY-12] the attacking frame turns the pitch half round', () => {
    expect(toAttackingFrame(30, 20, true)).toEqual({ x: 75, y: 48 });
    expect(toAttackingFrame(30, 20, false)).toEqual({ x: 30, y: 20 });
  });
});
