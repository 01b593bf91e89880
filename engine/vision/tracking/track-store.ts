import { inPenaltyArea, type TrackKit, type TeamModel, type TrackLabel } from '../teams/team-assignment.js';
import type { FramePerson } from './frame-person.js';
import { kitVector } from '../teams/kit-colour.js';

/**
 * What the frame loop keeps of each person row until the end of the video, when tracks get their
 * squads and roles: one entry per detection, in columns (a 90-minute match is about 3 million).
 */
export class PersonRows {
  length = 0;
  frame = new Int32Array(1 << 16);
  track = new Int32Array(1 << 16);
  overlap = new Int32Array(1 << 16);
  x = new Float32Array(1 << 16);
  y = new Float32Array(1 << 16);
  footU = new Float32Array(1 << 16);
  footV = new Float32Array(1 << 16);
  /** The detection's own kit sample (TrackKit feature layout, rounded), when it gave a clean one. */
  kit = new Int8Array(8 << 16);
  hasKit = new Uint8Array(1 << 16);

  push(frame: number, p: FramePerson): void {
    if (this.length === this.frame.length) this.grow();
    const n = this.length++;
    const f = kitFeature(p);
    this.hasKit[n] = f ? 1 : 0;
    if (f) for (let i = 0; i < 8; i++) this.kit[n * 8 + i] = Math.max(-128, Math.min(127, Math.round(f[i] as number)));
    this.frame[n] = frame;
    this.track[n] = p.trackId ?? -1;
    this.overlap[n] = p.overlapWith ?? -1;
    this.x[n] = p.x;
    this.y[n] = p.y;
    this.footU[n] = p.foot[0];
    this.footV[n] = p.foot[1];
  }

  /**
   * Takes the pitch positions of the rows of frames [from, to) again from their foot points (rows are in
   * frame order, so these are the last rows but those of `to` and later): a camera found later stands for
   * those frames too.
   */
  reproject(from: number, to: number, ground: (u: number, v: number) => [number, number] | null): void {
    for (let n = this.length - 1; n >= 0 && (this.frame[n] as number) >= from; n--) {
      if ((this.frame[n] as number) >= to) continue;
      const g = ground(this.footU[n] as number, this.footV[n] as number);
      if (!g) continue;
      this.x[n] = g[0];
      this.y[n] = g[1];
    }
  }

  private grow(): void {
    const size = this.frame.length * 2;
    const g = <T extends Int32Array | Float32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.frame = g(this.frame, (n) => new Int32Array(n));
    this.track = g(this.track, (n) => new Int32Array(n));
    this.overlap = g(this.overlap, (n) => new Int32Array(n));
    this.x = g(this.x, (n) => new Float32Array(n));
    this.y = g(this.y, (n) => new Float32Array(n));
    this.footU = g(this.footU, (n) => new Float32Array(n));
    this.footV = g(this.footV, (n) => new Float32Array(n));
    const kit = new Int8Array(size * 8);
    kit.set(this.kit);
    this.kit = kit;
    const has = new Uint8Array(size);
    has.set(this.hasKit);
    this.hasKit = has;
  }

  /** Each track's row indices, in row (frame) order; rows without a track are left out. */
  byTrack(): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (let n = 0; n < this.length; n++) {
      const t = this.track[n] as number;
      if (t < 0) continue;
      const list = out.get(t);
      if (list) list.push(n);
      else out.set(t, [n]);
    }
    return out;
  }

  /** Each frame's rows as a half-open range [from, to), in frame order (rows are pushed frame by frame). */
  *frameRanges(): Generator<[number, number]> {
    let from = 0;
    while (from < this.length) {
      let to = from + 1;
      while (to < this.length && this.frame[to] === this.frame[from]) to++;
      yield [from, to];
      from = to;
    }
  }

  feature(n: number): TrackKit['feature'] | null {
    if (!this.hasKit[n]) return null;
    return Array.from(this.kit.subarray(n * 8, n * 8 + 8)) as TrackKit['feature'];
  }
}

/**
 * A detection's kit as the squads' feature (shirt Lab, shorts Lab, dark and bright shares x 120), or
 * null: split pieces and overlapping people mix two kits, so their colour is not a vote.
 */
export function kitFeature(p: FramePerson): TrackKit['feature'] | null {
  if (!p.kit || p.split || p.overlapWith !== null) return null;
  return kitVector(p.kit);
}

/** Per-track running sums: kit colour, position, time, detections, and where the track began and ended. */
export class TrackKits {
  private readonly tracks = new Map<number, {
    f: Float64Array; samples: number; hits: number; sx: number; sy: number; inBox: number; first: number; last: number;
    firstAt: [number, number]; lastAt: [number, number];
  }>();

