import { inPenaltyArea, type TrackKit } from '../vision/teams/team-assignment.js';
import type { FramePerson } from '../vision/frame-analyser.js';

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

  push(frame: number, p: FramePerson): void {
    if (this.length === this.frame.length) this.grow();
    const n = this.length++;
    this.frame[n] = frame;
    this.track[n] = p.trackId ?? -1;
    this.overlap[n] = p.overlapWith ?? -1;
    this.x[n] = p.x;
    this.y[n] = p.y;
    this.footU[n] = p.foot[0];
    this.footV[n] = p.foot[1];
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
  }
}

/** Per-track running sums: kit colour, position, time, detections. */
export class TrackKits {
  private readonly tracks = new Map<number, { f: Float64Array; samples: number; hits: number; sx: number; sy: number; inBox: number; first: number; last: number }>();

  add(p: FramePerson, tMs: number): void {
    if (p.trackId === null) return;
    let t = this.tracks.get(p.trackId);
    if (!t) {
      t = { f: new Float64Array(6), samples: 0, hits: 0, sx: 0, sy: 0, inBox: 0, first: tMs, last: tMs };
      this.tracks.set(p.trackId, t);
    }
    t.hits++;
    t.sx += p.x;
    t.sy += p.y;
    if (inPenaltyArea(p.x, p.y)) t.inBox++;
    t.last = tMs;
    // Split pieces and overlapping people mix two kits: their colour is not a vote.
    if (!p.kit || p.split || p.overlapWith !== null) return;
    const shorts = p.kit.shorts ?? p.kit.shirt;
    const v = [...p.kit.shirt, ...shorts];
    for (let i = 0; i < 6; i++) t.f[i] = (t.f[i] as number) + (v[i] as number);
    t.samples++;
  }

  hits(id: number): number {
    return this.tracks.get(id)?.hits ?? 0;
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
