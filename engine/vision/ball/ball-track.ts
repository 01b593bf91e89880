import { groundProjector, projector, type Camera, type Projector } from '../../geometry/camera.js';
import { BALL_DIAMETER, distanceToMarking, type BallCandidate } from './ball-candidates.js';
import { boostFlightTracklets, placeFlights } from './path-flights.js';
import { dropStretchesAfterExit } from './picture-exits.js';
import { markStill, offPitch, OFF_PITCH_SOFT } from './still-spots.js';
import type { BallPoint, BallTrackOptions, Nodes, PathStep } from './ball-path-types.js';

export type { BallPoint, BallTrackOptions } from './ball-path-types.js';

/** One frame's ball inputs: the calibrated camera (null when the frame was not calibrated) and every candidate. */
export interface BallFrameInput {
  camera: Camera | null;
  candidates: readonly BallCandidate[];
}

/**
 * Reward per frame for a candidate on the path: a free blob or speck by its score (times the factors
 * below), a white cluster at a player's feet a fixed amount (when the ball is played, those are all
 * there is of it).
 */
const FEET_REWARD = 0.9;
/**
 * A white cluster at a person's feet that lies on a painted line or spot (within ON_LINE_R m of its
 * centre: half the 12 cm strip and the calibration's slack) and moves is mostly the line showing
 * between the legs of someone walking along it (a referee on the halfway line): it keeps
 * ON_LINE_FEET_FACTOR of its reward, so a path follows it only where nothing better is seen. One that
 * lies still (a candidate within LINE_STILL_R m of it LINE_STILL_FRAMES frames before or after) keeps
 * its reward: a ball placed on a line for a restart (a goal kick on the goal area's edge, a kick-off, a
 * throw-in) lies there a second or more, while the line between a walker's legs moves on with him.
 */
const ON_LINE_R = 0.2;
const ON_LINE_FEET_FACTOR = 0.3;
const LINE_STILL_FRAMES = 25;
const LINE_STILL_R = 0.3;
const freeReward = (score: number) => 0.4 + 0.6 * Math.min(score, 2.5);
/**
 * A peak of the ball detector (models/ball-detector) by the network's score (0-1): the network has
 * weighed colour, shape and motion already, so no whiteness or shape factor; a sure peak is worth what
 * the brightest blob is.
 */
const netReward = (score: number) => 0.4 + 1.5 * Math.min(1, score);
/**
 * A detector peak at or above this is kept when it lies still: the network has learned painted spots,
 * line crossings and board letters as background, while a ball lies still for every restart (a goal
 * kick, a free kick, a corner: 5-30 s), which the stillness rule below would throw away.
 */
export const NET_SURE = 0.5;
/**
 * Whiteness of a candidate's brightest pixel (its darkest channel): a ball is white, the bright specks that
 * are not (skin, a coloured shirt's highlight, the greenish rim of a painted line) have one channel well
 * below. A soft factor, not a filter: a ball in shade or blurred by its speed is less white.
 */
const whiteness = (c: BallCandidate) => (c.peak ? Math.min(1, Math.max(0.15, (Math.min(...c.peak) - 130) / 40)) : 1);
/**
 * A blob much taller than a ball is there is more likely part of a person (white shorts, socks, an arm of
 * someone the detector missed): motion blur stretches a ball mostly sideways, since picture motion across
 * the pitch is larger than up and down it.
 */
const upright = (c: BallCandidate) => (c.h !== undefined && c.d ? Math.min(1, Math.max(0.3, 1 - (0.7 * (c.h / c.d - 2.2)) / 1.3)) : 1);
/** Motion cost weight (Cauchy on the pixel distance to the predicted position), per skipped frame, per restart. */
const MOTION = 0.6;
/**
 * A ball may stop at any moment (trapped, picked up, caught), so a link into a blob seen clearly on the
 * pitch (a reward above a feet cluster's, within OFF_PITCH_SOFT of the lines) is also scored as if the
 * ball had stopped where it was last seen, at STOP_PX pixels' extra distance. Without it, a path that
 * jumped to something else for a few frames carries the jump's speed back to the ball and zig-zags
 * between the two (a ball walked back from the corner flag beside the touchline under an assistant
 * referee's legs). Feet clusters keep the moving prediction only: a ball being played keeps moving, and
 * the white clusters of people standing about would otherwise make cheap chains; so do blobs beyond the
 * lines, where the board letters lie still (a path once held one for 2 s while the ball was at a
 * dribbler's feet).
 */
