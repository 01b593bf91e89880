import { pitchMarkings } from './pitch-markings.js';

/** Every painted line as segments [ax, ay, bx, by, ...], built on first use. */
let segments: Float64Array | null = null;

function markingSegments(): Float64Array {
  if (segments) return segments;
  const out: number[] = [];
  for (const line of pitchMarkings()) {
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1] as [number, number];
      const b = line[i] as [number, number];
      out.push(a[0], a[1], b[0], b[1]);
    }
  }
  segments = Float64Array.from(out);
  return segments;
}

/**
 * Metres from a ground point to the centre line of the nearest painted marking (touchlines, goal lines,
 * halfway line, boxes, circle and arcs; curves as pitchMarkings samples them, within a centimetre).
 */
export function distanceToMarkings(x: number, y: number): number {
  const s = markingSegments();
  let best = Infinity;
  for (let i = 0; i < s.length; i += 4) {
    const ax = s[i] as number;
    const ay = s[i + 1] as number;
    const dx = (s[i + 2] as number) - ax;
    const dy = (s[i + 3] as number) - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    const d = Math.hypot(ax + t * dx - x, ay + t * dy - y);
    if (d < best) best = d;
  }
  return best;
}
