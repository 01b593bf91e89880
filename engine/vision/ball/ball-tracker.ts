import type { BallCandidate } from './ball-candidates.js';

export interface BallObservation extends BallCandidate {
  /** Frames since the track was (re)acquired. */
  age: number;
}

/**
 * One ball over time, in picture coordinates (where its motion is smooth even in the air, unlike its
 * ground shadow): a constant-velocity prediction gates the candidates of the next frame, the nearest
 * within the gate extends the track, and a lost track is re-acquired from a candidate that the previous
 * frame also had a candidate next to (a single bright speck is not enough). Gates grow while coasting.
 */
export class BallTracker {
  private u = 0;
  private v = 0;
  private du = 0;
  private dv = 0;
  private live = false;
  private missed = 0;
  private age = 0;
  private previous: BallCandidate[] = [];

  constructor(private readonly gate = 12, private readonly maxMissed = 12) {}

  /** Picks this frame's ball among the candidates, or null. */
  step(candidates: readonly BallCandidate[]): BallObservation | null {
    let chosen: BallCandidate | null = null;
    if (this.live) {
      const pu = this.u + this.du * (this.missed + 1);
      const pv = this.v + this.dv * (this.missed + 1);
      const g = this.gate * (1 + 0.5 * this.missed) + 0.5 * Math.hypot(this.du, this.dv);
      let best = Infinity;
      for (const c of candidates) {
        const d = Math.hypot(c.u - pu, c.v - pv) - 4 * c.score;
        if (Math.hypot(c.u - pu, c.v - pv) <= g && d < best) {
          best = d;
          chosen = c;
        }
      }
      if (chosen) {
        const steps = this.missed + 1;
        const nu = (chosen.u - this.u) / steps;
        const nv = (chosen.v - this.v) / steps;
        this.du = 0.5 * this.du + 0.5 * nu;
        this.dv = 0.5 * this.dv + 0.5 * nv;
        this.u = chosen.u;
        this.v = chosen.v;
        this.missed = 0;
        this.age++;
      } else if (++this.missed > this.maxMissed) {
        this.live = false;
      }
    }
    if (!this.live) {
      // Re-acquire: the best candidate that also had a neighbour in the previous frame.
      let best = -Infinity;
      for (const c of candidates) {
        const prev = this.previous.find((p) => Math.hypot(p.u - c.u, p.v - c.v) <= this.gate);
        if (!prev || c.score <= best) continue;
        best = c.score;
        chosen = c;
        this.du = c.u - prev.u;
        this.dv = c.v - prev.v;
      }
      if (chosen) {
        this.u = chosen.u;
        this.v = chosen.v;
        this.live = true;
        this.missed = 0;
        this.age = 0;
      }
    }
    this.previous = [...candidates];
    return chosen ? { ...chosen, age: this.age } : null;
  }

  /** A cut: the ball is somewhere else in the picture now. */
  cut(): void {
    this.live = false;
    this.previous = [];
  }
}