const STOP_PX = 2;
const SKIP = 0.15;
const RESTART = 5;
/** Restarts that jump faster than TELEPORT_SPEED m/frame (beyond TELEPORT_SLACK m) pay TELEPORT_PER_M a metre, up to TELEPORT_MAX. */
const TELEPORT_SLACK = 3;
const TELEPORT_SPEED = 1.2;
const TELEPORT_PER_M = 0.6;
const TELEPORT_MAX = 20;
/** Fastest plausible change of the ball's velocity between frames (a kick), metres per frame. */
const MAX_DV = 1.4;
/** Metres outside the pitch beyond which a candidate is no ball in play. */
const OFF_PITCH_MAX = 5;

/**
 * The ball over a whole video, with hindsight (the engine is offline). A pure function of every frame's
 * candidates and camera:
 * - Candidates become nodes of a graph; edges join candidates up to `maxLink` frames apart, costing more
 *   the farther (in pixels of the later frame) a candidate lies from where the path so far predicts the
 *   ball (its velocity carried on, in ground coordinates, so camera pans do not count as motion).
 * - The best-scoring path is chosen by dynamic programming: one candidate per frame at most, each
 *   candidate worth a reward (its score, whiteness and shape), restarting the path costs RESTART plus a
 *   penalty for jumping farther than a ball travels. So a lone speck, or a brighter one 20 m away, never
 *   wins over a ball seen moving frame after frame, and a ball lost among a player's feet is picked up
 *   again where it went.
 * - Candidates that sit at one pitch spot for seconds (painted marks, debris, board letters) are left out,
 *   and those more than OFF_PITCH_MAX off the pitch (still-spots.ts).
 * - Stretches of the path that a ballistic parabola through the candidates' rays explains (and a ball
 *   rolling on the grass does not) become flights placed in 3D (path-flights.ts; flights found among the
 *   free blobs beforehand earn more, so the path follows a lofted ball rather than the kicker's feet).
 * - A stretch between two restarts in which the ball detector was never sure (NET_SURE) gives no rows, nor
 *   one after the ball left the picture that does not show it coming back (picture-exits.ts).
 * - Frames between two linked sightings at most `maxGap` frames apart (12: under 0.5 s) are bridged:
 *   the ball was hidden for a moment (by a player, a painted line it crossed, its own blur). Across longer
 *   gaps only a flight is carried on, along its parabola to its landing (2 s at most); nothing else is
 *   invented.
 * Returns one entry per frame, null where the ball was not placed.
 */
export function ballTrack(frames: readonly BallFrameInput[], options: BallTrackOptions = {}): (BallPoint | null)[] {
  const log = new BallCandidateLog();
  for (const f of frames) log.push(f.camera, f.candidates);
  return log.track(options);
}

/** Longest stretch, frames, the path may follow feet clusters alone (no blob of the ball's own): 8 s. */
const FEET_RUN_MAX = 200;

/**
 * Drops stretches where the path ran on feet clusters alone for FEET_RUN_MAX frames or more. A ball at a
 * dribbler's feet merges with his blob, but it shows on its own within seconds (on the broadcast fixtures
 * no such stretch lasted 8 s); a static camera shows part of the pitch, and while the ball was in the other
 * half the path chained players' white socks and shorts for 8-20 s (side fixture: two stretches, 558 rows,
 * none on the ball). The step after a dropped stretch starts afresh (nothing is bridged across it).
 */
function dropLongFeetRuns(path: readonly PathStep[], nodes: Nodes): PathStep[] {
  const out: PathStep[] = [];
  let restart = false;
  let k = 0;
  while (k < path.length) {
    let e = k;
    if (nodes.feet[(path[k] as PathStep).node] === 1) {
      while (e + 1 < path.length && (path[e + 1] as PathStep).linked && nodes.feet[(path[e + 1] as PathStep).node] === 1) e++;
      const span = (nodes.frame[(path[e] as PathStep).node] as number) - (nodes.frame[(path[k] as PathStep).node] as number);
      if (span >= FEET_RUN_MAX) {
        restart = true;
        k = e + 1;
        continue;
      }
    }
    for (let i = k; i <= e; i++) {
      const step = path[i] as PathStep;
      out.push(restart ? { node: step.node, linked: false } : step);
      restart = false;
    }
    k = e + 1;
  }
  return out;
}

/**
 * Drops stretches of linked steps (between two restarts) where the ball detector never reached its sure
 * score (NET_SURE) at any step: the path takes every weak peak it can reach, and while the ball is out of
 * the picture or hidden it chains weak peaks on boots, heads and line ends, which a real ball stretch,
 * sure at least once, does not look like. Stretches with a classical candidate are kept (no detector).
 */
