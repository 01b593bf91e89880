import { projector, rotation, type Camera } from '../../geometry/camera.js';
import { BALL_DIAMETER } from './ball-candidates.js';
import { fitRays, GRAVITY, pixelRay, RayFit, rayResidual, type Ray, type RayFitResult, type RayObservation } from './ball-flight.js';
import type { BallPoint, BallTrackOptions, Nodes, PathStep } from './ball-path-types.js';

/**
 * Flights on the ball's path (ball-track.ts): stretches a parabola under gravity explains, placed in 3D,
 * and flights found among the free blobs before the path is chosen, so that it can follow them.
 */

/** Seconds per frame (the engine's 25 FPS timeline). */
const FRAME_S = 0.04;

/** The camera ray through a node's pixel, each frame's camera rotation computed once. */
function nodeRays(nodes: Nodes, cams: readonly (Camera | null)[]): (node: number) => Ray {
  const rotations = new Map<number, ReturnType<typeof rotation>>();
  return (node) => {
    const f = nodes.frame[node] as number;
    const cam = cams[f] as Camera;
    let R = rotations.get(f);
    if (!R) {
      R = rotation(cam);
      rotations.set(f, R);
    }
    return pixelRay(cam, nodes.u[node] as number, nodes.v[node] as number, R);
  };
}

/** Extra reward per frame for a blob on a flight found among the free blobs. */
const FLIGHT_BOOST = 1;
/**
 * Chaining blobs into candidate flights: frames a chain may miss, pixels a blob may lie from where the
 * chain's rays predict it (plus a pixel a frame missed), and from a chain's first blob (no velocity yet,
 * a pixel move of a fast ball); chains shorter than CHAIN_MIN blobs are not judged.
 */
const CHAIN_GAP = 3;
const CHAIN_GATE_PX = 3;
const CHAIN_FIRST_PX = 20;
const CHAIN_MIN = 8;

/**
 * Flights found among the free blobs, before any path is chosen: a lofted ball leaves the kicker's feet
 * and rises, and its ground points race away (the ray of a ball 5 m up meets the grass far behind it),
 * so the path's ground-motion prediction cannot follow it, and the cluster at the feet of the kicker
 * running on, worth about as much a frame as a faint blob, wins. Blobs are chained frame to frame by the
 * direction of their rays (camera-independent, smooth for a ball in the air); chains that a parabola
 * explains (isFlight) get FLIGHT_BOOST a frame and free links within the chain.
 */
export function boostFlightTracklets(nodes: Nodes, cams: readonly (Camera | null)[]): void {
  const flightOf = new Int32Array(nodes.n);
  interface Chain { nodes: number[]; rx: number; ry: number; rz: number; wx: number; wy: number; wz: number; last: number }
  let active: Chain[] = [];
  const done: number[][] = [];
  const rayOf = nodeRays(nodes, cams);
  for (let f = 0; f < cams.length; f++) {
    const cam = cams[f];
    const s0 = nodes.start[f] as number;
    const s1 = nodes.start[f + 1] as number;
    const kept: Chain[] = [];
    for (const c of active) {
      if (f - c.last > CHAIN_GAP) done.push(c.nodes);
      else kept.push(c);
    }
    active = kept;
    if (!cam || s1 <= s0) continue;
    const proj = projector(cam);
    const free: number[] = [];
    for (let j = s0; j < s1; j++) if (nodes.feet[j] === 0 && (nodes.reward[j] as number) > 0) free.push(j);
    const taken = new Set<number>();
    active.sort((a, b) => b.nodes.length - a.nodes.length);
    for (const c of active) {
      const dt = f - c.last;
      const moving = c.nodes.length > 1;
      // The predicted ray, as the pixel of a point 50 m along it.
      const q = proj.project(cam.x + 50 * (c.rx + c.wx * dt), cam.y + 50 * (c.ry + c.wy * dt), cam.z + 50 * (c.rz + c.wz * dt));
      if (!q) continue;
      const gate = moving ? CHAIN_GATE_PX + dt : CHAIN_FIRST_PX * dt;
      let bestJ = -1;
      let bestD = gate;
      for (const j of free) {
        if (taken.has(j)) continue;
        const d = Math.hypot((nodes.u[j] as number) - q[0], (nodes.v[j] as number) - q[1]);
        if (d < bestD) {
          bestD = d;
          bestJ = j;
        }
      }
      if (bestJ < 0) continue;
      taken.add(bestJ);
      const ray = rayOf(bestJ);
      const keep = moving ? 0.5 : 0;
      c.wx = keep * c.wx + (1 - keep) * (ray.dx - c.rx) / dt;
      c.wy = keep * c.wy + (1 - keep) * (ray.dy - c.ry) / dt;
      c.wz = keep * c.wz + (1 - keep) * (ray.dz - c.rz) / dt;
      c.rx = ray.dx;
      c.ry = ray.dy;
      c.rz = ray.dz;
      c.last = f;
      c.nodes.push(bestJ);
    }
    for (const j of free) {
      if (taken.has(j)) continue;
      const ray = rayOf(j);
      active.push({ nodes: [j], rx: ray.dx, ry: ray.dy, rz: ray.dz, wx: 0, wy: 0, wz: 0, last: f });
    }
  }
  for (const c of active) done.push(c.nodes);
  let id = 0;
  for (const chain of done) {
    if (chain.length < CHAIN_MIN) continue;
    const steps = chain.map((node) => ({ node, linked: true }));
    for (const w of flightWindows(steps, nodes, cams, CHAIN_GAP)) {
      id++;
      for (let k = w.from; k <= w.to; k++) {
        const node = (steps[k] as PathStep).node;
        flightOf[node] = id;
        nodes.reward[node] = (nodes.reward[node] as number) + FLIGHT_BOOST;
      }
    }
  }
  nodes.flight = flightOf;
}