  add(p: FramePerson, tMs: number): void {
    if (p.trackId !== null) this.count(p.trackId, p.x, p.y, tMs, kitFeature(p));
  }

  /**
   * The sums of the given tracks counted again from the person rows (a track cut in two by
   * split-switched-tracks.ts: its rows now carry two ids). Kit samples come from the rows' rounded
   * features; `tMsOf` gives a frame's time.
   */
  recount(ids: ReadonlySet<number>, rows: PersonRows, tMsOf: (frame: number) => number): void {
    for (const id of ids) this.tracks.delete(id);
    for (let n = 0; n < rows.length; n++) {
      const id = rows.track[n] as number;
      if (ids.has(id)) this.count(id, rows.x[n] as number, rows.y[n] as number, tMsOf(rows.frame[n] as number), rows.feature(n));
    }
  }

  /** One detection of track `id` into its sums. */
  private count(id: number, x: number, y: number, tMs: number, feature: ArrayLike<number> | null): void {
    let t = this.tracks.get(id);
    if (!t) {
      t = { f: new Float64Array(8), samples: 0, hits: 0, sx: 0, sy: 0, inBox: 0, first: tMs, last: tMs, firstAt: [x, y], lastAt: [x, y] };
      this.tracks.set(id, t);
    }
    t.hits++;
    t.sx += x;
    t.sy += y;
    if (inPenaltyArea(x, y)) t.inBox++;
    t.last = tMs;
    t.lastAt = [x, y];
    if (!feature) return;
    for (let i = 0; i < 8; i++) t.f[i] = (t.f[i] as number) + (feature[i] as number);
    t.samples++;
  }

  hits(id: number): number {
    return this.tracks.get(id)?.hits ?? 0;
  }

  /** Where a track was at its first and last detection (pitch metres). */
  ends(id: number): { first: [number, number]; last: [number, number] } | null {
    const t = this.tracks.get(id);
    return t ? { first: t.firstAt, last: t.lastAt } : null;
  }

  kits(): TrackKit[] {
    const out: TrackKit[] = [];
    for (const [id, t] of this.tracks) {
      const n = Math.max(1, t.samples);
      out.push({
        id,
        feature: Array.from(t.f, (v) => v / n) as TrackKit['feature'],
        samples: t.samples,
        firstMs: t.first,
        lastMs: t.last,
        meanX: t.sx / t.hits,
        meanY: t.sy / t.hits,
        inBoxShare: t.inBox / t.hits,
      });
    }
    return out;
  }
}

/**
 * Labels per row: each row takes the majority label of its track's own kit samples within `window`
 * frames either side, so a track that changed hands at a crossing changes label where its samples do;
 * rows with no sample near them keep the track's label.
 */
export function windowLabels(rows: PersonRows, model: TeamModel, window = 25, prior = 8): (TrackLabel | null)[] {
  const out: (TrackLabel | null)[] = new Array(rows.length).fill(null);
  const byTrack = rows.byTrack();
  const keyOf = (l: TrackLabel) => `${l.role}:${l.team}`;
  for (const [track, list] of byTrack) {
    const fallback = model.labels.get(track) ?? null;
    const sampleLabels = list.map((n) => {
      const f = rows.feature(n);
      return f ? model.classify(f) : null;
    });
    const keys = sampleLabels.map((l) => (l ? keyOf(l) : null));
    const parsed = new Map<string, TrackLabel>();
    sampleLabels.forEach((l, k) => {
      if (l) parsed.set(keys[k] as string, l);
    });
    const counts = new Map<string, number>();
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < list.length; i++) {
      const frame = rows.frame[list[i] as number] as number;
      while (hi < list.length && (rows.frame[list[hi] as number] as number) <= frame + window) {
        const k = keys[hi];
        if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
        hi++;
      }
      while ((rows.frame[list[lo] as number] as number) < frame - window) {
        const k = keys[lo];
        if (k) counts.set(k, (counts.get(k) as number) - 1);
        lo++;
      }
      // The track's own label is a standing vote: a few odd samples (a half-hidden shirt) do not
      // relabel a row, a run of them (a track that changed hands) does.
      let best: string | null = fallback ? keyOf(fallback) : null;
      let bestN = best ? (counts.get(best) ?? 0) + prior : 0;
      for (const [k, c] of counts) {
        if (k !== best && c > bestN) {
          bestN = c;
          best = k;
        }
      }
      out[list[i] as number] = best ? (parsed.get(best) ?? fallback) : fallback;
    }
  }
  return out;
}
