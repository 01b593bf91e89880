import { FRAME_MS, PITCH_LENGTH, PITCH_WIDTH, type MatchSource, type PitchPoint, type TeamSide } from '../match-data/match-events.js';
import { BallCursor, planBall, type BallState } from './ball-path.js';
import { buildLineups, slotAt, type Appearance } from './lineups.js';
import { steer, MAX_SPEED, type Mover } from './kinematics.js';
import { createRng, mixSeed, type Rng } from '../match-data/rng.js';
import type { SimObject, SimTrack } from '../match-data/sim-track.js';

export interface SimulateOptions {
  /** Match time to start at, ms (default: the first kick-off). */
  fromMs?: number;
  /** Length, ms (default: to the end of the match). */
  durationMs?: number;
  seed?: number;
}

interface Anchor { t: number; p: PitchPoint }

interface Agent extends Mover {
  appearance: Appearance;
  index: number;
  team: TeamSide;
  keeper: boolean;
  anchors: Anchor[];
  nextAnchor: number;
  rng: Rng;
  /** Wandering offset around the formation target (Ornstein-Uhlenbeck), metres. */
  ox: number;
  oy: number;
  runUntil: number;
  runX: number;
  runY: number;
  onPitch: boolean;
}

const DT = FRAME_MS / 1000;
const WARM_UP_MS = 20_000;
const WANDER_SIGMA = 3.0;
/** Defenders shuffle across more to keep the line and cover: they wander further. */
const DEFENDER_WANDER_SIGMA = 3.9;
const WANDER_TAU = 10.0;
const KEEPER_WANDER_SIGMA = 1.6;
/** Mean time between a player's off-the-ball runs. */
const RUN_INTERVAL_S = 300;
/** How long players take to react to where the ball went (the shape follows a smoothed ball). */
const SHAPE_REACTION_S = 3.0;
/** Routine movement (repositioning, pressing) stays below sprint speed; runs and chases do not. */
const JOG_CAP = 6.0;
/** A carried ball runs this far ahead of the carrier (m); the carrier aims where the planned ball will be this much later (ms). */
const CARRY_STRIDE = 0.6;
const CARRY_LEAD_MS = 300;
/** The carried ball blends into the planned path over this long at each end of the carry (ms). */
const CARRY_BLEND_MS = 250;
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * Real events in, 25 Hz positions out. The ball follows the events exactly (ball-path.ts); the players
 * named in an event are steered to arrive at the ball on time; everyone else holds a 4-4-2 team shape
 * that shifts with the ball, tightens without it, presses the carrier, wanders and makes runs, all
 * within human speed and acceleration limits; three referees follow play. Deterministic for a seed.
 */