/** A stretch of the path explained by a ballistic flight. */
interface Flight {
  /** Path steps [from, to]. */
  from: number;
  to: number;
  fit: RayFit;
  theta: Float64Array;
  /** Frame of t = 0. */
  t0: number;
}

/** Smallest apex (metres) and duration (frames) of a flight worth placing in 3D; fit tolerances in pixels. */
const FLIGHT_MIN_APEX = 0.8;
const FLIGHT_MIN_FRAMES = 10;
const FLIGHT_MAX_FRAMES = 150;
const FLIGHT_RMS = 1.5;
const FLIGHT_OUTLIER = 4;
/** A sighting at most this many frames before or after a stretch in the air is its kick or landing, on the grass. */
const GROUNDED_GAP = 3;
/**
 * Longest a flight is carried on past its last sighting, frames (2 s): the parabola has no drag, which
 * over that time moves a fast ball by a metre or so.
 */
const FLIGHT_CARRY_MAX = 50;
/** Highest plausible apex, metres; a ball on the grass fits the ground model within this many pixels. */
const FLIGHT_MAX_APEX = 30;
const FLIGHT_GROUND_RMS = 1;
/** Largest acceleration (m/s²) of a ball rolling on the grass that the ground model may call on. */
const ROLL_MAX_ACCEL = 8;

/**
 * Finds the stretches of the path that a ball in the air explains (a parabola under gravity through the
 * candidates' rays, much better than a ball rolling on the grass) and places those frames on the
 * parabola: the ground under an airborne ball is metres from where its ray meets the grass. The search
 * grows a window from each sighting while the parabola keeps predicting the next sighting; the longest
 * window is then judged with residuals in pixels (isFlight).
 */
export function placeFlights(path: readonly PathStep[], nodes: Nodes, cams: readonly (Camera | null)[], out: (BallPoint | null)[], maxGap: number, onFlight: BallTrackOptions['onFlight']): void {
  const frameOf = (k: number) => nodes.frame[(path[k] as PathStep).node] as number;
  const flights = flightWindows(path, nodes, cams, maxGap, onFlight);
  const feetFrames = new Set<number>();
  for (const step of path) if (nodes.feet[step.node] === 1) feetFrames.add(nodes.frame[step.node] as number);
  placeOnFlights(flights, path, frameOf, cams, out, maxGap, feetFrames);
}

