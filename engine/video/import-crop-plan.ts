import { fitHomography, groundScaleAt } from '../geometry/fit-homography.js';
import { applyHomography, type Mat3 } from '../geometry/camera.js';
import { parsePlayerId } from '../results/analysis-facts.js';
import { NO_PLAYER, NO_TEAM, NULL_I16, ROLES, STATUS_DETECTED, type TrackingColumns } from '../results/tracking-columns.js';

/** One crop to cut from the video: whose it is, and where (source pixels, [x0, y0, x1, y1]). */
export interface PlannedCrop {
  tMs: number;
  player: string | null;
  team: 0 | 1;
  box: [number, number, number, number];
}

export interface CropPlan {
  /** The frames to decode (ms of the video), ascending. */
  frames: number[];
  /** Best first: the first is the player's hero crop. */
  individuals: Map<string, PlannedCrop[]>;
  teams: [PlannedCrop[], PlannedCrop[]];
}

export interface CropPlanOptions {
  frames?: number;
  perPlayer?: number;
  perTeam?: number;
}

/** A standing player, metres; the box is this tall at the foot point's scale, and half as wide. */
const PERSON_M = 1.85;
const WIDTH_SHARE = 0.5;
/** Source pixels: shorter boxes are crops nobody can recognise anyone on. */
const MIN_HEIGHT = 40;
/** People with pixels a frame needs before its camera is fitted from them. */
const MIN_PEOPLE = 6;
/** A fit whose median reprojection error exceeds this share of the picture's height is not trusted. */
const MAX_FIT_ERROR = 0.01;
const CANDIDATES_PER_WINDOW = 25;
const PERSON_ROLES = new Set([ROLES.indexOf('player'), ROLES.indexOf('goal_keeper'), ROLES.indexOf('referee')]);
const PLAYER_ROLES = new Set([ROLES.indexOf('player'), ROLES.indexOf('goal_keeper')]);

interface Person { row: number; foot: [number, number]; box: [number, number, number, number] }

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Infinity;
}

/**
 * The people of one frame with estimated boxes, or null when the frame's camera cannot be told from its
 * rows. Imported rows carry each person's foot pixel, not a box: the ground homography fitted to all of
 * the frame's (pitch, pixel) pairs gives the picture's scale at each foot, and a person is PERSON_M tall
 * at that scale (fit-homography.ts: groundScaleAt).
 */
function framePeople(c: TrackingColumns, rows: number[], image: { width: number; height: number }): Person[] | null {
  if (rows.length < MIN_PEOPLE) return null;
  const pitch = rows.map((i) => [c.x[i]! / 100, c.y[i]! / 100] as [number, number]);
  const pixels = rows.map((i) => [c.bboxX[i]!, c.bboxY[i]!] as [number, number]);
  const H: Mat3 | null = fitHomography(pitch, pixels);
  if (!H) return null;
  const errors = pitch.map((p, k) => {
    const [u, v] = applyHomography(H, p[0], p[1]);
    return Math.hypot(u - pixels[k]![0], v - pixels[k]![1]);
  });
  if (median(errors) > MAX_FIT_ERROR * image.height) return null;
  return rows.map((row, k) => {
    const h = PERSON_M * groundScaleAt(H, pitch[k]![0], pitch[k]![1]);
    const [fx, fy] = pixels[k]!;
    return { row, foot: [fx, fy], box: [fx - (h * WIDTH_SHARE) / 2, fy - h, fx + (h * WIDTH_SHARE) / 2, fy] };
  });
}

const touches = (a: Person['box'], b: Person['box']) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Players alone in their box (nobody else in the picture of them), whole inside the frame and big enough. */
function loneCrops(c: TrackingColumns, people: Person[], tMs: number, image: { width: number; height: number }): PlannedCrop[] {
  const out: PlannedCrop[] = [];
  for (const p of people) {
    const i = p.row;
    const [x0, y0, x1, y1] = p.box;
    if (c.status[i] !== STATUS_DETECTED || !PLAYER_ROLES.has(c.role[i]!)) continue;
    if (y1 - y0 < MIN_HEIGHT || x0 < 0 || y0 < 0 || x1 > image.width || y1 > image.height) continue;
    if (people.some((q) => q !== p && touches(p.box, q.box))) continue;
    const player = c.player[i] === NO_PLAYER ? null : (c.players[c.player[i]!] ?? null);
    const team = c.team[i] !== NO_TEAM ? c.team[i] : player ? parsePlayerId(player)?.team : undefined;
    if (team !== 0 && team !== 1) continue;
    out.push({ tMs, player, team, box: p.box });
  }
  return out;
}

