import { parsePlayerId } from '../../results/analysis-facts.js';
import type { ResultEvent } from '../../results/result-events.js';
import { ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns } from '../../results/tracking-columns.js';
import { normalizeSpans } from '../../metrics/intervals.js';
import { round2 } from '../../metrics/round.js';
import { grid, thirdOf, type Grid } from './grid.js';
import type { PlayerSamples } from './player-samples.js';
import { spanWalker } from './position.js';

export interface Interactions {
  pressure_received: { mean_m: number; p10_m: number; n_frames: number; by_third: { third: string; mean_m: number | null; n: number }[] } | null;
  pressure_applied: { n_possessions: number; heatmap: Grid | null } | null;
  direct_opponent: { player_id: string; share: number }[];
  link_up: { player_id: string; share: number }[];
}

/** Within this distance of the opponent on the ball a player is pressing him. */
const PRESSING_M = 5;

/**
 * Spec 2.9 `interactions` (PLR-23), from the on-camera players of each of the player's frames (so they
 * lean toward the camera's half): the nearest opponent while he has the ball (pressure received), the
 * opponents' possessions during which he came within 5 m of the man on the ball (pressure applied, with
 * where he was), and the opponent and the teammate most often nearest to him (direct opponent, link-up).
 * Null or empty when no other identified player was ever on camera with him.
 */
export function interactionsOf(cols: TrackingColumns, s: PlayerSamples, playerIndex: number, events: readonly ResultEvent[]): Interactions {
  const teamOf = cols.players.map((id) => parsePlayerId(id)?.team ?? -1);
  const myTeam = s.team === 'team_0' ? 0 : 1;
  const me = cols.players[playerIndex] as string;
  const onBall = spanWalker(normalizeSpans(events.filter((e) => e.type === 'player_possession' && e.player_id === me).map((e) => ({ start: e.start_ms, end: e.end_ms }))));
  const theirs = events.filter((e) => e.type === 'player_possession' && e.player_id && e.player_id !== me && parsePlayerId(e.player_id)?.team === 1 - myTeam)
    .sort((a, b) => a.start_ms - b.start_ms);
  const carrierIndex = new Map(cols.players.map((id, i) => [id, i]));
  const pressed = new Set<number>();
  const pressHeat = grid(21, 14);
  let pressFrames = 0;
  let cursor = 0;

  const received: { d: number; third: string }[] = [];
  const nearestOpp = new Map<number, number>();
  const nearestMate = new Map<number, number>();
  let framesWithOthers = 0;
  for (let k = 0; k < s.n; k++) {
    const i = s.row[k] as number;
    const t = s.t[k] as number;
    // The rows of this timestamp: tracking is in time order, so they sit around row i.
    let lo = i;
    while (lo > 0 && cols.timestamp[lo - 1] === t) lo--;
    let bestOpp = -1;
    let dOpp = Infinity;
    let bestMate = -1;
    let dMate = Infinity;
    const px = (cols.x[i] as number) / 100;
    const py = (cols.y[i] as number) / 100;
    while (cursor < theirs.length && (theirs[cursor] as ResultEvent).end_ms <= t) cursor++;
    const carrierNow = theirs[cursor] && (theirs[cursor] as ResultEvent).start_ms <= t ? carrierIndex.get((theirs[cursor] as ResultEvent).player_id as string) : undefined;
    for (let j = lo; j < cols.length && cols.timestamp[j] === t; j++) {
      const q = cols.player[j] as number;
      const role = cols.role[j] as number;
      if (j === i || q < 0 || (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) || !isDetectedStatus(cols.status[j] as number)) continue;
      const d = Math.hypot((cols.x[j] as number) / 100 - px, (cols.y[j] as number) / 100 - py);
      if (teamOf[q] === myTeam) {
        if (d < dMate) [dMate, bestMate] = [d, q];
      } else if (teamOf[q] === 1 - myTeam) {
        if (d < dOpp) [dOpp, bestOpp] = [d, q];
        if (q === carrierNow && d <= PRESSING_M) {
          pressed.add(cursor);
          pressHeat.add(s.x[k] as number, s.y[k] as number);
          pressFrames++;
        }
      }
    }
    if (bestOpp >= 0 || bestMate >= 0) framesWithOthers++;
    if (bestOpp >= 0) nearestOpp.set(bestOpp, (nearestOpp.get(bestOpp) ?? 0) + 1);
    if (bestMate >= 0) nearestMate.set(bestMate, (nearestMate.get(bestMate) ?? 0) + 1);
    if (bestOpp >= 0 && onBall(t)) received.push({ d: dOpp, third: thirdOf(s.x[k] as number) });
  }
  const top = (m: Map<number, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 3)
    .map(([q, n]) => ({ player_id: cols.players[q] as string, share: round2(n / s.n) }));
  const mean = (xs: number[]) => (xs.length ? round2(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  const ds = received.map((r) => r.d).sort((a, b) => a - b);
  return {
    pressure_received: received.length === 0 ? null : {
      mean_m: mean(ds) as number,
      p10_m: round2(ds[Math.max(0, Math.ceil(0.1 * ds.length) - 1)] as number),
      n_frames: received.length,
      by_third: ['defensive', 'middle', 'attacking'].map((third) => {
        const own = received.filter((r) => r.third === third).map((r) => r.d);
        return { third, mean_m: mean(own), n: own.length };
      }),
    },
    pressure_applied: framesWithOthers === 0 ? null : { n_possessions: pressed.size, heatmap: pressFrames ? pressHeat.value() : null },
    direct_opponent: top(nearestOpp),
    link_up: top(nearestMate),
  };
}