/** The windows of a sequence of sightings (a path, a chain of blobs) that a ball in the air explains. */
function flightWindows(path: readonly PathStep[], nodes: Nodes, cams: readonly (Camera | null)[], maxGap: number, onFlight?: BallTrackOptions['onFlight']): Flight[] {
  const rayOf = nodeRays(nodes, cams);
  const obsOf = (k: number, t0: number): RayObservation => {
    const node = (path[k] as PathStep).node;
    const f = nodes.frame[node] as number;
    const cam = cams[f] as Camera;
    const ray = rayOf(node);
    const depth = Math.hypot((nodes.gx[node] as number) - cam.x, (nodes.gy[node] as number) - cam.y, cam.z);
    return { t: (f - t0) * FRAME_S, ray, focal: cam.focal, w: cam.focal / depth };
  };
  const frameOf = (k: number) => nodes.frame[(path[k] as PathStep).node] as number;
  const flights: Flight[] = [];
  for (let s = 0; s < path.length;) {
    const t0 = frameOf(s);
    const fit = new RayFit('flight');
    const obs: RayObservation[] = [];
    let theta: Float64Array | null = null;
    let to = -1;
    for (let e = s; e < path.length; e++) {
      const fe = frameOf(e);
      if (e > s && fe - frameOf(e - 1) > maxGap + 1) break;
      if (fe - t0 > FLIGHT_MAX_FRAMES) break;
      const o = obsOf(e, t0);
      if (theta && rayResidual(o, fit.point(theta, o.t)) > FLIGHT_OUTLIER) break;
      fit.add(o);
      obs.push(o);
      if (fit.n < 6) continue;
      const sol = fit.solve();
      if (!sol) continue;
      if (Math.sqrt(sol.sse / (2 * fit.n - 6)) > FLIGHT_RMS) break;
      theta = sol.theta;
      if (fe - t0 >= FLIGHT_MIN_FRAMES) to = e;
    }
    // Sightings right before and after the stretch: where a ball goes up or comes down, on the grass.
    const grounded: { t: number; w: number }[] = [];
    if (to >= 0) {
      if (s > 0 && t0 - frameOf(s - 1) <= GROUNDED_GAP) grounded.push({ t: (frameOf(s - 1) - t0) * FRAME_S, w: obsOf(s - 1, t0).w });
      if (to + 1 < path.length && frameOf(to + 1) - frameOf(to) <= GROUNDED_GAP) grounded.push({ t: (frameOf(to + 1) - t0) * FRAME_S, w: obsOf(to + 1, t0).w });
    }
    const verdict = to >= 0 ? isFlight(obs.slice(0, to - s + 1), (frameOf(to) - t0) * FRAME_S, (cams[t0] as Camera).z, grounded) : null;
    if (verdict) {
      flights.push({ from: s, to, fit: verdict.flight.fit, theta: verdict.flight.theta, t0 });
      onFlight?.({ from: t0, to: frameOf(to), apex: verdict.apex, rms: verdict.flight.rms, groundRms: verdict.ground, n: to - s + 1 });
      s = to + 1;
    } else {
      s++;
    }
  }
  return flights;
}

function placeOnFlights(flights: readonly Flight[], path: readonly PathStep[], frameOf: (k: number) => number, cams: readonly (Camera | null)[], out: (BallPoint | null)[], maxGap: number, feetFrames: ReadonlySet<number>): void {
  const place = (fl: Flight, g: number) => {
    const p = fl.fit.point(fl.theta, (g - fl.t0) * FRAME_S);
    const cam = cams[g];
    const px = cam ? projector(cam).project(p[0], p[1], p[2]) : null;
    const o = out[g];
    out[g] = { x: p[0], y: p[1], z: Math.max(0, p[2] - BALL_DIAMETER / 2), u: px ? px[0] : o?.u ?? 0, v: px ? px[1] : o?.v ?? 0, how: 'flight' };
    return p[2];
  };
  for (const fl of flights) {
    for (let k = fl.from; k <= fl.to; k++) {
      const f = frameOf(k);
      const next = k < fl.to ? frameOf(k + 1) : f + 1;
      // The sighting itself and, across a short gap, the frames up to the next sighting.
      for (let g = f; g < next && (g === f || next - f <= maxGap + 1); g++) place(fl, g);
    }
    // The kick and the landing are often hidden (by the kicker, by blur): across a short gap (maxGap
    // frames at most, as any bridge) to the sighting before or after the flight, the parabola replaces the
    // straight bridge for as long as it stays above the grass.
    const first = frameOf(fl.from);
    const last = frameOf(fl.to);
    const before = fl.from > 0 ? frameOf(fl.from - 1) : -Infinity;
    const after = fl.to + 1 < path.length ? frameOf(fl.to + 1) : Infinity;
    if (first - before <= maxGap + 1) {
      for (let g = first - 1; g > before && (out[g]?.how ?? 'bridged') === 'bridged'; g--) {
        if (fl.fit.point(fl.theta, (g - fl.t0) * FRAME_S)[2] < BALL_DIAMETER / 2 - 0.05) break;
        place(fl, g);
      }
    }
    if (after - last <= maxGap + 1) {
      for (let g = last + 1; g < after && (out[g]?.how ?? 'bridged') === 'bridged'; g++) {
        if (fl.fit.point(fl.theta, (g - fl.t0) * FRAME_S)[2] < BALL_DIAMETER / 2 - 0.05) break;
        place(fl, g);
      }
    } else {
      // Farther from the next sighting, the flight is carried on to its landing (while it stays in the
      // picture, FLIGHT_CARRY_MAX frames at most) over frames where nothing was placed or only a feet
      // cluster was: a high ball is lost against the stands or the top of the picture on its way down,
      // and the path meanwhile sat on the kicker's feet or nowhere (10-minute fixture: two flights, 62
      // frames). A ball in the air is at nobody's feet.
      const open = (g: number) => out[g] === null || out[g]?.how === 'bridged' || feetFrames.has(g);
      for (let g = last + 1; g < Math.min(cams.length, last + FLIGHT_CARRY_MAX) && open(g); g++) {
        const cam = cams[g];
        const p = fl.fit.point(fl.theta, (g - fl.t0) * FRAME_S);
        if (!cam || p[2] < BALL_DIAMETER / 2 - 0.05) break;
        const px = projector(cam).project(p[0], p[1], p[2]);
        if (!px || px[0] < 0 || px[1] < 0 || px[0] > cam.width || px[1] > cam.height) break;
        place(fl, g);
      }
    }
  }
}