/**
 * Up to `n` crops, tallest first, at most one per frame (and, for a squad, one per player) until every
 * frame (and player) has given one: a squad's crops show different people at different moments.
 */
function spread(crops: PlannedCrop[], n: number, perPlayer = false): PlannedCrop[] {
  const height = (k: PlannedCrop) => k.box[3] - k.box[1];
  const left = [...crops].sort((a, b) => height(b) - height(a));
  const out: PlannedCrop[] = [];
  while (out.length < n && left.length) {
    const frames = new Set<number>();
    const players = new Set<string>();
    for (let k = 0; k < left.length && out.length < n;) {
      const crop = left[k]!;
      if (frames.has(crop.tMs) || (perPlayer && crop.player !== null && players.has(crop.player))) {
        k++;
        continue;
      }
      frames.add(crop.tMs);
      if (crop.player !== null) players.add(crop.player);
      out.push(crop);
      left.splice(k, 1);
    }
  }
  return out;
}

/**
 * Which frames of the video to decode, and which crops to cut from them, for an imported analysis
 * attached to a video (spec 2.5: an import with pixel positions and a video yields crops too). The match
 * is cut into windows; each gives the frame whose lone players stand tallest; every player keeps their
 * best crops from different frames, every squad its best spread over the match. Pure: rows in, plan out.
 */
export function planImportCrops(c: TrackingColumns, image: { width: number; height: number }, o: CropPlanOptions = {}): CropPlan {
  const windows = o.frames ?? 30;
  const byTime = new Map<number, number[]>();
  for (let i = 0; i < c.length; i++) {
    if (c.bboxX[i] === NULL_I16 || c.bboxY[i] === NULL_I16 || !PERSON_ROLES.has(c.role[i]!)) continue;
    const t = c.timestamp[i]!;
    const rows = byTime.get(t);
    if (rows) rows.push(i);
    else byTime.set(t, [i]);
  }
  const times = [...byTime.keys()].filter((t) => (byTime.get(t) as number[]).length >= MIN_PEOPLE).sort((a, b) => a - b);
  const chosen: PlannedCrop[][] = [];
  if (times.length) {
    const t0 = times[0]!;
    const span = times[times.length - 1]! - t0 + 1;
    const perWindow = Array.from({ length: windows }, () => [] as number[]);
    for (const t of times) perWindow[Math.min(windows - 1, Math.floor(((t - t0) / span) * windows))]!.push(t);
    for (const ts of perWindow) {
      let best: PlannedCrop[] = [];
      let bestScore = 0;
      const stride = Math.max(1, Math.floor(ts.length / CANDIDATES_PER_WINDOW));
      for (let k = 0; k < ts.length; k += stride) {
        const t = ts[k]!;
        const people = framePeople(c, byTime.get(t) as number[], image);
        if (!people) continue;
        const crops = loneCrops(c, people, t, image);
        const score = crops.reduce((s, k2) => s + (k2.box[3] - k2.box[1]), 0);
        if (score > bestScore) [best, bestScore] = [crops, score];
      }
      if (best.length) chosen.push(best);
    }
  }
  const all = chosen.flat();
  const individuals = new Map<string, PlannedCrop[]>();
  for (const crop of all) {
    if (!crop.player) continue;
    const list = individuals.get(crop.player);
    if (list) list.push(crop);
    else individuals.set(crop.player, [crop]);
  }
  for (const [player, crops] of individuals) individuals.set(player, spread(crops, o.perPlayer ?? 5));
  const teams: CropPlan['teams'] = [spread(all.filter((k) => k.team === 0), o.perTeam ?? 10, true), spread(all.filter((k) => k.team === 1), o.perTeam ?? 10, true)];
  const frames = [...new Set([...individuals.values(), ...teams].flat().map((k) => k.tMs))].sort((a, b) => a - b);
  return { frames, individuals, teams };
}
