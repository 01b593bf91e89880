import type { ResultEvent, TeamLabel } from '../results/result-events.js';

/**
 * Which way each team attacks over time, from the `match_timeline` events (QRY-03, QRY-12). `team_0` is
 * the squad that started on the left, so it attacks towards x = 105 in the first half and towards 0 in the
 * second; extra time alternates the same way (its first half like the first half). Periods between halves
 * (half_time, post_match) keep the direction of the half before them; before any half, and in a match
 * without a timeline, the first-half direction holds.
 */
export interface AttackingDirection {
  /** Start times (ms, ascending) from which `team0Reversed` holds; the first entry is -Infinity. */
  from: Float64Array;
  /** 1 where team_0 attacks towards x = 0 (right to left), 0 where it attacks towards x = 105. */
  team0Reversed: Uint8Array;
}

const FIRST_HALVES = new Set(['first_half', 'extra_time_first_half']);
const SECOND_HALVES = new Set(['second_half', 'extra_time_second_half']);

export function attackingDirection(events: readonly ResultEvent[]): AttackingDirection {
  const switches: { t: number; reversed: number }[] = [];
  for (const e of events) {
    if (e.type !== 'match_timeline') continue;
    const period = e.properties['period'];
    if (typeof period !== 'string') continue;
    if (FIRST_HALVES.has(period)) switches.push({ t: e.start_ms, reversed: 0 });
    else if (SECOND_HALVES.has(period)) switches.push({ t: e.start_ms, reversed: 1 });
  }
  switches.sort((a, b) => a.t - b.t);
  const from = [-Infinity];
  const reversed = [0];
  for (const s of switches) {
    if (s.reversed === reversed[reversed.length - 1]) continue;
    from.push(s.t);
    reversed.push(s.reversed);
  }
  return { from: Float64Array.from(from), team0Reversed: Uint8Array.from(reversed) };
}

/** Index of the direction segment holding at time t (binary search; callers walking forward may cache it). */
export function segmentAt(d: AttackingDirection, t: number): number {
  let lo = 0;
  let hi = d.from.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((d.from[mid] as number) <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** True when `team` attacks towards x = 0 at time t, i.e. its attacking frame mirrors the camera frame. */
export function isReversed(d: AttackingDirection, team: TeamLabel, t: number): boolean {
  const team0 = d.team0Reversed[segmentAt(d, t)] === 1;
  return team === 'team_0' ? team0 : !team0;
}

/** Pitch metres of the camera frame seen with `team` attacking towards x = 105 (a half-turn when reversed). */
export function toAttackingFrame(x: number, y: number, reversed: boolean): { x: number; y: number } {
  return reversed ? { x: 105 - x, y: 68 - y } : { x, y };
}