export function simulateMatch(source: MatchSource, options: SimulateOptions = {}): SimTrack {
  const seed = options.seed ?? 1;
  const lineups = buildLineups(source);
  const { segments } = planBall(source);
  const startMs = snap(options.fromMs ?? lineups.matchStartMs);
  const endMs = snap(options.durationMs === undefined ? lineups.matchEndMs : startMs + options.durationMs);
  const frames = Math.max(0, Math.round((endMs - startMs) / FRAME_MS));

  const anchors = playerAnchors(source);
  const agents: Agent[] = lineups.appearances.map((appearance, index) => ({
    appearance, index, team: appearance.player.team, keeper: appearance.slot.line === 'GK',
    anchors: anchors.get(appearance.player.key) ?? [], nextAnchor: 0,
    rng: createRng(mixSeed(seed, hashKey(appearance.player.key) + index)),
    x: NaN, y: NaN, vx: 0, vy: 0, ox: 0, oy: 0, runUntil: -Infinity, runX: 0, runY: 0, onPitch: false,
  }));
  const objects = describeObjects(agents);
  const referees: Mover[] = [0, 1, 2].map(() => ({ x: NaN, y: NaN, vx: 0, vy: 0 }));
  const n = objects.length;
  const track: SimTrack = {
    startMs, frameMs: FRAME_MS, frames, objects,
    x: new Float32Array(frames * n).fill(NaN), y: new Float32Array(frames * n).fill(NaN),
    ballZ: new Float32Array(frames).fill(NaN), inPlay: new Uint8Array(frames),
    possession: new Int8Array(frames).fill(-1), period: new Uint8Array(frames),
  };

  const ball = new BallCursor(segments);
  const lookAhead = new BallCursor(segments);
  const smoothed = { home: { x: PITCH_LENGTH / 2, y: PITCH_WIDTH / 2 }, away: { x: PITCH_LENGTH / 2, y: PITCH_WIDTH / 2 } };
  let currentPeriod = 0;
  const periodOf = (t: number) => source.periods.find((p) => t >= p.startFrame * FRAME_MS && t <= p.endFrame * FRAME_MS);
  const firstPeriod = periodOf(startMs);
  const simFrom = firstPeriod ? Math.max(firstPeriod.startFrame * FRAME_MS, startMs - WARM_UP_MS) : startMs;

  for (let t = snap(simFrom); t < endMs; t += FRAME_MS) {
    const period = periodOf(t);
    const f = Math.round((t - startMs) / FRAME_MS);
    if (!period) {
      currentPeriod = 0;
      for (const a of agents) a.onPitch = false;
      for (const r of referees) r.x = NaN;
      continue;
    }
    const b = ball.at(t);
    if (!b) continue;
    // Where the planned ball is going: a carrier runs onto it rather than after it, but not past where
    // the carry ends (the next action starts there).
    const ahead = b.kind === 'carry' ? lookAhead.at(Math.min(t + CARRY_LEAD_MS, b.t1)) : null;
    const lead = ahead ? { x: ahead.x, y: ahead.y } : { x: b.x, y: b.y };
    if (period.period !== currentPeriod) {
      currentPeriod = period.period;
      smoothed.home = { x: b.x, y: b.y };
      smoothed.away = { x: b.x, y: b.y };
      for (const a of agents) a.onPitch = false;
      kickOffReferees(referees);
    }
    const homeRight = lineups.homeAttacksRight.get(period.period) ?? true;
    // Players react to the ball with a short delay: the shape follows a smoothed ball.
    const alpha = DT / SHAPE_REACTION_S;
    for (const side of ['home', 'away'] as const) {
      smoothed[side].x += (b.x - smoothed[side].x) * alpha;
      smoothed[side].y += (b.y - smoothed[side].y) * alpha;
    }
    const active: Agent[] = [];
    for (const a of agents) {
      if (t >= a.appearance.onMs && t < a.appearance.offMs) active.push(a);
      else a.onPitch = false;
    }
    const presser = { home: nearestOutfield(active, 'home', b), away: nearestOutfield(active, 'away', b) };
    for (const a of active) {
      const right = (a.team === 'home') === homeRight;
      if (!a.onPitch) enter(a, t, right, b, smoothed[a.team]);
      moveAgent(a, t, b, right, smoothed[a.team], presser[a.team] === a, lead);
    }
    moveReferees(referees, smoothed.home, b, active, homeRight);

    if (f >= 0 && f < frames) {
      const base = f * n;
      for (const a of active) {
        track.x[base + a.index] = a.x;
        track.y[base + a.index] = a.y;
      }
      const refBase = base + agents.length;
      referees.forEach((r, i) => {
        track.x[refBase + i] = r.x;
        track.y[refBase + i] = r.y;
      });
      const carried = carriedBall(b, t, active);
      track.x[base + n - 1] = carried.x;
      track.y[base + n - 1] = carried.y;
      track.ballZ[f] = b.z;
      track.inPlay[f] = b.inPlay ? 1 : 0;
      track.possession[f] = b.holder || b.kind === 'carry' ? (b.team === 'home' ? 0 : b.team === 'away' ? 1 : -1) : b.team && b.kind !== 'loose' && b.inPlay ? (b.team === 'home' ? 0 : 1) : -1;
      track.period[f] = period.period;
    }
  }
  return track;
}

