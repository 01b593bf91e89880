/**
 * Overlap between two people's picture boxes: the sign that one hides part of the other, so their pitch
 * positions (read at the foot point) and their detections are less trustworthy for those frames. Two
 * tests, because each misses a case: IoU catches two players side by side at the same depth, the foot
 * point catches a far player whose feet are hidden behind a near player's taller box (small IoU, since the
 * near box is much bigger).
 */

export type Box = readonly [number, number, number, number];

/** Above this intersection-over-union two boxes overlap. */
export const OVERLAP_IOU = 0.1;

export function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return union > 0 ? inter / union : 0;
}

/** The foot point (bottom centre, picture y growing downwards) of `a` lies inside `b`, edges included. */
export function footInside(a: Box, b: Box): boolean {
  const u = (a[0] + a[2]) / 2;
  const v = a[3];
  return u >= b[0] && u <= b[2] && v >= b[1] && v <= b[3];
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return iou(a, b) > OVERLAP_IOU || footInside(a, b) || footInside(b, a);
}

/**
 * For each box, the overlapping box it overlaps most (largest IoU; a foot-point-only overlap ranks below any
 * IoU overlap), or -1. `prefer` lets the caller rank some partners first (the tracker prefers partners that
 * have a track, so the reported partner is one it can name). O(n²): a frame holds a few dozen people.
 */
export function overlapPartners(boxes: readonly Box[], prefer: (index: number) => boolean = () => true): number[] {
  const out = new Array<number>(boxes.length).fill(-1);
  const best = new Array<number>(boxes.length).fill(-Infinity);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i] as Box;
      const b = boxes[j] as Box;
      if (!boxesOverlap(a, b)) continue;
      const o = iou(a, b);
      // Rank: preferred partners first (+2), then by IoU (0-1).
      const forI = (prefer(j) ? 2 : 0) + o;
      const forJ = (prefer(i) ? 2 : 0) + o;
      if (forI > (best[i] as number)) {
        best[i] = forI;
        out[i] = j;
      }
      if (forJ > (best[j] as number)) {
        best[j] = forJ;
        out[j] = i;
      }
    }
  }
  return out;
}
