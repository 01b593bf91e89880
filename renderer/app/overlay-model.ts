/**
 * What the video overlay draws at a moment: the tracked people and the ball of the analysis frame
 * nearest the video's time, in source pixels, from tracking windows (GET /analyses/{id}/tracking/window).
 */
export interface TrackingWindow {
  from_ms: number;
  to_ms: number;
  rows: number;
  timestamp: number[];
  role: string[];
  player_id: (string | null)[];
  team: (string | null)[];
  bbox_x: (number | null)[];
  bbox_y: (number | null)[];
  /** The row's track (what corrections name); absent from services before the corrections. */
  track_id?: (number | null)[];
}

export interface Marker {
  role: string;
  team: string | null;
  /** The shirt number or `GK`, null when the player is not identified. */
  label: string | null;
  x: number;
  y: number;
  track: number | null;
}

/** Windows are fetched in fixed 20 s chunks, so the overlay asks for each span once. */
export const CHUNK_MS = 20_000;
export const chunkOf = (ms: number) => Math.max(0, Math.floor(ms / CHUNK_MS));

/** Rows of the frame nearest `ms` (within half a 25 FPS frame), as markers; none between frames. */
export function markersAt(w: TrackingWindow, ms: number): Marker[] {
  let lo = 0;
  let hi = w.rows;
  const target = ms - 20;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((w.timestamp[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  if (lo >= w.rows) return [];
  const frame = w.timestamp[lo] as number;
  if (frame > ms + 20) return [];
  const out: Marker[] = [];
  for (let i = lo; i < w.rows && w.timestamp[i] === frame; i++) {
    const x = w.bbox_x[i];
    const y = w.bbox_y[i];
    if (x === null || x === undefined || y === null || y === undefined) continue;
    const id = w.player_id[i] ?? null;
    out.push({ role: w.role[i] as string, team: w.team[i] ?? null, label: id ? id.slice(id.indexOf('-') + 1) : null, x, y, track: w.track_id?.[i] ?? null });
  }
  return out;
}

/** Where a `contain`-fitted video of size vw x vh sits in a box of cw x ch: scale and offsets. */
export function fitContain(vw: number, vh: number, cw: number, ch: number): { scale: number; dx: number; dy: number } {
  if (vw <= 0 || vh <= 0) return { scale: 1, dx: 0, dy: 0 };
  const scale = Math.min(cw / vw, ch / vh);
  return { scale, dx: (cw - vw * scale) / 2, dy: (ch - vh * scale) / 2 };
}

/**
 * The tracked person whose foot point is nearest a click at (px, py) on the fitted picture, within
 * `reach` screen pixels; null for a miss (or the ball, which has no track).
 */
export function pickMarker(markers: readonly Marker[], fit: { scale: number; dx: number; dy: number }, px: number, py: number, reach = 30): Marker | null {
  let best: Marker | null = null;
  let bestD = reach;
  for (const m of markers) {
    if (m.track === null || m.role === 'ball') continue;
    // The marker is drawn at the feet; a click on the body above them counts too.
    const x = fit.dx + m.x * fit.scale;
    const y = fit.dy + m.y * fit.scale;
    const d = Math.hypot(px - x, Math.max(0, py - y, y - py - 60 * fit.scale));
    if (d < bestD) [best, bestD] = [m, d];
  }
  return best;
}
