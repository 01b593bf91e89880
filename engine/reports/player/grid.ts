/** Spec 2.9 Grid: `counts[x bin][y bin]`, low first; a count times `sample_interval_ms` is dwell time. */
export interface Grid {
  bins: [number, number];
  extent: [[number, number], [number, number]];
  counts: number[][];
}

export const PITCH_EXTENT: Grid['extent'] = [[0, 105], [0, 68]];

/** An empty grid; `add` puts a point in its bin (points on the far edge go in the last bin). */
export function grid(nx: number, ny: number, extent: Grid['extent'] = PITCH_EXTENT) {
  const counts = Array.from({ length: nx }, () => new Array<number>(ny).fill(0));
  const [[x0, x1], [y0, y1]] = extent;
  return {
    value: (): Grid => ({ bins: [nx, ny], extent, counts }),
    /** False (and nothing counted) for a point outside the extent. */
    add(x: number, y: number): boolean {
      if (!(x >= x0 && x <= x1 && y >= y0 && y <= y1)) return false;
      const i = Math.min(nx - 1, Math.floor(((x - x0) / (x1 - x0)) * nx));
      const j = Math.min(ny - 1, Math.floor(((y - y0) / (y1 - y0)) * ny));
      (counts[i] as number[])[j] = ((counts[i] as number[])[j] as number) + 1;
      return true;
    },
  };
}

/** The third of the pitch an x (metres, attacking frame) is in. */
export function thirdOf(x: number): 'defensive' | 'middle' | 'attacking' {
  return x < 35 ? 'defensive' : x < 70 ? 'middle' : 'attacking';
}
