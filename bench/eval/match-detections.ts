import type { FrameTruth, ObjectTruth } from '../../engine/match-data/frame-truth.js';
import type { SimTrack } from '../../engine/match-data/sim-track.js';
import { maxWeightMatching } from './hungarian.js';
import type { EngineOutput, EngineRow } from './eval-types.js';

export type MatchMethod = 'foot-point' | 'pitch-distance';

/** A person in the truth of one frame: the renderer's object truth, without the render-only fields. */
export type TruthPerson = Pick<ObjectTruth, 'id' | 'role' | 'team' | 'jersey' | 'x' | 'y' | 'box' | 'foot'>;

export interface FramePairs {
  t: number;
  truth: TruthPerson[];
  engine: EngineRow[];
  /** [truth index, engine index]. */
  pairs: [number, number][];
}

const PEOPLE = new Set(['player', 'goal_keeper', 'referee']);
export const isPerson = (role: string) => PEOPLE.has(role);
export const isDetected = (r: EngineRow) => r.status === undefined || r.status === null || r.status.startsWith('detected');

/** People the truth says are visible in an analysable frame (or all people on the pitch without video). */
export function truthPeople(track: SimTrack, frames: FrameTruth[] | null, f: number): TruthPerson[] | null {
  if (frames) {
    const fr = frames[f];
    if (!fr || !fr.analysable) return null;
    return fr.objects.filter((o) => isPerson(o.role) && o.box && o.in_frame >= 0.5)
      .map((o) => ({ id: o.id, role: o.role, team: o.team, jersey: o.jersey, x: o.x, y: o.y, box: o.box, foot: o.foot }));
  }
  const n = track.objects.length;
  const out: TruthPerson[] = [];
  track.objects.forEach((o, i) => {
    const x = track.x[f * n + i] as number;
    if (!isPerson(o.role) || Number.isNaN(x)) return;
    out.push({ id: o.id, role: o.role, team: o.team, jersey: o.jersey, x, y: track.y[f * n + i] as number, box: null, foot: null });
  });
  return out;
}

/**
 * One-to-one matches of truth people and engine tracking rows per frame: the row's box foot point
 * (bbox_x, bbox_y) within 2% of the frame width of the truth foot point (the rule of the hand-annotated
 * real frames), or, without video truth, pitch distance <= 2 m. Box IoU is scored separately (detectionPR).
 */
export function matchFrames(track: SimTrack, frames: FrameTruth[] | null, engine: EngineOutput, width: number | null): { method: MatchMethod; frames: FramePairs[] } {
  const byTime = new Map<number, EngineRow[]>();
  for (const r of engine.rows) {
    if (!isPerson(r.role) || !isDetected(r)) continue;
    const list = byTime.get(r.timestamp) ?? [];
    list.push(r);
    byTime.set(r.timestamp, list);
  }
  const method: MatchMethod = frames && width ? 'foot-point' : 'pitch-distance';
  const out: FramePairs[] = [];
  for (let f = 0; f < track.frames; f++) {
    const truth = truthPeople(track, frames, f);
    if (!truth) continue;
    const t = track.startMs + f * track.frameMs;
    const rows = byTime.get(t) ?? [];
    let weights: number[][];
    if (method === 'foot-point') {
      const limit = 0.02 * (width as number);
      weights = truth.map((p) => rows.map((r) => {
        if (r.bbox_x === null || r.bbox_y === null || !p.foot) return 0;
        const d = Math.hypot(r.bbox_x - p.foot[0], r.bbox_y - p.foot[1]);
        return d <= limit ? 1 - d / (limit * 1.0001) + 1e-6 : 0;
      }));
    } else {
      weights = truth.map((p) => rows.map((r) => {
        const d = Math.hypot(r.x / 100 - p.x, r.y / 100 - p.y);
        return d <= 2 ? 1 - d / 2.0001 + 1e-6 : 0;
      }));
    }
    const assign = maxWeightMatching(weights);
    const pairs: [number, number][] = [];
    assign.forEach((j, i) => {
      if (j >= 0) pairs.push([i, j]);
    });
    out.push({ t, truth, engine: rows, pairs });
  }
  return { method, frames: out };
}

function iou(a: [number, number, number, number], b: [number, number, number, number]): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
}

/** Person detection precision and recall at IoU >= 0.5, from the engine's optional box file. */
export function detectionPR(track: SimTrack, frames: FrameTruth[], detections: NonNullable<EngineOutput['detections']>): { precision: number; recall: number } {
  let tp = 0;
  let gt = 0;
  let pred = 0;
  for (let f = 0; f < track.frames; f++) {
    const truth = truthPeople(track, frames, f);
    if (!truth) continue;
    const boxes = detections.get(track.startMs + f * track.frameMs) ?? [];
    gt += truth.length;
    pred += boxes.length;
    const weights = truth.map((p) => boxes.map((b) => {
      const v = iou(p.box as [number, number, number, number], b.box);
      return v >= 0.5 ? v : 0;
    }));
    tp += maxWeightMatching(weights).filter((j) => j >= 0).length;
  }
  return { precision: pred ? tp / pred : 0, recall: gt ? tp / gt : 0 };
}
