import type { ClipBallLabels } from './ball-dev-set.js';

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

const HALF_FRAME_MS = 20;

export function candidateReach(labels: ClipBallLabels, candidates: readonly CandidateAt[], sure: number): CandidateReach {
  const out: CandidateReach = { visible: 0, near: 0, sureNear: 0 };
  for (const f of labels.frames) {
    if (f.state !== 'visible' || f.x === null || f.y === null) continue;
    out.visible++;
    let frameT: number | null = null;
    for (const c of candidates) if (Math.abs(c.t - f.t_ms) <= HALF_FRAME_MS && (frameT === null || Math.abs(c.t - f.t_ms) < Math.abs(frameT - f.t_ms))) frameT = c.t;
    if (frameT === null) continue;
    const near = candidates.filter((c) => c.t === frameT && Math.hypot(c.u - (f.x as number), c.v - (f.y as number)) <= 0.02 * labels.width);
    if (near.length) out.near++;
    if (near.some((c) => c.score >= sure)) out.sureNear++;
  }
  return out;
}

export function addReach(a: CandidateReach, b: CandidateReach): CandidateReach {
  return { visible: a.visible + b.visible, near: a.near + b.near, sureNear: a.sureNear + b.sureNear };
}

export function reachLine(name: string, r: CandidateReach): string {
  const pct = (n: number) => (r.visible ? `${((100 * n) / r.visible).toFixed(0)}%` : 'n/a');
  return `| ${name} | ${r.visible} | ${r.near} (${pct(r.near)}) | ${r.sureNear} (${pct(r.sureNear)}) |`;
}
