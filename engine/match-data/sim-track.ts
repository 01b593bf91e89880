/** The simulator's output: exact positions of every object at 25 Hz, column-wise. */
export type SimRole = 'player' | 'goal_keeper' | 'referee' | 'ball';

export interface SimObject {
  /** `<team>-<jersey>` for players (team 0 = home, 1 = away), `referee`, `ar-1`, `ar-2`, `ball`. */
  id: string;
  role: SimRole;
  team: 0 | 1 | null;
  jersey: number | null;
  name: string;
}

export interface SimTrack {
  /** Match time of frame 0, ms. Frame i is at startMs + 40 i. */
  startMs: number;
  frameMs: number;
  frames: number;
  objects: SimObject[];
  /** Pitch metres, [frame * objects.length + object]; NaN when the object is not on the pitch. */
  x: Float32Array;
  y: Float32Array;
  /** Ball height, metres, per frame. */
  ballZ: Float32Array;
  /** 1 while the ball is in play. */
  inPlay: Uint8Array;
  /** Team in possession per frame: 0, 1, or -1 when nobody controls the ball. */
  possession: Int8Array;
  /** Match period per frame (1, 2, ...); 0 during a break. */
  period: Uint8Array;
}

export function objectIndex(track: SimTrack, id: string): number {
  return track.objects.findIndex((o) => o.id === id);
}

/** Position of object `o` at frame `f`, or null when it is not on the pitch. */
export function positionAt(track: SimTrack, f: number, o: number): { x: number; y: number } | null {
  const i = f * track.objects.length + o;
  const x = track.x[i] as number;
  return Number.isNaN(x) ? null : { x, y: track.y[i] as number };
}
