import { computeRowSpeeds } from '../../engine/metrics/player-speed.js';
import type { EngineOutput, EngineRow, EvalTruth, Metric } from './eval-types.js';
import { columnsFromEngineRows } from './engine-rows-columns.js';
import { rowMovementFigures, type MovementFigures } from './movement-figures.js';
import { truthAsEngineOutput } from './truth-as-engine.js';

const SPRINT_MPS = 21 / 3.6;
const MIN_SEEN_S = 60;

/** Top speed and sprint per 90 minutes of the identified players exactly as the reports compute them (player-speed.ts). */
function reportMovement(rows: readonly EngineRow[], frameMs: number): { topKmh: number; per90: number[] } {
  const cols = columnsFromEngineRows([...rows].sort((a, b) => a.timestamp - b.timestamp));
  const speeds = computeRowSpeeds(cols, { frameMs });
  const seen = new Map<number, { rows: number; sprint: number }>();
  let top = 0;
  for (let i = 0; i < cols.length; i++) {
    const v = speeds[i] as number;
    const p = cols.player[i] as number;
    if (Number.isNaN(v) || p < 0) continue;
    top = Math.max(top, v);
    const s = seen.get(p) ?? { rows: 0, sprint: 0 };
    s.rows++;
    if (v >= SPRINT_MPS) s.sprint += (v * frameMs) / 1000;
    seen.set(p, s);
  }
  const per90 = [...seen.values()].filter((s) => (s.rows * frameMs) / 1000 >= MIN_SEEN_S).map((s) => (s.sprint / ((s.rows * frameMs) / 1000)) * 5400).sort((a, b) => a - b);
  return { topKmh: top * 3.6, per90 };
}

/**
 * Issue 31's believable-movement figures of an engine run beside the same figures of the truth as the
 * camera saw it (truthAsEngineOutput: the rows a perfect engine would write): impossible steps and the
 * top speed of the tracker's tracks (speeds smoothed as the reports smooth them), and the identified
 * players' top speed and sprint distance per 90 minutes as the reports compute them.
 */
export function movementMetrics(truth: EvalTruth, engine: EngineOutput): Metric[] {
  const frameMs = truth.sim.track.frameMs;
  const truthRows = truthAsEngineOutput(truth).rows;
  const e = rowMovementFigures(engine.rows, frameMs);
  const t = rowMovementFigures(truthRows, frameMs);
  const er = reportMovement(engine.rows, frameMs);
  const tr = reportMovement(truthRows, frameMs);
  const share = (m: MovementFigures) => (m.steps ? m.fastSteps / m.steps : null);
  const sprint = (p: number[]) => (p.length ? `${Math.round(p[p.length - 1] as number)} / ${Math.round(p[p.length >> 1] as number)} m of ${p.length}` : 'none seen a minute');
  return [
    { name: 'movement: detected steps faster than 10 m/s', value: share(e), unit: 'share', note: `truth ${((share(t) ?? 0) * 100).toFixed(2)}%` },
    { name: 'movement: top speed of any track (smoothed as reports)', value: e.topSpeedKmh, unit: 'km/h', note: `truth ${t.topSpeedKmh.toFixed(1)} km/h` },
    { name: 'movement: top speed of any identified player (reports)', value: er.topKmh, unit: 'km/h', note: `truth ${tr.topKmh.toFixed(1)} km/h` },
    { name: 'movement: sprint per 90 min, players seen 1 min+ (reports), most', value: er.per90.length ? (er.per90[er.per90.length - 1] as number) : null, unit: 'm', note: `most / median ${sprint(er.per90)}; truth ${sprint(tr.per90)}` },
  ];
}
