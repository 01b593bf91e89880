/**
 * Who controls the ball, frame by frame, from positions alone: the first stage of events from tracking.
 *
 * The rule follows Vidal-Codina et al. 2022 (Sports Engineering 25:18): a player controls the ball when
 * he is the closest to it and within about 1.5 m, the ball low enough to be played. On top of it:
 * - touch evidence, from the same paper: control changes hands only where the ball's motion shows a
 *   touch (a speed change above about 5 m/s or a turn above about 10 degrees) or the ball is slow enough
 *   to be simply taken; a pass rolling past a player is not his;
 * - hysteresis, so control does not flicker between two players who both stand near the ball: the
 *   holder keeps it while the ball stays within `keepRadius` of him; a challenger takes over after
 *   `confirmFrames` frames as the closest player;
 * - team possession carries over the ball's travel between two controls (a pass in flight still
 *   belongs to the passer's team), and is honestly unknown (-1) when the ball is dead, unseen, contested
 *   (an opponent about as close as the holder), or in the air for longer than `airFrames` (a long ball or
 *   a clearance nobody controls until it comes down).
 * Pure: typed arrays in, typed arrays out.
 */

export interface BallControlInput {
  frames: number;
  /** Players and goalkeepers (no officials): positions in metres, [frame * players + player], NaN when absent. */
  players: number;
  x: Float32Array;
  y: Float32Array;
  /** Squad of each player: 0 or 1. */
  team: Int8Array;
  /** 1 for a goalkeeper; absent: nobody is known to be one. */
  keeper?: Uint8Array;
  /** Ball position in metres per frame (NaN when not known) and its height (metres; NaN: unknown, taken as on the ground). */
  ballX: Float32Array;
  ballY: Float32Array;
  ballZ: Float32Array;
  /** 1 while the ball is in play; absent: always. */
  inPlay?: Uint8Array;
}

export interface BallControlParams {
  /** Closest player within this distance of the ball controls it (metres). */
  radius: number;
  /** The holder keeps the ball while it stays this close to him (metres). */
  keepRadius: number;
  /** Above this height the ball is not under anyone's feet (metres). */
  maxHeight: number;
  /** An opponent within `radius` and less than this much farther than the holder contests the ball (metres). */
  contestMargin: number;
  /** Frames a challenger must be the closest player before control changes. */
  confirmFrames: number;
  /** Frames in the air after which team possession is unknown until someone controls the ball. */
  airFrames: number;
  /** A touch shows in the ball's motion: a speed change above this (m/s) ... */
  touchSpeedChange: number;
  /** ... or a turn above this (degrees) while it moves; a ball slower than `slowSpeed` (m/s) needs neither. */
  touchTurnDeg: number;
  slowSpeed: number;
}

export const BALL_CONTROL_DEFAULTS: BallControlParams = {
  radius: 1.5, keepRadius: 2.2, maxHeight: 1.5, contestMargin: 0.4, confirmFrames: 3, airFrames: 50,
  touchSpeedChange: 5, touchTurnDeg: 10, slowSpeed: 2,
};

const FPS = 25;

/**
 * Whether the ball's motion around frame f shows a touch (Vidal-Codina et al. 2022: a speed change above
 * about 5 m/s or a direction change above about 10 degrees), or the ball is slow enough to be simply
 * taken. A ball rolling past a player at pass speed, unchanged, was not touched by him. Evidence
 * centred before `notBefore` does not count: the kick that just sent the ball away from its last
 * holder is his touch, not that of the opponent standing next to him; and a touch is only ever the
 * evidence of the player closest to the ball at that moment (`who`).
 */
function touchable(input: BallControlInput, f: number, o: BallControlParams, who: number, notBefore = -Infinity): boolean {
  const at = (k: number): [number, number] | null => {
    const x = input.ballX[k];
    const y = input.ballY[k];
    return k >= 0 && k < input.frames && x !== undefined && y !== undefined && !Number.isNaN(x) && !Number.isNaN(y) ? [x, y] : null;
  };
  const here = at(f);
  if (!here) return false;
  // Slow here (from whichever neighbours are known): it can simply be taken.
  const prev = at(f - 1);
  const next = at(f + 1);
  const speed = prev && next ? (Math.hypot(next[0] - prev[0], next[1] - prev[1]) * FPS) / 2 : prev ? Math.hypot(here[0] - prev[0], here[1] - prev[1]) * FPS : next ? Math.hypot(next[0] - here[0], next[1] - here[1]) * FPS : 0;
  if (speed < o.slowSpeed) return true;
  for (let c = Math.max(f - 2, notBefore); c <= f + 2; c++) {
    const a = at(c - 2);
    const m = at(c);
    const b = at(c + 2);
    if (!a || !m || !b) continue;
    const v0x = ((m[0] - a[0]) * FPS) / 2;
    const v0y = ((m[1] - a[1]) * FPS) / 2;
    const v1x = ((b[0] - m[0]) * FPS) / 2;
    const v1y = ((b[1] - m[1]) * FPS) / 2;
    const s0 = Math.hypot(v0x, v0y);
    const s1 = Math.hypot(v1x, v1y);
    let touched = Math.abs(s1 - s0) > o.touchSpeedChange;
    if (!touched && Math.min(s0, s1) > 1) {
      const cos = (v0x * v1x + v0y * v1y) / (s0 * s1);
      touched = Math.acos(Math.max(-1, Math.min(1, cos))) > (o.touchTurnDeg * Math.PI) / 180;
    }
    // The touch is his only if he was the player closest to the ball when it happened.
    if (touched && closest(input, c, m[0], m[1]).p === who) return true;
  }
  return false;
}

