import { FRAME_MS, PITCH_LENGTH, PITCH_WIDTH, type MatchEvent, type MatchSource, type PitchPoint, type TeamSide } from '../match-data/match-events.js';

export type SegmentKind = 'ground' | 'lofted' | 'shot' | 'carry' | 'loose' | 'dead';

/** The ball between two known states. Times in ms from match start, positions in metres. */
export interface BallSegment {
  t0: number;
  t1: number;
  p0: PitchPoint;
  p1: PitchPoint;
  kind: SegmentKind;
  /** Apex height of a flight (lofted passes and shots), metres. */
  apex: number;
  /** Player carrying the ball (carry segments). */
  holder: string | null;
  /** Team in possession during the segment, null when nobody controls it. */
  team: TeamSide | null;
  inPlay: boolean;
  period: number;
  /** Time span of the whole flight this segment belongs to (the height profile spans all of it). */
  f0: number;
  f1: number;
}

export interface BallState {
  x: number;
  y: number;
  z: number;
  inPlay: boolean;
  holder: string | null;
  team: TeamSide | null;
  kind: SegmentKind;
  /** The segment's time span, ms. */
  t0: number;
  t1: number;
}

const G = 9.81;
/** Rolling deceleration of a ball on grass, m/s² (about 0.1 g is typical of a cut pitch). */
const ROLL_DECEL = 1.2;

const LOFTED_SUBTYPES = ['CROSS', 'DEEP BALL', 'GOAL KICK', 'CLEARANCE', 'THROUGH BALL'];
/** Events after which the ball is out of play until a set piece restarts it. */
const STOPS = (e: MatchEvent) => e.type === 'BALL OUT' || e.type === 'FAULT RECEIVED'
  || (e.type === 'SHOT' && (e.subtypes.includes('GOAL') || e.subtypes.includes('OUT')))
  || (e.type === 'BALL LOST' && e.subtypes.includes('END HALF'));

const RECORDS_OF_A_STOPPAGE = new Set(['CHALLENGE', 'FAULT RECEIVED', 'CARD']);

const dist = (a: PitchPoint, b: PitchPoint) => Math.hypot(a.x - b.x, a.y - b.y);

/** Ballistic apex for a flight of `seconds` (h = g T² / 8), capped at what a kick reaches. */
export function ballisticApex(seconds: number, cap: number): number {
  return Math.min(cap, (G * seconds * seconds) / 8);
}

function flightKind(e: MatchEvent, t: number, d: number): { kind: SegmentKind; apex: number } {
  const seconds = t / 1000;
  if (e.type === 'SHOT') return { kind: 'shot', apex: ballisticApex(seconds, e.subtypes.includes('HEAD') ? 2.5 : 1.8) };
  if (e.type === 'PASS' || e.type === 'BALL OUT') {
    const lofted = e.subtypes.some((s) => LOFTED_SUBTYPES.includes(s)) || (d > 32 && d / Math.max(seconds, 0.04) < 22);
    if (lofted && seconds >= 0.6) return { kind: 'lofted', apex: ballisticApex(seconds, 22) };
    return { kind: 'ground', apex: 0 };
  }
  return { kind: 'loose', apex: 0 };
}

/** A place and time the ball must be, from one event's start or end. */
export interface BallAnchor {
  t: number;
  p: PitchPoint;
  event: number;
  at: 'start' | 'end';
  /** False when another event puts the ball more than 2 m away at the same frame (the source contradicts itself). */
  honoured: boolean;
}

const MERGE_RADIUS = 2;

/**
 * Every event location is an anchor. Anchors of one frame within 2 m of each other are merged (their
 * mean is within 1 m of each); when the source contradicts itself at a frame (a loss ending 3 m from
 * where the recovery starts), the event that starts there holds and the others are marked.
 */
export function ballAnchors(source: MatchSource): BallAnchor[] {
  const anchors: BallAnchor[] = [];
  for (const e of source.events) {
    if (e.start) anchors.push({ t: e.startFrame * FRAME_MS, p: e.start, event: e.index, at: 'start', honoured: true });
    if (e.end && e.endFrame > e.startFrame) anchors.push({ t: e.endFrame * FRAME_MS, p: e.end, event: e.index, at: 'end', honoured: true });
  }
  return anchors.sort((a, b) => a.t - b.t || a.event - b.event);
}

interface Stop { t: number; p: PitchPoint }

