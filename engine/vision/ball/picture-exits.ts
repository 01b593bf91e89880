import { projector, type Camera } from '../../geometry/camera.js';
import type { Nodes, PathStep } from './ball-path-types.js';

/**
 * A stretch whose last sighting lies this share of the picture width from its border, not moving
 * inwards, ends with the ball leaving the picture.
 */
const EDGE_SHARE = 0.03;
/**
 * Frames a ball coming back may travel unseen inside the picture before its first sighting (the detector
 * misses the odd frame, more so at the border): its first sighting may lie this many frames of its own
 * speed farther in than EDGE_SHARE.
 */
const ENTER_FRAMES = 8;
/**
 * A stretch that covers the ground faster than anyone runs (m/s, at 25 frames/s) over ENTER_FRAMES of its
 * steps somewhere is a ball on its way, however deep inside the picture the detector first saw it come back.
 */
const FASTER_THAN_RUNNING = 10;
const FPS = 25;
/** After this many frames (10 s) without a stretch that came back in, anything goes again. */
const OUT_MAX_FRAMES = 250;

/** Distance (pixels) from (u, v) to the picture's border, negative outside it. */
function borderDistance(cam: Camera, u: number, v: number): number {
  return Math.min(u, v, cam.width - u, cam.height - v);
}

/** Whether the stretch (steps a..e) covers the ground faster than anyone runs over ENTER_FRAMES steps somewhere. */
function outrunsPlayers(path: readonly PathStep[], a: number, e: number, nodes: Nodes): boolean {
  for (let i = a; i + ENTER_FRAMES <= e; i++) {
    const p = (path[i] as PathStep).node;
    const q = (path[i + ENTER_FRAMES] as PathStep).node;
    const metres = Math.hypot((nodes.gx[q] as number) - (nodes.gx[p] as number), (nodes.gy[q] as number) - (nodes.gy[p] as number));
    if ((metres / ((nodes.frame[q] as number) - (nodes.frame[p] as number))) * FPS > FASTER_THAN_RUNNING) return true;
  }
  return false;
}

/** Whether a stretch (steps a..e of the path) ends with the ball leaving the picture. */
function leaves(path: readonly PathStep[], a: number, e: number, nodes: Nodes, cams: readonly (Camera | null)[]): boolean {
  if (e === a) return false;
  const last = (path[e] as PathStep).node;
  const before = (path[e - 1] as PathStep).node;
  const cam = cams[nodes.frame[last] as number];
  if (!cam) return false;
  const u = nodes.u[last] as number;
  const v = nodes.v[last] as number;
  if (borderDistance(cam, u, v) > EDGE_SHARE * cam.width) return false;
  const dt = (nodes.frame[last] as number) - (nodes.frame[before] as number);
  // Moving out or along the border, not back into the picture.
  const du = (u - (nodes.u[before] as number)) / dt;
  const dv = (v - (nodes.v[before] as number)) / dt;
  return borderDistance(cam, u + du, v + dv) <= borderDistance(cam, u, v) + 0.5;
}

/**
 * Whether a stretch (steps a..e) starting after the ball left the picture at frame `exitFrame` shows it
 * coming back: its first sighting near the border (by its own speed, ENTER_FRAMES frames' travel), moving
 * faster than anyone runs, or where the picture did not reach at some moment since the ball left (the
 * camera turned there: the ball may have arrived unseen).
 */
function comesBack(path: readonly PathStep[], a: number, e: number, exitFrame: number, nodes: Nodes, cams: readonly (Camera | null)[]): boolean {
  const first = (path[a] as PathStep).node;
  const f = nodes.frame[first] as number;
  const cam = cams[f] as Camera;
  const u = nodes.u[first] as number;
  const v = nodes.v[first] as number;
  const later = (path[Math.min(e, a + ENTER_FRAMES)] as PathStep).node;
  const dt = (nodes.frame[later] as number) - f;
  // A stretch of one sighting has no speed of its own: the border alone.
  const speed = dt > 0 ? Math.hypot((nodes.u[later] as number) - u, (nodes.v[later] as number) - v) / dt : 0;
  if (borderDistance(cam, u, v) <= EDGE_SHARE * cam.width + ENTER_FRAMES * speed) return true;
  if (outrunsPlayers(path, a, e, nodes)) return true;
  // The camera turned: the spot was out of the picture at some moment since the ball left it.
  for (let g = exitFrame; g < f; g++) {
    const before = cams[g] as Camera;
    const p = projector(before).project(nodes.gx[first] as number, nodes.gy[first] as number, 0);
    if (!p || borderDistance(before, p[0], p[1]) < EDGE_SHARE * before.width) return true;
  }
  return false;
}

/**
 * Drops the stretches of the path (linked steps between two restarts) that follow the ball out of the
 * picture without showing it come back in. A ball that left the picture re-enters across its border,
 * or is uncovered by the camera turning to it; a stretch starting deep inside a picture that already
 * showed that spot is something else the path found meanwhile (a player's boots while the ball is beyond
 * a fixed camera's edge, for seconds). Frames without a camera in between, and OUT_MAX_FRAMES, end the wait.
 */
export function dropStretchesAfterExit(path: readonly PathStep[], nodes: Nodes, cams: readonly (Camera | null)[]): PathStep[] {
  const out: PathStep[] = [];
  let exitFrame = -1;
  let k = 0;
  while (k < path.length) {
    let e = k;
    while (e + 1 < path.length && (path[e + 1] as PathStep).linked) e++;
    const start = nodes.frame[(path[k] as PathStep).node] as number;
    let keep = true;
    if (exitFrame >= 0) {
      // A frame without a camera in between (a cut away, a close-up): the ball may be anywhere after it.
      let gap = false;
      for (let g = exitFrame + 1; g < start && !gap; g++) gap = !cams[g];
      keep = gap || start - exitFrame > OUT_MAX_FRAMES || comesBack(path, k, e, exitFrame, nodes, cams);
    }
    if (keep) {
      for (let i = k; i <= e; i++) out.push(path[i] as PathStep);
      exitFrame = leaves(path, k, e, nodes, cams) ? (nodes.frame[(path[e] as PathStep).node] as number) : -1;
    }
    k = e + 1;
  }
  return out;
}