const snap = (ms: number) => Math.round(ms / FRAME_MS) * FRAME_MS;

function hashKey(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Where each named player must be: the actor at the event's start, a pass receiver at its end. */
function playerAnchors(source: MatchSource): Map<string, Anchor[]> {
  const out = new Map<string, Anchor[]>();
  const add = (key: string | null, t: number, p: PitchPoint | null) => {
    if (!key || !p) return;
    const list = out.get(key) ?? [];
    list.push({ t, p });
    out.set(key, list);
  };
  for (const e of source.events) {
    if (e.type === 'SET PIECE' || e.type === 'CARD') continue;
    add(e.from, e.startFrame * FRAME_MS, e.start);
    if (e.type === 'PASS') add(e.to, e.endFrame * FRAME_MS, e.end);
  }
  for (const list of out.values()) list.sort((a, b) => a.t - b.t);
  return out;
}

function describeObjects(agents: Agent[]): SimObject[] {
  const players: SimObject[] = agents.map((a) => ({
    id: `${a.team === 'home' ? 0 : 1}-${a.appearance.player.jersey}`,
    role: a.keeper ? 'goal_keeper' : 'player',
    team: a.team === 'home' ? 0 : 1,
    jersey: a.appearance.player.jersey,
    name: a.appearance.player.name,
  }));
  return [
    ...players,
    { id: 'referee', role: 'referee', team: null, jersey: null, name: 'Referee' },
    { id: 'ar-1', role: 'referee', team: null, jersey: null, name: 'Assistant referee 1' },
    { id: 'ar-2', role: 'referee', team: null, jersey: null, name: 'Assistant referee 2' },
    { id: 'ball', role: 'ball', team: null, jersey: null, name: 'Ball' },
  ];
}

/** Formation target in absolute pitch coordinates. */
function shapeTarget(a: Agent, t: number, right: boolean, ball: PitchPoint, inPossession: boolean): PitchPoint {
  const bx = right ? ball.x : PITCH_LENGTH - ball.x;
  const by = right ? ball.y : PITCH_WIDTH - ball.y;
  let x: number;
  let y: number;
  const slot = slotAt(a.appearance, t);
  if (a.keeper) {
    x = clamp(4 + 0.15 * bx, 3, 19);
    y = 34 + (by - 34) * 0.35;
  } else {
    const depth = inPossession ? 1.2 : 0.8;
    const width = inPossession ? 1.1 : 0.75;
    const centre = clamp(0.45 * bx + (inPossession ? 22 : 12), 26, 72);
    x = clamp(centre + (slot.x - 35) * depth, 4, 101);
    y = clamp(34 + (slot.y - 34) * width + (by - 34) * 0.25, 2, 66);
  }
  return right ? { x, y } : { x: PITCH_LENGTH - x, y: PITCH_WIDTH - y };
}

function enter(a: Agent, t: number, right: boolean, b: BallState, smoothedBall: PitchPoint): void {
  const kickOff = b.kind === 'dead' && Math.hypot(b.x - PITCH_LENGTH / 2, b.y - PITCH_WIDTH / 2) < 1;
  if (a.appearance.onMs > 0 && t - a.appearance.onMs < 1000 && !kickOff) {
    // A substitute comes on at the halfway line.
    a.x = PITCH_LENGTH / 2;
    a.y = 0.5;
  } else {
    const target = shapeTarget(a, t, right, smoothedBall, false);
    // At a kick-off everyone stands in his own half.
    a.x = right ? Math.min(target.x, PITCH_LENGTH / 2 - 1) : Math.max(target.x, PITCH_LENGTH / 2 + 1);
    a.y = target.y;
  }
  a.vx = 0;
  a.vy = 0;
  a.onPitch = true;
  a.nextAnchor = 0;
  while (a.nextAnchor < a.anchors.length && (a.anchors[a.nextAnchor] as Anchor).t < t) a.nextAnchor++;
}

function nearestOutfield(active: Agent[], team: TeamSide, b: BallState): Agent | null {
  if (!b.inPlay || b.team === team || b.kind === 'dead') return null;
  let best: Agent | null = null;
  let bestD = 30;
  for (const a of active) {
    if (a.team !== team || a.keeper || !a.onPitch) continue;
    const d = Math.hypot(a.x - b.x, a.y - b.y);
    if (d < bestD) {
      bestD = d;
      best = a;
    }
  }
  return best;
}

/**
 * A carried ball is at the carrier's feet: a stride ahead of him, blended into the planned path over
 * the first and last quarter second of the carry (where a pass arrives and the next action starts),
 * so the player who has the ball is the one the positions show with it.
 */
function carriedBall(b: BallState, t: number, active: readonly Agent[]): PitchPoint {
  if (b.kind !== 'carry' || !b.holder) return { x: b.x, y: b.y };
  const carrier = active.find((a) => a.appearance.player.key === b.holder);
  if (!carrier || !carrier.onPitch) return { x: b.x, y: b.y };
  const speed = Math.hypot(carrier.vx, carrier.vy);
  const fx = speed > 0.5 ? carrier.x + (carrier.vx / speed) * CARRY_STRIDE : b.x;
  const fy = speed > 0.5 ? carrier.y + (carrier.vy / speed) * CARRY_STRIDE : b.y;
  const w = Math.min(1, Math.max(0, Math.max(1 - (t - b.t0) / CARRY_BLEND_MS, 1 - (b.t1 - t) / CARRY_BLEND_MS)));
  const s = w * w * (3 - 2 * w);
  return { x: fx + (b.x - fx) * s, y: fy + (b.y - fy) * s };
}

function moveAgent(a: Agent, t: number, b: BallState, right: boolean, smoothedBall: PitchPoint, pressing: boolean, lead: PitchPoint): void {
  while (a.nextAnchor < a.anchors.length && (a.anchors[a.nextAnchor] as Anchor).t < t - 400) a.nextAnchor++;
  const anchor = a.anchors[a.nextAnchor];
  const sigma = a.keeper ? KEEPER_WANDER_SIGMA : slotAt(a.appearance, t).line === 'DEF' ? DEFENDER_WANDER_SIGMA : WANDER_SIGMA;
  const k = DT / WANDER_TAU;
  a.ox += -a.ox * k + sigma * Math.sqrt(2 * k) * a.rng.gauss();
  a.oy += -a.oy * k + sigma * Math.sqrt(2 * k) * a.rng.gauss();
  let outside = false;

  if (b.holder === a.appearance.player.key && b.kind === 'carry') {
    // Run onto the ball: aim where it will be.
    steer(a, lead.x, lead.y, DT, MAX_SPEED, 4);
  } else if (anchor && committed(a, anchor, t)) {
    const timeLeft = Math.max((anchor.t - t) / 1000, 0.08);
    const need = Math.hypot(anchor.p.x - a.x, anchor.p.y - a.y) / timeLeft;
    steer(a, anchor.p.x, anchor.p.y, DT, MAX_SPEED, 1.5, need);
    outside = anchor.p.x < 0 || anchor.p.x > PITCH_LENGTH || anchor.p.y < 0 || anchor.p.y > PITCH_WIDTH;
  } else if (pressing) {
    const goalX = right ? 0 : PITCH_LENGTH;
    const dir = Math.sign(goalX - b.x);
    steer(a, b.x + dir * 1.5, b.y, DT, JOG_CAP, 1.2);
  } else if (t < a.runUntil && b.inPlay) {
    steer(a, a.runX, a.runY, DT, 9.3, 2, 7.5);
  } else {
    const inPossession = b.team === a.team;
    const target = shapeTarget(a, t, right, smoothedBall, inPossession);
    const calm = !b.inPlay;
    // The wandering offset never takes anyone off the pitch.
    const tx = clamp(target.x + a.ox, 0.5, PITCH_LENGTH - 0.5);
    const ty = clamp(target.y + a.oy, 0.5, PITCH_WIDTH - 0.5);
    steer(a, tx, ty, DT, calm ? 3.5 : JOG_CAP, calm ? 0.5 : 0.8);
    if (!a.keeper && b.inPlay && a.rng.next() < DT / RUN_INTERVAL_S) startRun(a, t, right, b, inPossession);
  }
  // Only throw-ins and corners take a player over a line, and then by a step at most.
  a.x = clamp(a.x, -1.5, PITCH_LENGTH + 1.5);
  a.y = clamp(a.y, -1.5, PITCH_WIDTH + 1.5);
  void outside;
}

/** Go for an anchor early enough to get there at a run, and hold it briefly afterwards. */
function committed(a: Agent, anchor: Anchor, t: number): boolean {
  const d = Math.hypot(anchor.p.x - a.x, anchor.p.y - a.y);
  const timeLeft = (anchor.t - t) / 1000;
  return timeLeft < d / 5 + 2;
}

function startRun(a: Agent, t: number, right: boolean, b: BallState, inPossession: boolean): void {
  const forward = right ? 1 : -1;
  let dx: number;
  let dy: number;
  if (inPossession) {
    dx = forward * a.rng.range(0.6, 1);
    dy = a.rng.range(-0.6, 0.6);
  } else {
    dx = b.x - a.x;
    dy = b.y - a.y;
  }
  const d = Math.hypot(dx, dy) || 1;
  const length = a.rng.range(18, 30);
  a.runX = clamp(a.x + (dx / d) * length, 2, PITCH_LENGTH - 2);
  a.runY = clamp(a.y + (dy / d) * length, 2, PITCH_WIDTH - 2);
  a.runUntil = t + a.rng.range(2500, 4000);
}

function kickOffReferees(refs: Mover[]): void {
  const starts: [number, number][] = [[PITCH_LENGTH / 2 - 6, PITCH_WIDTH / 2 - 8], [PITCH_LENGTH / 4, -1], [(3 * PITCH_LENGTH) / 4, PITCH_WIDTH + 1]];
  refs.forEach((r, i) => {
    const [x, y] = starts[i] as [number, number];
    Object.assign(r, { x, y, vx: 0, vy: 0 });
  });
}

/**
 * Diagonal system: the referee keeps 10-15 m from the ball on the left-wing-to-right-wing diagonal;
 * each assistant runs his touchline in one half, level with the second-last defender or the ball.
 */
function moveReferees(refs: Mover[], play: PitchPoint, b: BallState, active: Agent[], homeRight: boolean): void {
  const [main, ar1, ar2] = refs as [Mover, Mover, Mover];
  const side = play.x > PITCH_LENGTH / 2 ? 1 : -1;
  steer(main, clamp(play.x - side * 9, 8, PITCH_LENGTH - 8), clamp(play.y - side * 11, 4, PITCH_WIDTH - 4), DT, JOG_CAP, 0.5);
  // The team defending the left goal attacks right.
  const leftDefenders = active.filter((a) => a.onPitch && ((a.team === 'home') === homeRight)).map((a) => a.x).sort((p, q) => p - q);
  const rightDefenders = active.filter((a) => a.onPitch && ((a.team === 'home') !== homeRight)).map((a) => a.x).sort((p, q) => q - p);
  const leftLine = Math.min(leftDefenders[1] ?? PITCH_LENGTH / 4, b.x);
  const rightLine = Math.max(rightDefenders[1] ?? (3 * PITCH_LENGTH) / 4, b.x);
  steer(ar1, clamp(leftLine, 0, PITCH_LENGTH / 2), -1, DT, 7, 1.2);
  steer(ar2, clamp(rightLine, PITCH_LENGTH / 2, PITCH_LENGTH), PITCH_WIDTH + 1, DT, 7, 1.2);
}
