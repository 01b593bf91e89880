import type { ResultEvent, TeamLabel } from '../results/result-events.js';

export interface Span {
  start_ms: number;
  end_ms: number;
}

/**
 * Team possession spans from a per-frame reading (team index 0/1, or -1 when nobody controls the
 * ball or the ball is dead): runs of one team become spans [first frame, last frame + frameMs).
 * Runs shorter than `minFrames` are dropped: a single frame of control is a touch, not possession.
 */
export function teamPossessionSpans(
  possession: Int8Array, startMs: number, frameMs: number, labels: readonly [TeamLabel, TeamLabel], minFrames = 3,
): { team: TeamLabel; span: Span }[] {
  const out: { team: TeamLabel; span: Span }[] = [];
  let runTeam = -1;
  let runStart = 0;
  const close = (end: number) => {
    if (runTeam >= 0 && end - runStart >= minFrames) {
      out.push({ team: labels[runTeam] as TeamLabel, span: { start_ms: startMs + runStart * frameMs, end_ms: startMs + end * frameMs } });
    }
  };
  for (let f = 0; f <= possession.length; f++) {
    const t = f < possession.length ? (possession[f] as number) : -1;
    if (t !== runTeam) {
      close(f);
      runTeam = t;
      runStart = f;
    }
  }
  return out;
}

const ACTIONS = new Set(['pass', 'shot', 'drive']);

/**
 * Player possession from a provider's event chain: a player holds the ball from the moment it reached
 * them (the end of a team-mate's pass to them, or of their own previous action) until they release it
 * (a pass or shot starts; a drive ends). Without a known arrival the span starts at the action itself.
 */
export function playerPossessionFromEvents(events: readonly ResultEvent[], frameMs: number): { player_id: string; team: TeamLabel | null; span: Span; x: number | null; y: number | null }[] {
  const ordered = events.filter((e) => ACTIONS.has(e.type) && e.player_id).sort((a, b) => a.start_ms - b.start_ms);
  const out: { player_id: string; team: TeamLabel | null; span: Span; x: number | null; y: number | null }[] = [];
  let arrival: { player: string; t: number } | null = null;
  for (const e of ordered) {
    const player = e.player_id as string;
    // The ball cannot have arrived more than 10 s before the action: older arrivals were interrupted.
    const from = arrival && arrival.player === player && e.start_ms - arrival.t <= 10_000 ? arrival.t : e.start_ms;
    const release = e.type === 'drive' ? e.end_ms : e.start_ms + frameMs;
    const last = out[out.length - 1];
    if (last && last.player_id === player && from <= last.span.end_ms) {
      last.span.end_ms = Math.max(last.span.end_ms, release);
    } else {
      out.push({
        player_id: player, team: e.team, span: { start_ms: Math.min(from, e.start_ms), end_ms: release },
        x: typeof e.properties.x === 'number' ? e.properties.x : null,
        y: typeof e.properties.y === 'number' ? e.properties.y : null,
      });
    }
    if (e.type === 'pass') {
      const receiver = e.properties.receiver_player_id;
      arrival = typeof receiver === 'string' ? { player: receiver, t: e.end_ms } : null;
    } else if (e.type === 'drive') {
      arrival = { player, t: e.end_ms };
    } else {
      arrival = null;
    }
  }
  return out;
}