/** The point whose largest distance to the given points is (nearly) smallest: Badoiu-Clarkson iterations. */
function minimaxCentre(points: PitchPoint[]): PitchPoint {
  const c = { x: points.reduce((a, p) => a + p.x, 0) / points.length, y: points.reduce((a, p) => a + p.y, 0) / points.length };
  for (let i = 0; i < 50 && points.length > 1; i++) {
    let far = points[0] as PitchPoint;
    for (const p of points) if (dist(p, c) > dist(far, c)) far = p;
    c.x += (far.x - c.x) / (i + 2);
    c.y += (far.y - c.y) / (i + 2);
  }
  return c;
}

function mergeAnchors(anchors: BallAnchor[]): Stop[] {
  const stops: Stop[] = [];
  for (let i = 0; i < anchors.length;) {
    let j = i;
    while (j < anchors.length && (anchors[j] as BallAnchor).t === (anchors[i] as BallAnchor).t) j++;
    const group = anchors.slice(i, j);
    // The latest event's start wins a conflict; otherwise the latest anchor.
    const lead = [...group].reverse().find((a) => a.at === 'start') ?? (group[group.length - 1] as BallAnchor);
    const near = group.filter((a) => dist(a.p, lead.p) <= MERGE_RADIUS);
    const p = minimaxCentre(near.map((a) => a.p));
    for (const a of group) a.honoured = dist(a.p, p) <= 1;
    stops.push({ t: lead.t, p });
    i = j;
  }
  return stops;
}

/**
 * The ball's plan from the real events: it passes through every anchor (ballAnchors); between two
 * anchors it flies or rolls when an event spans them (pass, shot, clearance), else it is carried at the
 * feet of the player who has it, rolls loose, or lies dead from a stoppage to the restart.
 */
export function planBall(source: MatchSource): { segments: BallSegment[]; anchors: BallAnchor[] } {
  const segments: BallSegment[] = [];
  const allAnchors: BallAnchor[] = [];
  const events = [...source.events].sort((a, b) => a.startFrame - b.startFrame || a.index - b.index);
  for (const period of source.periods) {
    const inPeriod = events.filter((e) => e.period === period.period);
    const periodStart = period.startFrame * FRAME_MS;
    const periodEnd = period.endFrame * FRAME_MS;
    const periodAnchors = ballAnchors({ ...source, events: inPeriod });
    allAnchors.push(...periodAnchors);
    const stops = mergeAnchors(periodAnchors);
    const centre = { x: PITCH_LENGTH / 2, y: PITCH_WIDTH / 2 };
    if (!stops.length || (stops[0] as Stop).t > periodStart) stops.unshift({ t: periodStart, p: centre });
    const last = stops[stops.length - 1] as Stop;
    if (last.t < periodEnd) stops.push({ t: periodEnd, p: last.p });

    // Possession state as the events unfold: who holds the ball, which team, is play stopped.
    let next = 0;
    let holder: string | null = null;
    let team: TeamSide | null = inPeriod[0]?.team ?? null;
    let dead = true; // a period starts with the kick-off
    for (let k = 0; k + 1 < stops.length; k++) {
      const a = stops[k] as Stop;
      const b = stops[k + 1] as Stop;
      while (next < inPeriod.length && (inPeriod[next] as MatchEvent).startFrame * FRAME_MS <= a.t) {
        const e = inPeriod[next++] as MatchEvent;
        if (e.type === 'SET PIECE') dead = true;
        // Records of the stoppage itself (the challenge a foul was given for, the foul, a card) come
        // after the whistle: they do not restart play; the next set piece or play does.
        else if (e.start && !(dead && RECORDS_OF_A_STOPPAGE.has(e.type))) dead = false;
        if (e.type === 'PASS') holder = e.to;
        else if (e.type === 'RECOVERY' || e.type === 'CARRY' || (e.type === 'CHALLENGE' && e.subtypes.includes('WON'))) holder = e.from;
        else if (e.type === 'BALL LOST' || e.type === 'SHOT' || e.type === 'BALL OUT') holder = null;
        if (e.team && e.type !== 'CHALLENGE') team = e.type === 'BALL LOST' ? otherTeam(e.team) : e.team;
        if (STOPS(e)) {
          dead = true;
          holder = null;
        }
      }
      // The event whose flight covers this stretch, if any (the latest to start).
      let flight: MatchEvent | undefined;
      for (let i = next - 1; i >= 0; i--) {
        const e = inPeriod[i] as MatchEvent;
        if (e.start && e.end && e.startFrame * FRAME_MS <= a.t && e.endFrame * FRAME_MS >= b.t && e.endFrame > e.startFrame) {
          flight = e;
          break;
        }
      }
      if (flight && flight.type !== 'CARRY') {
        const span = (flight.endFrame - flight.startFrame) * FRAME_MS;
        const { kind, apex } = flightKind(flight, span, dist(flight.start as PitchPoint, flight.end as PitchPoint));
        segments.push({ t0: a.t, t1: b.t, p0: a.p, p1: b.p, kind, apex, holder: null, team: flight.team, inPlay: true, period: period.period,
          f0: flight.startFrame * FRAME_MS, f1: flight.endFrame * FRAME_MS });
        continue;
      }
      const carrier = flight?.type === 'CARRY' ? flight.from : holder;
      const nextActor = inPeriod[next]?.from ?? null;
      const carrying = !dead && carrier !== null && (flight?.type === 'CARRY' || carrier === nextActor);
      segments.push({
        t0: a.t, t1: b.t, p0: a.p, p1: b.p,
        kind: dead ? 'dead' : carrying ? 'carry' : 'loose', apex: 0,
        holder: carrying ? carrier : null, team: carrying || dead ? team : null, inPlay: !dead, period: period.period,
        f0: a.t, f1: b.t,
      });
    }
  }
  return { segments: segments.filter((s) => s.t1 > s.t0), anchors: allAnchors };
}