export function dropUnsureStretches(path: readonly PathStep[], nodes: Pick<Nodes, 'unsure'>): PathStep[] {
  const out: PathStep[] = [];
  let k = 0;
  while (k < path.length) {
    // A stretch starts at a restart (an unlinked step), so dropping one leaves its neighbours unlinked.
    let e = k;
    while (e + 1 < path.length && (path[e + 1] as PathStep).linked) e++;
    const stretch = path.slice(k, e + 1);
    if (stretch.some((step) => nodes.unsure[step.node] !== 1)) out.push(...stretch);
    k = e + 1;
  }
  return out;
}

function trackNodes(nodes: Nodes, cams: readonly (Camera | null)[], options: BallTrackOptions): (BallPoint | null)[] {
  const maxGap = options.maxGap ?? 12;
  const maxLink = Math.max(maxGap, options.maxLink ?? 25);
  const path = dropStretchesAfterExit(dropUnsureStretches(dropLongFeetRuns(bestPath(nodes, cams, maxLink), nodes), nodes), nodes, cams);
  const out: (BallPoint | null)[] = new Array<BallPoint | null>(cams.length).fill(null);
  for (const p of path) {
    out[nodes.frame[p.node] as number] = { x: nodes.x[p.node] as number, y: nodes.y[p.node] as number, z: 0, u: nodes.u[p.node] as number, v: nodes.v[p.node] as number, how: 'seen' };
  }
  // Bridges: frames between two linked sightings at most maxGap frames apart.
  for (let k = 1; k < path.length; k++) {
    const b = path[k] as PathStep;
    if (!b.linked) continue;
    const a = path[k - 1] as PathStep;
    const fa = nodes.frame[a.node] as number;
    const fb = nodes.frame[b.node] as number;
    if (fb - fa < 2 || fb - fa > maxGap + 1) continue;
    for (let f = fa + 1; f < fb; f++) {
      const s = (f - fa) / (fb - fa);
      const lerp = (c: Float32Array) => (c[a.node] as number) + ((c[b.node] as number) - (c[a.node] as number)) * s;
      out[f] = { x: lerp(nodes.x), y: lerp(nodes.y), z: 0, u: lerp(nodes.u), v: lerp(nodes.v), how: 'bridged' };
    }
  }
  if (options.flights !== false) placeFlights(path, nodes, cams, out, maxGap, options.onFlight);
  return out;
}

/**
 * The ball candidates of a video as they come, frame by frame, kept column-wise in typed arrays (about 36
 * bytes a candidate instead of an object each); `track()` runs ballTrack's pass over them at the end.
 */
export class BallCandidateLog {
  private readonly cams: (Camera | null)[] = [];
  private readonly starts: number[] = [];
  private cap = 1024;
  private cols = BallCandidateLog.alloc(1024);
  private n = 0;

  private static alloc(cap: number) {
    return {
      frame: new Int32Array(cap), u: new Float32Array(cap), v: new Float32Array(cap), x: new Float32Array(cap), y: new Float32Array(cap),
      gx: new Float32Array(cap), gy: new Float32Array(cap), d: new Float32Array(cap), rowM: new Float32Array(cap), reward: new Float32Array(cap), onLine: new Uint8Array(cap), mayStop: new Uint8Array(cap), feet: new Uint8Array(cap),
      sure: new Uint8Array(cap), unsure: new Uint8Array(cap),
    };
  }

  /** Frames pushed so far. */
  get frames(): number {
    return this.cams.length;
  }

  /** The next frame's camera (null: not calibrated, its candidates are ignored) and candidates. */
  push(camera: Camera | null, candidates: readonly BallCandidate[]): void {
    const f = this.cams.length;
    this.cams.push(camera);
    this.starts.push(this.n);
    if (!camera || !candidates.length) return;
    const ground = groundProjector(camera);
    for (const c of candidates) {
      const off = offPitch(c.x, c.y);
      if (off > OFF_PITCH_MAX) continue;
      const g = ground(c.u, c.v, 0);
      if (!g) continue;
      if (this.n === this.cap) {
        const old = this.cols;
        this.cap *= 2;
        this.cols = BallCandidateLog.alloc(this.cap);
        for (const k of Object.keys(old) as (keyof typeof old)[]) this.cols[k].set(old[k]);
      }
      const cols = this.cols;
      const n = this.n++;
      cols.frame[n] = f;
      cols.u[n] = c.u;
      cols.v[n] = c.v;
      cols.x[n] = c.x;
      cols.y[n] = c.y;
      this.placeRay(n, ground, g);
      cols.d[n] = c.d ?? 3;
      cols.feet[n] = c.kind === 'feet' ? 1 : 0;
      cols.sure[n] = c.kind === 'net' && c.score >= NET_SURE ? 1 : 0;
      cols.unsure[n] = c.kind === 'net' && c.score < NET_SURE ? 1 : 0;
      cols.onLine[n] = c.kind === 'feet' && distanceToMarking(c.x, c.y) < ON_LINE_R ? 1 : 0;
      const reward = c.kind === 'feet' ? FEET_REWARD : c.kind === 'net' ? netReward(c.score) : freeReward(c.score) * whiteness(c) * upright(c);
      cols.reward[n] = reward * (off > OFF_PITCH_SOFT ? 0.85 : 1);
      cols.mayStop[n] = c.kind !== 'feet' && off <= OFF_PITCH_SOFT && (cols.reward[n] as number) > FEET_REWARD ? 1 : 0;
    }
  }

