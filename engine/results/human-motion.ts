/**
 * What a footballer's body can do, the bounds every track and identity must respect.
 * Top speeds measured in league tracking data stop at about 36-37 km/h (Bundesliga and Premier League
 * records, 2020-2024: 36.5-37.3 km/h); accelerations at sprint starts reach 6-9 m/s^2 for a few frames.
 */
export interface MotionLimits {
  /** The fastest a player runs, m/s (37 km/h). */
  maxSpeed: number;
  /** The hardest a player speeds up or slows down, m/s^2. */
  maxAccel: number;
  /**
   * How far apart two foot points of one person may lie beyond what running explains, metres: each
   * foot point may be off by about half a metre (a leg hidden, a box that took in part of another person).
   */
  slack: number;
}

export const HUMAN_MOTION: MotionLimits = { maxSpeed: 10.3, maxAccel: 9, slack: 1.2 };

/** Whether one person can get from one foot point to another in `seconds` (the slack covers foot-point noise). */
export function reachable(dx: number, dy: number, seconds: number, limits: MotionLimits = HUMAN_MOTION): boolean {
  return Math.hypot(dx, dy) <= limits.slack + limits.maxSpeed * seconds;
}
