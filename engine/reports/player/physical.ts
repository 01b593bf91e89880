import { round2, roundPartsToTotal } from '../../metrics/round.js';
import type { ReportParams } from '../report-params.js';
import type { PlayerSamples } from './player-samples.js';

export interface Physical {
  source: 'engine' | 'tracking_fallback';
  distance_m: number;
  top_speed_kmh: number;
  speed_zones: { name: string; min_kmh: number; max_kmh: number | null; seconds: number; distance_m: number }[];
  distance_per_bucket: { start_min: number; end_min: number; distance_m: number }[];
  sprints: { t0_ms: number; t1_ms: number; start: { x: number; y: number } | null; end: { x: number; y: number } | null; peak_kmh: number }[];
}

const ZONES = [['walking', 0, 7], ['jogging', 7, 14], ['running', 14, 21], ['high_intensity', 21, 25.2], ['sprinting', 25.2, null]] as const;
const BUCKET_MIN = 15;
const KMH = 3.6;

/** The p-th percentile (nearest rank) of the values, 0 when there are none. */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/**
 * Spec 2.9 `physical` (PLR-07 to PLR-11) over detected samples: each sample with a speed stands for one
 * sample interval, so distance is the sum of speed x interval and a gap adds nothing. Zone distances
 * are rounded to add up to distance_m exactly; zone seconds add up to the samples with a speed.
 * Sprints are runs of samples at or above sprint_min_kmh, unbroken by a gap over max_sample_gap_ms,
 * held for sprint_min_s; t1_ms is the end of the last sample's interval.
 */
export function physicalOf(s: PlayerSamples, params: ReportParams, durationMs: number): Physical {
  const dt = params.sample_interval_ms / 1000;
  const speeds: number[] = [];
  const zoneSamples = new Float64Array(ZONES.length);
  const zoneDistance = new Float64Array(ZONES.length);
  const buckets = new Float64Array(Math.max(1, Math.ceil(durationMs / (BUCKET_MIN * 60_000))));
  let distance = 0;
  for (let k = 0; k < s.n; k++) {
    const v = s.speed[k] as number;
    if (!(v >= 0)) continue;
    speeds.push(v);
    const kmh = v * KMH;
    const z = ZONES.findIndex(([, , max]) => max === null || kmh < max);
    zoneSamples[z] = (zoneSamples[z] as number) + 1;
    zoneDistance[z] = (zoneDistance[z] as number) + v * dt;
    const b = Math.min(buckets.length - 1, Math.floor((s.t[k] as number) / (BUCKET_MIN * 60_000)));
    buckets[b] = (buckets[b] as number) + v * dt;
    distance += v * dt;
  }
  const total = round2(distance);
  const zoneMetres = roundPartsToTotal([...zoneDistance], total);
  return {
    source: 'engine',
    distance_m: total,
    top_speed_kmh: round2(percentile(Float64Array.from(speeds), params.top_speed_percentile) * KMH),
    speed_zones: ZONES.map(([name, min, max], z) => ({ name, min_kmh: min, max_kmh: max, seconds: round2((zoneSamples[z] as number) * dt), distance_m: zoneMetres[z] as number })),
    distance_per_bucket: speeds.length === 0 ? [] : [...buckets].map((m, b) => ({ start_min: b * BUCKET_MIN, end_min: (b + 1) * BUCKET_MIN, distance_m: round2(m) })),
    sprints: sprintsOf(s, params),
  };
}

function sprintsOf(s: PlayerSamples, params: ReportParams): Physical['sprints'] {
  const out: Physical['sprints'] = [];
  const floor = params.sprint_min_kmh / KMH;
  let start = -1;
  let peak = 0;
  const close = (last: number) => {
    const t0 = s.t[start] as number;
    const t1 = (s.t[last] as number) + params.sample_interval_ms;
    if (t1 - t0 >= params.sprint_min_s * 1000) {
      out.push({
        t0_ms: t0, t1_ms: t1, peak_kmh: round2(peak * KMH),
        start: { x: round2(s.x[start] as number), y: round2(s.y[start] as number) },
        end: { x: round2(s.x[last] as number), y: round2(s.y[last] as number) },
      });
    }
    start = -1;
    peak = 0;
  };
  for (let k = 0; k < s.n; k++) {
    const v = s.speed[k] as number;
    const fast = v >= floor;
    const broken = k > 0 && (s.t[k] as number) - (s.t[k - 1] as number) > params.max_sample_gap_ms;
    if (start >= 0 && (!fast || broken)) close(k - 1);
    if (fast) {
      if (start < 0) start = k;
      peak = Math.max(peak, v);
    }
  }
  if (start >= 0) close(s.n - 1);
  return out;
}
