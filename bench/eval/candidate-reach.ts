import { percentOf, rowAt, type ClipBallLabels } from './ball-dev-set.js';

/**
 * What the ball pass could choose from on the real dev set: at each visible label, whether any ball
 * candidate of the nearest frame (within half a frame, as rows are matched) lies within 2% of the frame
 * width of the ball. Found balls above this count come from bridges and flights; the gap between the two
 * says whether the path or the candidates (the detector) lose the rest.
 */

/** A ball candidate at its frame's time (ms), in the clip's source pixels, with its score. */
export interface CandidateAt {
  t: number;
  u: number;
  v: number;
  score: number;
}

export interface CandidateReach {
  visible: number;
  /** Visible labels with a candidate within 2% of the width. */
  near: number;
  /** ... and with one at or above the `sure` score among them. */
  sureNear: number;
}

export function candidateReach(labels: ClipBallLabels, candidates: readonly CandidateAt[], sure: number): CandidateReach {
  const out: CandidateReach = { visible: 0, near: 0, sureNear: 0 };
  for (const f of labels.frames) {
    if (f.state !== 'visible' || f.x === null || f.y === null) continue;
    out.visible++;
    // The frame is matched as a row is: the candidate nearest the label's time stands for its frame.
    const frame = rowAt(candidates, f.t_ms);
    if (!frame) continue;
    const near = candidates.filter((c) => c.t === frame.t && Math.hypot(c.u - (f.x as number), c.v - (f.y as number)) <= 0.02 * labels.width);
    if (near.length) out.near++;
    if (near.some((c) => c.score >= sure)) out.sureNear++;
  }
  return out;
}

export function addReach(a: CandidateReach, b: CandidateReach): CandidateReach {
  return { visible: a.visible + b.visible, near: a.near + b.near, sureNear: a.sureNear + b.sureNear };
}

export function reachLine(name: string, r: CandidateReach): string {
  return `| ${name} | ${r.visible} | ${r.near} (${percentOf(r.near, r.visible)}) | ${r.sureNear} (${percentOf(r.sureNear, r.visible)}) |`;
}
