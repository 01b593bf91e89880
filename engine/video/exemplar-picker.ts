/** A candidate crop: pixels copied out of the frame while it was at hand, with what chose it. */
export interface ExemplarCrop {
  tMs: number;
  trackId: number;
  /** RGB24 of the box grown by a fifth of its height, `width` x `height`. */
  rgb: Uint8Array;
  width: number;
  height: number;
  score: number;
}

interface Offer {
  box: readonly [number, number, number, number];
  trackId: number | null;
  overlapWith?: number | null;
}

/** Boxes shorter than this (pixels of the analysed picture) make crops nobody can read. */
const MIN_HEIGHT = 24;
const PAD = 0.2;

/** Mean absolute Laplacian of the luma inside a box: a blurred (moving, out of focus) player scores low. */
function sharpness(rgb: Uint8Array, w: number, box: readonly number[]): number {
  const [x0, y0, x1, y1] = box.map(Math.round) as [number, number, number, number];
  const luma = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return 0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number);
  };
  let sum = 0;
  let n = 0;
  for (let y = y0 + 1; y < y1 - 1; y += 2) {
    for (let x = x0 + 1; x < x1 - 1; x += 2) {
      sum += Math.abs(4 * luma(x, y) - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1));
      n++;
    }
  }
  return n ? sum / n : 0;
}

/**
 * Picks exemplar crops as the video streams past (spec 2.5): the match is cut into windows, and each
 * window keeps its few best people: tall (near the camera), sharp, alone (no other box touching theirs,
 * so nobody else is in the picture) and whole (not cut by the frame's edge). Their pixels are copied at
 * once, as frames are not kept; squads are known only at the end, so `pick` chooses per squad then,
 * spread over the windows.
 */
export class ExemplarPicker {
  private readonly windows: ExemplarCrop[][];

  constructor(private readonly startMs: number, private readonly durationMs: number, windows = 10, private readonly perWindow = 8) {
    this.windows = Array.from({ length: windows }, () => []);
  }

  offer(tMs: number, rgb: Uint8Array, w: number, h: number, people: readonly Offer[]): void {
    const k = Math.min(this.windows.length - 1, Math.max(0, Math.floor(((tMs - this.startMs) / Math.max(1, this.durationMs)) * this.windows.length)));
    const kept = this.windows[k] as ExemplarCrop[];
    for (const [, p] of lonePeople(people, w, h)) {
      const [x0, y0, x1, y1] = p.box;
      const bh = y1 - y0;
      const pad = PAD * bh;
      const worst = kept.length >= this.perWindow ? Math.min(...kept.map((c) => c.score)) : -Infinity;
      if (bh * 50 <= worst) continue; // cannot beat the worst kept even if perfectly sharp
      const score = bh * Math.min(50, sharpness(rgb, w, p.box));
      if (score <= worst) continue;
      // One crop per track a window: a player standing still would otherwise fill it.
      const same = kept.findIndex((c) => c.trackId === p.trackId);
      if (same >= 0 && (kept[same] as ExemplarCrop).score >= score) continue;
      if (same >= 0) kept.splice(same, 1);
      else if (kept.length >= this.perWindow) kept.splice(kept.findIndex((c) => c.score === worst), 1);
      kept.push(copy(rgb, w, [x0 - pad, y0 - pad, x1 + pad, y1 + pad], tMs, p.trackId, score));
    }
  }

  /**
   * Up to `perTeam` crops of each squad's outfield players: the best of each window in turn, so they
   * spread over the match, then the next best.
   */
  pick(teamOf: (trackId: number, tMs: number) => 0 | 1 | null, perTeam = 10): [ExemplarCrop[], ExemplarCrop[]] {
    return ([0, 1] as const).map((team) => {
      const lists = this.windows.map((win) => win.filter((c) => teamOf(c.trackId, c.tMs) === team).sort((a, b) => b.score - a.score));
      const out: ExemplarCrop[] = [];
      for (let round = 0; out.length < perTeam && lists.some((l) => l.length > round); round++) {
        for (const l of lists) if (l[round] && out.length < perTeam) out.push(l[round] as ExemplarCrop);
      }
      return out;
    }) as [ExemplarCrop[], ExemplarCrop[]];
  }
}

/** The people worth a crop: tracked, tall enough, whole with a margin, and nobody else's box near. */
function* lonePeople<T extends Offer>(people: readonly T[], w: number, h: number): Generator<[number, T & { trackId: number }]> {
  for (const [i, p] of people.entries()) {
    const [x0, y0, x1, y1] = p.box;
    const bh = y1 - y0;
    if (p.trackId === null || (p.overlapWith ?? null) !== null || bh < MIN_HEIGHT) continue;
    const pad = PAD * bh;
    if (x0 - pad < 0 || y0 - pad < 0 || x1 + pad > w || y1 + pad > h) continue;
    const alone = people.every((q, j) => j === i || q.box[2] + pad < x0 || q.box[0] - pad > x1 || q.box[3] + pad < y0 || q.box[1] - pad > y1);
    if (alone) yield [i, p as T & { trackId: number }];
  }
}

/**
 * Per-player exemplar crops (spec 2.5 individuals): the best crop of every track (tall, sharp, alone,
 * whole), taken from the full-size picture when the engine has one, since who a track is becomes
 * known only at the end; then each player's best few across his tracks, one per track.
 */
export class TrackCrops {
  private readonly best = new Map<number, ExemplarCrop>();

  /** `people` boxes in the pixels of `rgb` (w x h). */
  offer(tMs: number, rgb: Uint8Array, w: number, h: number, people: readonly Offer[]): void {
    for (const [, p] of lonePeople(people, w, h)) {
      const [x0, y0, x1, y1] = p.box;
      const bh = y1 - y0;
      const known = this.best.get(p.trackId)?.score ?? -Infinity;
      if (bh * 50 <= known) continue;
      const score = bh * Math.min(50, sharpness(rgb, w, p.box));
      if (score <= known) continue;
      const pad = PAD * bh;
      this.best.set(p.trackId, copy(rgb, w, [x0 - pad, y0 - pad, x1 + pad, y1 + pad], tMs, p.trackId, score));
    }
  }

  /** Up to `perPlayer` crops per player id, best first; tracks without an id give none. */
  pick(idOf: (trackId: number, tMs: number) => string | null, perPlayer = 5): Map<string, ExemplarCrop[]> {
    const out = new Map<string, ExemplarCrop[]>();
    for (const crop of this.best.values()) {
      const id = idOf(crop.trackId, crop.tMs);
      if (id === null) continue;
      out.set(id, [...(out.get(id) ?? []), crop]);
    }
    for (const [id, list] of out) out.set(id, list.sort((a, b) => b.score - a.score).slice(0, perPlayer));
    return out;
  }
}

function copy(rgb: Uint8Array, w: number, box: readonly number[], tMs: number, trackId: number, score: number): ExemplarCrop {
  const [x0, y0, x1, y1] = box.map(Math.round) as [number, number, number, number];
  const cw = x1 - x0;
  const ch = y1 - y0;
  const out = new Uint8Array(cw * ch * 3);
  for (let y = 0; y < ch; y++) out.set(rgb.subarray(((y0 + y) * w + x0) * 3, ((y0 + y) * w + x1) * 3), y * cw * 3);
  return { tMs, trackId, rgb: out, width: cw, height: ch, score };
}