const otherTeam = (t: TeamSide): TeamSide => (t === 'home' ? 'away' : 'home');

const smoothstep = (s: number) => s * s * (3 - 2 * s);

/** Fraction of the distance covered at fraction `s` of the time, for a ball rolling with friction. */
function rollingFraction(s: number, seconds: number, d: number): number {
  if (d <= 0 || seconds <= 0) return s;
  // d = v0 T - a T² / 2 with the ball still rolling at the end (v0 >= a T).
  const a = Math.min(ROLL_DECEL, (2 * d) / (seconds * seconds) * 0.999);
  const v0 = d / seconds + (a * seconds) / 2;
  const t = s * seconds;
  return (v0 * t - (a * t * t) / 2) / d;
}

/** Position of the ball on a segment at time t (t0 <= t <= t1). */
export function sampleSegment(seg: BallSegment, t: number): BallState {
  const span = seg.t1 - seg.t0;
  const s = span > 0 ? Math.min(1, Math.max(0, (t - seg.t0) / span)) : 1;
  const d = dist(seg.p0, seg.p1);
  let f = s;
  let z = 0;
  switch (seg.kind) {
    case 'ground':
    case 'loose':
      f = rollingFraction(s, span / 1000, d);
      break;
    case 'lofted':
    case 'shot': {
      const flightSpan = seg.f1 - seg.f0;
      const u = flightSpan > 0 ? Math.min(1, Math.max(0, (t - seg.f0) / flightSpan)) : s;
      z = 4 * seg.apex * u * (1 - u);
      break;
    }
    case 'carry':
    case 'dead':
      f = smoothstep(s);
      break;
  }
  return {
    x: seg.p0.x + (seg.p1.x - seg.p0.x) * f,
    y: seg.p0.y + (seg.p1.y - seg.p0.y) * f,
    z,
    inPlay: seg.inPlay,
    holder: seg.holder,
    team: seg.team,
    kind: seg.kind,
    t0: seg.t0,
    t1: seg.t1,
  };
}

/** Looks up the segment covering t with a moving cursor: the simulator samples in time order. */
export class BallCursor {
  private i = 0;
  constructor(private readonly segments: readonly BallSegment[]) {}

  at(t: number): BallState | null {
    const segs = this.segments;
    if (segs.length === 0) return null;
    if (this.i >= segs.length || (segs[this.i] as BallSegment).t0 > t) this.i = 0;
    while (this.i < segs.length - 1 && (segs[this.i] as BallSegment).t1 < t) this.i++;
    // Prefer the later segment at a shared boundary: the event that starts at t holds.
    while (this.i < segs.length - 1 && (segs[this.i + 1] as BallSegment).t0 <= t && (segs[this.i] as BallSegment).t1 <= t) this.i++;
    const seg = segs[this.i] as BallSegment;
    if (t < seg.t0 || t > seg.t1) return null;
    return sampleSegment(seg, t);
  }
}
