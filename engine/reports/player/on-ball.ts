import type { ResultEvent, TeamLabel } from '../../results/result-events.js';
import { round2 } from '../../metrics/round.js';
import { spansLength } from '../../metrics/span-lengths.js';
import type { ReportParams } from '../report-params.js';
import type { CoordinateFrame, Orientation } from '../orientation.js';
import { grid, type Grid } from './grid.js';
import { teamSpans } from './position.js';

type Pt = { x: number | null; y: number | null };
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const teamNo = (v: unknown): 0 | 1 | null => (v === 'team_0' ? 0 : v === 'team_1' ? 1 : null);

export interface OnBall {
  passes: Record<string, unknown>[];
  shots: Record<string, unknown>[];
  carries: Record<string, unknown>[];
  tackles: Record<string, unknown>[];
  blocks: Record<string, unknown>[];
  network: { player_id: string; n: number }[];
  touches: number;
  touch_grid: Grid;
  involvement: { n_spans: number; spans_per_min: number | null; spans: { t0_ms: number; t1_ms: number }[] };
  best_sequence: { spans: { player_id: string; t0_ms: number; t1_ms: number }[]; shot_event_id: string | null; shot_t_ms: number } | null;
}

/**
 * Spec 2.9 `on_ball` (PLR-17 to PLR-22): the player's actions from the events, in the report's frame.
 * Shots' `distance_to_goal_m` is measured to the attacked goal's centre (105, 34) and only in the
 * `attacking` frame. Touches are the player's possession spans; a span one frame long is reported with
 * t0_ms = t1_ms, as the spec shows a single-frame touch.
 */
export function onBallOf(playerId: string, team: TeamLabel, events: readonly ResultEvent[], orientation: Orientation, frame: CoordinateFrame, params: ReportParams): OnBall {
  const mine = events.filter((e) => e.player_id === playerId).sort((a, b) => a.start_ms - b.start_ms);
  const at = (e: ResultEvent, xk: string, yk: string): Pt => {
    const x = num(e.properties[xk]);
    const y = num(e.properties[yk]);
    if (x === null || y === null) return { x: null, y: null };
    const p = orientation.toFrame(team, e.start_ms, x, y);
    return { x: round2(p.x), y: round2(p.y) };
  };
  const of = (type: string) => mine.filter((e) => e.type === type);
  const passes = of('pass').map((e) => {
    const p = at(e, 'x', 'y');
    const q = at(e, 'x_target', 'y_target');
    return {
      event_id: e.event_id || null, t_ms: e.start_ms, x: p.x, y: p.y, x_target: q.x, y_target: q.y,
      length_m: q.x === null ? null : num(e.properties.length_m), receiver_player_id: str(e.properties.receiver_player_id),
      receiver_team: teamNo(e.properties.receiver_team), set_piece: str(e.properties.set_piece), pass_type: str(e.properties.pass_type),
      body_part: str(e.properties.body_part) ?? 'unknown',
    };
  });
  const shots = of('shot').map((e) => {
    const p = at(e, 'x', 'y');
    return {
      event_id: e.event_id || null, t_ms: e.start_ms, x: p.x, y: p.y,
      distance_to_goal_m: frame === 'attacking' && p.x !== null && p.y !== null ? round2(Math.hypot(params.pitch.length_m - p.x, params.pitch.width_m / 2 - p.y)) : null,
      body_part: str(e.properties.body_part) ?? 'unknown',
    };
  });
  const carries = of('drive').map((e) => {
    const p = at(e, 'x', 'y');
    const q = at(e, 'x_target', 'y_target');
    return { event_id: e.event_id || null, t_ms: e.start_ms, x: p.x, y: p.y, x_target: q.x, y_target: q.y, length_m: q.x === null ? null : num(e.properties.length_m) };
  });
  const point = (e: ResultEvent) => ({ event_id: e.event_id || null, t_ms: e.start_ms, ...at(e, 'x', 'y') });
  const network = new Map<string, number>();
  for (const p of passes) if (p.receiver_player_id) network.set(p.receiver_player_id, (network.get(p.receiver_player_id) ?? 0) + 1);

  const touches = of('player_possession');
  const touchGrid = grid(3, 3);
  for (const e of touches) {
    const p = at(e, 'x', 'y');
    if (p.x !== null && p.y !== null) touchGrid.add(p.x, p.y);
  }
  const own = teamSpans(events, team);
  const ownMinutes = spansLength(own) / 60_000;
  return {
    passes, shots, carries, tackles: of('tackle').map(point), blocks: of('block').map(point),
    network: [...network.entries()].map(([player_id, n]) => ({ player_id, n })).sort((a, b) => b.n - a.n || (a.player_id < b.player_id ? -1 : 1)),
    touches: touches.length,
    touch_grid: touchGrid.value(),
    involvement: {
      n_spans: touches.length,
      spans_per_min: own.length && ownMinutes > 0 ? round2(touches.length / ownMinutes) : null,
      spans: touches.map((e) => ({ t0_ms: e.start_ms, t1_ms: e.end_ms - e.start_ms <= params.sample_interval_ms ? e.start_ms : e.end_ms })),
    },
    best_sequence: bestSequence(playerId, team, events, params),
  };
}

/**
 * The longest move of the player's team that ends in a shot and includes the player (PLR-22): walking
 * back from each shot through the team's possession spans, the last closing at most
 * `sequence_shot_slack_ms` after the shot, each earlier one at most `sequence_gap_ms` before the next,
 * and none of the opponents' in between.
 */
function bestSequence(playerId: string, team: TeamLabel, events: readonly ResultEvent[], params: ReportParams): OnBall['best_sequence'] {
  const possessions = events.filter((e) => e.type === 'player_possession' && e.player_id).sort((a, b) => a.start_ms - b.start_ms);
  let best: OnBall['best_sequence'] = null;
  for (const shot of events.filter((e) => e.type === 'shot' && e.team === team)) {
    const t = shot.start_ms;
    let k = possessions.length - 1;
    while (k >= 0 && (possessions[k] as ResultEvent).start_ms > t + params.sequence_shot_slack_ms) k--;
    const chain: ResultEvent[] = [];
    for (; k >= 0; k--) {
      const p = possessions[k] as ResultEvent;
      if (p.end_ms > t + params.sequence_shot_slack_ms && chain.length === 0) continue;
      if (p.team !== team) break;
      const next = chain[0];
      if (next && next.start_ms - p.end_ms > params.sequence_gap_ms) break;
      if (!next && t - p.end_ms > params.sequence_gap_ms) break;
      chain.unshift(p);
    }
    if (!chain.some((p) => p.player_id === playerId)) continue;
    const start = (chain[0] as ResultEvent).start_ms;
    if (!best || t - start > best.shot_t_ms - (best.spans[0]?.t0_ms ?? best.shot_t_ms)) {
      best = { spans: chain.map((p) => ({ player_id: p.player_id as string, t0_ms: p.start_ms, t1_ms: p.end_ms })), shot_event_id: shot.event_id || null, shot_t_ms: t };
    }
  }
  return best;
}
