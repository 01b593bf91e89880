import { describe, expect, it } from 'vitest';
import { distanceToMarkings } from '../../../engine/geometry/marking-distance.js';
import { CENTRE_CIRCLE_R, PENALTY_AREA, PITCH_LENGTH, PITCH_WIDTH } from '../../../engine/geometry/pitch-markings.js';

describe('distanceToMarkings', () => {
  it('is zero on the lines and measures across to the nearest one', () => {
    expect(distanceToMarkings(PITCH_LENGTH / 2, 10)).toBeCloseTo(0, 6);
    expect(distanceToMarkings(30, 0)).toBeCloseTo(0, 6);
    expect(distanceToMarkings(30, -2)).toBeCloseTo(2, 6);
    expect(distanceToMarkings(PITCH_LENGTH / 2 + 0.3, 10)).toBeCloseTo(0.3, 6);
  });

  it('follows the curves: the centre circle, within a centimetre', () => {
    const a = 0.3;
    const x = PITCH_LENGTH / 2 + CENTRE_CIRCLE_R * Math.cos(a);
    const y = PITCH_WIDTH / 2 + CENTRE_CIRCLE_R * Math.sin(a);
    expect(distanceToMarkings(x, y)).toBeLessThan(0.01);
    // 1 m inside the circle, well away from the halfway line.
    const inside = distanceToMarkings(PITCH_LENGTH / 2 + (CENTRE_CIRCLE_R - 1) * Math.cos(a), PITCH_WIDTH / 2 + (CENTRE_CIRCLE_R - 1) * Math.sin(a));
    expect(Math.abs(inside - 1)).toBeLessThan(0.01);
  });

  it('finds the penalty area edge, and nothing near the middle of a half', () => {
    expect(distanceToMarkings(PENALTY_AREA.depth, PITCH_WIDTH / 2 - 15)).toBeCloseTo(0, 6);
    expect(distanceToMarkings(30, 20)).toBeGreaterThan(5);
  });
});