  /**
   * Frames [from, to) already pushed are seen by `camera` instead (a still camera's principal point found
   * later): their candidates' ground points are taken again through it from their picture positions.
   * Frames that had no camera stay without one.
   */
  revise(from: number, to: number, camera: Camera): void {
    const ground = groundProjector(camera);
    const cols = this.cols;
    for (let f = Math.max(0, from); f < Math.min(to, this.cams.length); f++) {
      if (!this.cams[f]) continue;
      this.cams[f] = camera;
      const end = f + 1 < this.starts.length ? (this.starts[f + 1] as number) : this.n;
      for (let n = this.starts[f] as number; n < end; n++) {
        const u = cols.u[n] as number;
        const v = cols.v[n] as number;
        const g = ground(u, v, 0);
        if (!g) continue;
        // The ground under the candidate's lowest pixel, as the candidates are made.
        const foot = ground(u, v + (cols.d[n] as number) / 2, 0) ?? g;
        cols.x[n] = foot[0];
        cols.y[n] = foot[1];
        this.placeRay(n, ground, g);
      }
    }
  }

  /** Candidate n's centre ray on the grass (`g`, through `ground`) and the ground a picture row spans there. */
  private placeRay(n: number, ground: ReturnType<typeof groundProjector>, g: readonly number[]): void {
    const below = ground(this.cols.u[n] as number, (this.cols.v[n] as number) + 1, 0);
    this.cols.gx[n] = g[0] as number;
    this.cols.gy[n] = g[1] as number;
    this.cols.rowM[n] = below ? Math.hypot(below[0] - (g[0] as number), below[1] - (g[1] as number)) : 0;
  }

  /** The ball in every frame pushed so far (see ballTrack). */
  track(options: BallTrackOptions = {}): (BallPoint | null)[] {
    const n = this.n;
    const start = new Int32Array(this.cams.length + 1);
    start.set(this.starts);
    start[this.cams.length] = n;
    const c = this.cols;
    const nodes: Nodes = {
      n, start, frame: c.frame.subarray(0, n), u: c.u.subarray(0, n), v: c.v.subarray(0, n), x: c.x.subarray(0, n), y: c.y.subarray(0, n),
      gx: c.gx.subarray(0, n), gy: c.gy.subarray(0, n), d: c.d.subarray(0, n), rowM: c.rowM.subarray(0, n), reward: c.reward.slice(0, n), mayStop: c.mayStop.subarray(0, n), feet: c.feet.subarray(0, n),
      unsure: c.unsure.subarray(0, n),
    };
    demoteMovingOnLine(nodes, c.onLine);
    markStill(nodes, c.sure);
    boostFlightTracklets(nodes, this.cams);
    return trackNodes(nodes, this.cams, options);
  }
}

/** Feet clusters on a painted line that do not lie still lose most of their reward (see ON_LINE_R). */
function demoteMovingOnLine(nodes: Nodes, onLine: Uint8Array): void {
  const lastFrame = nodes.start.length - 2;
  for (let i = 0; i < nodes.n; i++) {
    if (!onLine[i]) continue;
    const f = nodes.frame[i] as number;
    const x = nodes.x[i] as number;
    const y = nodes.y[i] as number;
    let still = false;
    for (const g of [f - LINE_STILL_FRAMES, f + LINE_STILL_FRAMES]) {
      if (g < 0 || g > lastFrame) continue;
      for (let j = nodes.start[g] as number; j < (nodes.start[g + 1] as number) && !still; j++) {
        still = Math.hypot((nodes.x[j] as number) - x, (nodes.y[j] as number) - y) < LINE_STILL_R;
      }
    }
    if (!still) nodes.reward[i] = (nodes.reward[i] as number) * ON_LINE_FEET_FACTOR;
  }
}