/** Highest point of the ball (its bottom) over [0, duration] on a fitted flight. */
function apexOf(fit: RayFit, theta: Float64Array, duration: number): number {
  const tApex = Math.min(duration, Math.max(0, (theta[5] as number) / GRAVITY));
  return fit.point(theta, tApex)[2] - BALL_DIAMETER / 2;
}

/**
 * A window of sightings is a flight when the parabola explains it within a pixel or so, clearly better
 * than a ball on the grass does, and rises to a plausible height (above FLIGHT_MIN_APEX, below the camera).
 */
function isFlight(obs: readonly RayObservation[], duration: number, cameraHeight: number, grounded: readonly { t: number; w: number }[] = []): { flight: RayFitResult; apex: number; ground: number } | null {
  const flight = fitRays(obs, 'flight', BALL_DIAMETER / 2);
  if (!flight || flight.rms > FLIGHT_RMS || flight.max > FLIGHT_OUTLIER) return null;
  const apex = apexOf(flight.fit, flight.theta, duration);
  const zStart = flight.fit.point(flight.theta, 0)[2];
  const zEnd = flight.fit.point(flight.theta, duration)[2];
  if (apex < FLIGHT_MIN_APEX || apex > Math.min(FLIGHT_MAX_APEX, cameraHeight - 2) || zStart < -1 || zEnd < -1) return null;
  // The ground model must explain the rays clearly worse; or, over ten sightings or more that the
  // parabola fits within a pixel at least as well, only with an acceleration no ball rolling on the grass
  // has (friction slows it by a metre or two per second each second; a flight seen end-on mimics a roll
  // that speeds up and turns hard).
  const ground = fitRays(obs, 'ground', BALL_DIAMETER / 2);
  const groundRms = ground?.rms ?? Infinity;
  if (groundRms >= Math.max(FLIGHT_GROUND_RMS, 2 * flight.rms)) return { flight, apex, ground: groundRms };
  const accel = ground ? Math.hypot(ground.theta[4] as number, ground.theta[5] as number) : Infinity;
  if (accel > ROLL_MAX_ACCEL && obs.length >= 10 && flight.rms <= 0.8 && flight.rms <= 1.1 * groundRms) {
    // Such a stretch, seen end-on, leaves the height nearly free (apexes came out twice the truth):
    // pinned to the grass at the sighting before or after it (the kick, the landing) when that explains
    // the rays as well.
    const pinned = grounded.length ? fitRays(obs, 'flight', BALL_DIAMETER / 2, grounded) : null;
    if (pinned && pinned.rms <= 1.5 * flight.rms + 0.1 && pinned.max <= FLIGHT_OUTLIER) {
      const pinnedApex = apexOf(pinned.fit, pinned.theta, duration);
      if (pinnedApex >= FLIGHT_MIN_APEX) return { flight: pinned, apex: pinnedApex, ground: groundRms };
    }
    return { flight, apex, ground: groundRms };
  }
  return null;
}
