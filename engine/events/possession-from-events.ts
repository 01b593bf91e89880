import type { TruthEvent } from '../match-data/truth-events.js';

const CONTROL = new Set(['pass', 'shot', 'drive', 'recovery', 'set_piece', 'block']);

/**
 * Team in possession per frame (0 home, 1 away, -1 nobody) from a provider's event stream, for
 * tracking imports without a possession channel: the team of the last controlling action (pass,
 * shot, carry, recovery, restart, won tackle) keeps the ball, through its passes, until the other
 * team controls it or the ball goes dead: out, a goal or a foul (nobody until the restart).
 */
export function possessionFromEvents(events: readonly TruthEvent[], frames: number, frameMs: number): Int8Array {
  const out = new Int8Array(frames).fill(-1);
  const ordered = [...events].sort((a, b) => a.start_ms - b.start_ms);
  let team = -1;
  let cursor = 0;
  const fillTo = (ms: number) => {
    const end = Math.min(frames, Math.max(0, Math.floor(ms / frameMs)));
    for (; cursor < end; cursor++) out[cursor] = team;
  };
  for (const e of ordered) {
    fillTo(e.start_ms);
    const wonTackle = e.type === 'tackle' && e.provider_subtypes.includes('WON');
    if ((CONTROL.has(e.type) || wonTackle) && e.team !== null) team = e.team;
    // A team that loses the ball (an interception, a miscontrol, a header away) has it no more; the ball
    // is nobody's until someone recovers it.
    else if (e.type === 'ball_lost') team = -1;
    // The ball goes dead: out of play, a goal, a foul (until the free kick); nobody has it until the restart.
    if (e.type === 'ball_out' || e.type === 'foul' || (e.type === 'shot' && e.provider_subtypes.some((s) => s === 'OUT' || s === 'GOAL'))) {
      fillTo(e.end_ms);
      team = -1;
    }
  }
  fillTo(frames * frameMs);
  return out;
}