/** Dynamic programming over the candidate graph; the path in frame order. */
function bestPath(nodes: Nodes, cams: readonly (Camera | null)[], maxLink: number): PathStep[] {
  const { n } = nodes;
  const best = new Float64Array(n);
  const prev = new Int32Array(n).fill(-1);
  const linked = new Uint8Array(n);
  const vx = new Float64Array(n);
  const vy = new Float64Array(n);
  // Best path score ending at or before frame f (0: the empty path) and its last node.
  let prefix = 0;
  let prefixNode = -1;
  for (let f = 0; f < cams.length; f++) {
    const cam = cams[f];
    const s0 = nodes.start[f] as number;
    const s1 = nodes.start[f + 1] as number;
    if (cam && s1 > s0) {
      const proj: Projector = projector(cam);
      for (let j = s0; j < s1; j++) {
        if ((nodes.reward[j] as number) < 0) {
          best[j] = -Infinity;
          continue;
        }
        const uj = nodes.u[j] as number;
        const vj = nodes.v[j] as number;
        const pxPerM = (nodes.d[j] as number) / BALL_DIAMETER;
        let score = prefix - RESTART - (prefixNode >= 0 ? teleport(nodes, prefixNode, j) : 0);
        let from = prefixNode;
        let isLinked = 0;
        let stopped = 0;
        for (let fi = f - 1; fi >= Math.max(0, f - maxLink); fi--) {
          const dt = f - fi;
          const gate = 4 + MAX_DV * pxPerM * dt;
          const skip = SKIP * (dt - 1);
          for (let i = nodes.start[fi] as number; i < (nodes.start[fi + 1] as number); i++) {
            const bi = best[i] as number;
            if (bi - skip <= score) continue;
            // A path that just (re)started has no velocity yet: any plausible motion costs little.
            const sigma = linked[i] ? 1.5 + 0.5 * dt : 2 + 0.5 * gate;
            const p = proj.project((nodes.gx[i] as number) + (vx[i] as number) * dt, (nodes.gy[i] as number) + (vy[i] as number) * dt, 0);
            if (!p) continue;
            let r = Math.hypot(p[0] - uj, p[1] - vj);
            // Blobs of one flight found among the free blobs: the parabola links them, not ground motion.
            if (nodes.flight !== undefined && (nodes.flight[j] as number) > 0 && nodes.flight[i] === nodes.flight[j]) r = 0;
            let stop = 0;
            if (linked[i] && nodes.mayStop[j] === 1) {
              const q = proj.project(nodes.gx[i] as number, nodes.gy[i] as number, 0);
              const rs = q ? Math.hypot(q[0] - uj, q[1] - vj) + STOP_PX : Infinity;
              if (rs < r) {
                r = rs;
                stop = 1;
              }
            }
            if (r > gate) continue;
            const s = bi - skip - MOTION * Math.log(1 + (r / sigma) ** 2);
            if (s > score) {
              score = s;
              from = i;
              isLinked = 1;
              stopped = stop;
            }
          }
        }
        best[j] = score + (nodes.reward[j] as number);
        prev[j] = from;
        linked[j] = isLinked;
        if (isLinked) {
          const dt = f - (nodes.frame[from] as number);
          const mx = ((nodes.gx[j] as number) - (nodes.gx[from] as number)) / dt;
          const my = ((nodes.gy[j] as number) - (nodes.gy[from] as number)) / dt;
          const keep = linked[from] && !stopped ? 0.4 : 0;
          vx[j] = keep * (vx[from] as number) + (1 - keep) * mx;
          vy[j] = keep * (vy[from] as number) + (1 - keep) * my;
        }
      }
      for (let j = s0; j < s1; j++) {
        if ((best[j] as number) > prefix) {
          prefix = best[j] as number;
          prefixNode = j;
        }
      }
    }
  }
  const steps: PathStep[] = [];
  for (let j = prefixNode; j >= 0; j = prev[j] as number) steps.push({ node: j, linked: linked[j] === 1 });
  return steps.reverse();
}

/**
 * What a restart costs beyond RESTART when it jumps from where the path was (node i) to node j faster than
 * a ball travels: a path that leaves the ball for a brighter speck 20 m away and comes back pays twice.
 */
function teleport(nodes: Nodes, i: number, j: number): number {
  const dt = (nodes.frame[j] as number) - (nodes.frame[i] as number);
  const reach = TELEPORT_SLACK + TELEPORT_SPEED * dt;
  const d = Math.hypot((nodes.gx[j] as number) - (nodes.gx[i] as number), (nodes.gy[j] as number) - (nodes.gy[i] as number));
  return Math.min(TELEPORT_MAX, Math.max(0, d - reach) * TELEPORT_PER_M);
}

