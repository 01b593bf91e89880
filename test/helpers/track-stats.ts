import type { SimTrack } from '../../engine/match-data/sim-track.js';

export interface ObjectStats {
  id: string;
  role: string;
  seconds: number;
  distanceM: number;
  maxSpeed: number;
  maxAccel: number;
  /** Runs at >= 7 m/s (25.2 km/h) held >= 1 s, per period. */
  sprintsByPeriod: Map<number, number>;
  secondsByPeriod: Map<number, number>;
}

/** Per-object movement statistics from consecutive frames (finite differences at 25 Hz). */
export function trackStats(track: SimTrack): ObjectStats[] {
  const n = track.objects.length;
  const dt = track.frameMs / 1000;
  return track.objects.map((obj, o) => {
    const s: ObjectStats = { id: obj.id, role: obj.role, seconds: 0, distanceM: 0, maxSpeed: 0, maxAccel: 0, sprintsByPeriod: new Map(), secondsByPeriod: new Map() };
    let run = 0;
    let pvx = NaN;
    let pvy = NaN;
    for (let f = 1; f < track.frames; f++) {
      const x0 = track.x[(f - 1) * n + o] as number;
      const x1 = track.x[f * n + o] as number;
      const period = track.period[f] as number;
      if (Number.isNaN(x0) || Number.isNaN(x1) || period !== track.period[f - 1]) {
        run = 0;
        pvx = NaN;
        continue;
      }
      const vx = (x1 - x0) / dt;
      const vy = ((track.y[f * n + o] as number) - (track.y[(f - 1) * n + o] as number)) / dt;
      const v = Math.hypot(vx, vy);
      if (!Number.isNaN(pvx)) s.maxAccel = Math.max(s.maxAccel, Math.hypot(vx - pvx, vy - pvy) / dt);
      pvx = vx;
      pvy = vy;
      s.distanceM += v * dt;
      s.seconds += dt;
      s.secondsByPeriod.set(period, (s.secondsByPeriod.get(period) ?? 0) + dt);
      s.maxSpeed = Math.max(s.maxSpeed, v);
      if (v >= 7) {
        run++;
        if (run === 25) s.sprintsByPeriod.set(period, (s.sprintsByPeriod.get(period) ?? 0) + 1);
      } else run = 0;
    }
    return s;
  });
}
