import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import type { EventDetection } from './detect-events.js';
import type { BallControlInput } from './ball-control.js';
import { teamPossessionSpans } from './possession-spans.js';

const PERIOD_NAMES = ['first_half', 'second_half', 'extra_time_first_half', 'extra_time_second_half'] as const;

export interface ResultContext {
  /** Time of frame 0 on the analysis timeline, ms. */
  startMs: number;
  frameMs: number;
  /** The whole timeline [0, durationMs), for the spans before the first and after the last period. */
  durationMs: number;
  /** Player id of slot k at frame f (null: unidentified). */
  playerId(slot: number, frame: number): string | null;
  /** Engine label of the input's squad index. */
  teamLabel(team: 0 | 1): TeamLabel;
}

const r2 = (v: number) => (Number.isFinite(v) ? Math.round(v * 100) / 100 : null);

/**
 * The event stages' findings as event records (engine/results/result-events.ts), without ids (the
 * caller numbers the whole list with numberEvents). Confidences are the stage's own evidence, not
 * calibrated probabilities: `confidence_detection` is the share of the action's frames in which the
 * ball was seen; `confidence_event` is lower where the kind is less sure (a pass to nobody, a tackle,
 * a period whose kickoff was not seen). docs/events.md lists them.
 */
export function toResultEvents(d: EventDetection, input: BallControlInput, ctx: ResultContext): ResultEvent[] {
  const ms = (f: number) => ctx.startMs + f * ctx.frameMs;
  const out: ResultEvent[] = [];
  const base = (type: ResultEvent['type'], start: number, end: number, team: TeamLabel | null, player: string | null,
    properties: ResultEvent['properties'], detection: number, event: number): ResultEvent => ({
    event_id: '', type, start_ms: ms(start), end_ms: Math.max(ms(start) + ctx.frameMs, ms(end)), team, player_id: player, properties,
    confidence_detection: r2(detection) ?? 0, confidence_event: r2(event) ?? 0,
  });
  for (const p of d.passes) {
    const completed = p.receiverTeam === p.team;
    out.push(base('pass', p.startFrame, p.endFrame, ctx.teamLabel(p.team), ctx.playerId(p.passer, p.startFrame), {
      x: r2(p.start[0]), y: r2(p.start[1]), x_target: r2(p.end[0]), y_target: r2(p.end[1]),
      length_m: r2(Math.hypot(p.end[0] - p.start[0], p.end[1] - p.start[1])),
      receiver_player_id: p.receiver === null ? null : ctx.playerId(p.receiver, p.endFrame),
      receiver_team: p.receiverTeam === null ? null : ctx.teamLabel(p.receiverTeam),
      pass_type: p.passType, set_piece: p.setPiece, body_part: p.setPiece === 'throw_in' ? 'both_hands' : 'unknown', completed,
    }, p.seen, p.receiver === null ? 0.6 : completed ? 0.85 : 0.7));
  }
  for (const s of d.shots) {
    out.push(base('shot', s.startFrame, s.endFrame, ctx.teamLabel(s.team), ctx.playerId(s.player, s.startFrame), {
      x: r2(s.start[0]), y: r2(s.start[1]), x_target: r2(s.end[0]), y_target: r2(s.end[1]),
      length_m: r2(Math.hypot(s.end[0] - s.start[0], s.end[1] - s.start[1])), distance_to_goal_m: r2(s.distanceToGoal),
      outcome: s.outcome, body_part: 'unknown',
    }, 1, s.outcome === 'goal' || s.outcome === 'on_target' ? 0.8 : 0.6));
    if (s.outcome === 'blocked' && s.stoppedBy !== null) {
      const other = s.team === 0 ? 1 : 0;
      out.push(base('block', s.endFrame, s.endFrame, ctx.teamLabel(other), ctx.playerId(s.stoppedBy, s.endFrame), { x: r2(s.end[0]), y: r2(s.end[1]) }, 1, 0.6));
    }
  }
  for (const v of d.drives) {
    out.push(base('drive', v.startFrame, v.endFrame + 1, ctx.teamLabel(v.team), ctx.playerId(v.player, v.startFrame), {
      x: r2(v.start[0]), y: r2(v.start[1]), x_target: r2(v.end[0]), y_target: r2(v.end[1]),
      length_m: r2(Math.hypot(v.end[0] - v.start[0], v.end[1] - v.start[1])),
    }, 1, 0.75));
  }
  for (const k of d.tackles) {
    out.push(base('tackle', k.frame, k.frame, ctx.teamLabel(k.team), ctx.playerId(k.player, k.frame), {
      x: r2(k.at[0]), y: r2(k.at[1]), won: k.won, opponent_player_id: ctx.playerId(k.opponent, k.frame),
    }, 1, 0.5));
  }
  // Possession spans: team from the per-frame reading, player from the spells of control.
  const labels: [TeamLabel, TeamLabel] = [ctx.teamLabel(0), ctx.teamLabel(1)];
  for (const p of teamPossessionSpans(d.control.team, ctx.startMs, ctx.frameMs, labels)) {
    out.push({ event_id: '', type: 'team_possession', start_ms: p.span.start_ms, end_ms: p.span.end_ms, team: p.team, player_id: null, properties: {}, confidence_detection: 0.8, confidence_event: 0.8 });
  }
  for (const r of d.runs) {
    const team = d.control.team[r.from];
    const side = team === 0 || team === 1 ? ctx.teamLabel(team) : null;
    out.push(base('player_possession', r.from, r.to + 1, side, ctx.playerId(r.player, r.from), { x: r2(input.ballX[r.from] as number), y: r2(input.ballY[r.from] as number) }, 0.8, 0.8));
  }
  // The match timeline: the periods found and the spans around them.
  let cursor = 0;
  d.periods.forEach((p, i) => {
    const start = ms(p.startFrame);
    const end = ms(p.endFrame);
    const gap = i === 0 ? 'pre_match' : 'half_time';
    if (start > cursor) out.push({ event_id: '', type: 'match_timeline', start_ms: cursor, end_ms: start, team: null, player_id: null, properties: { period: gap }, confidence_detection: 0.8, confidence_event: p.kickoff ? 0.8 : 0.4 });
    out.push({ event_id: '', type: 'match_timeline', start_ms: start, end_ms: end, team: null, player_id: null, properties: { period: PERIOD_NAMES[i] ?? 'extra_time_second_half' }, confidence_detection: 0.8, confidence_event: p.kickoff ? 0.8 : 0.4 });
    cursor = end;
  });
  if (d.periods.length && ctx.durationMs > cursor) {
    out.push({ event_id: '', type: 'match_timeline', start_ms: cursor, end_ms: ctx.durationMs, team: null, player_id: null, properties: { period: 'post_match' }, confidence_detection: 0.8, confidence_event: 0.8 });
  }
  return out;
}