export interface BallControl {
  /** Index of the player controlling the ball, -1 when nobody does (ball travelling, loose or dead). */
  player: Int16Array;
  /** Team in possession: 0, 1, or -1 when unknown (dead ball, unseen, contested, long in the air). */
  team: Int8Array;
}

/** The closest player to the ball in frame f and the closest opponent of his, with their distances. */
function closest(input: BallControlInput, f: number, bx: number, by: number): { p: number; d: number; opponent: number } {
  const n = input.players;
  let p = -1;
  let d = Infinity;
  for (let k = 0; k < n; k++) {
    const px = input.x[f * n + k] as number;
    if (Number.isNaN(px)) continue;
    const dk = Math.hypot(px - bx, (input.y[f * n + k] as number) - by);
    if (dk < d) {
      d = dk;
      p = k;
    }
  }
  let opponent = Infinity;
  if (p >= 0) {
    for (let k = 0; k < n; k++) {
      const px = input.x[f * n + k] as number;
      if (Number.isNaN(px) || input.team[k] === input.team[p]) continue;
      opponent = Math.min(opponent, Math.hypot(px - bx, (input.y[f * n + k] as number) - by));
    }
  }
  return { p, d, opponent };
}

export function ballControl(input: BallControlInput, params: Partial<BallControlParams> = {}): BallControl {
  const o = { ...BALL_CONTROL_DEFAULTS, ...params };
  const { frames, players: n } = input;
  const player = new Int16Array(frames).fill(-1);
  const team = new Int8Array(frames).fill(-1);
  let holder = -1;
  let challenger = -1;
  let challengerFrames = 0;
  let lastTeam = -1;
  let airborne = 0;
  let lastHeld = -Infinity;
  for (let f = 0; f < frames; f++) {
    const bx = input.ballX[f] as number;
    const by = input.ballY[f] as number;
    const live = input.inPlay ? input.inPlay[f] === 1 : true;
    if (!live || Number.isNaN(bx) || Number.isNaN(by)) {
      // A dead or unseen ball: nobody has it, and the next control starts afresh.
      holder = -1;
      challenger = -1;
      challengerFrames = 0;
      lastTeam = -1;
      airborne = 0;
      continue;
    }
    const bz = input.ballZ[f] as number;
    const low = Number.isNaN(bz) || bz <= o.maxHeight;
    airborne = low ? 0 : airborne + 1;
    const c = closest(input, f, bx, by);
    const holderHere = holder >= 0 && !Number.isNaN(input.x[f * n + holder] as number);
    const holderD = holderHere ? Math.hypot((input.x[f * n + holder] as number) - bx, (input.y[f * n + holder] as number) - by) : Infinity;
    // The holder keeps the ball while it stays close and low; otherwise it is travelling.
    if (!low || holderD > o.keepRadius) holder = -1;
    // An opponent only about as close as the holder contests the ball; he takes it when clearly closer.
    const clearlyCloser = holder < 0 || input.team[c.p] === input.team[holder] || holderD - c.d >= o.contestMargin;
    if (low && c.p >= 0 && c.d <= o.radius && c.p !== holder && clearlyCloser) {
      if (c.p === challenger) challengerFrames++;
      else {
        challenger = c.p;
        challengerFrames = 1;
      }
      // A free ball is taken at once; a held one after confirmFrames frames as the closest player; either
      // only where the ball's motion shows a touch (or it is slow enough to be simply taken).
      const free = holder < 0;
      if ((free || challengerFrames >= o.confirmFrames) && touchable(input, f, o, c.p, free ? lastHeld + 2 : -Infinity)) {
        holder = c.p;
        challenger = -1;
        challengerFrames = 0;
      }
    } else if (c.p === holder) {
      challenger = -1;
      challengerFrames = 0;
    }
    player[f] = holder;
    if (holder >= 0) {
      lastTeam = input.team[holder] as number;
      lastHeld = f;
    }
    // Contested: an opponent of the closest player is within reach and about as close.
    const contested = low && c.p >= 0 && c.d <= o.radius && c.opponent <= o.radius && c.opponent - c.d < o.contestMargin;
    team[f] = contested || airborne > o.airFrames ? -1 : lastTeam;
  }
  return { player, team };
}
