import type { EngineOutput, EvalTruth, Metric } from './eval-types.js';
import { rowMovementFigures, type MovementFigures } from './movement-figures.js';
import { truthAsEngineOutput } from './truth-as-engine.js';

/**
 * Issue 31's believable-movement figures of an engine run beside the same figures of the truth as the
 * camera saw it (truthAsEngineOutput: the rows a perfect engine would write): impossible steps, the top
 * speed as the reports smooth it, and sprint distance per 90 minutes of tracks seen a minute or more.
 */
export function movementMetrics(truth: EvalTruth, engine: EngineOutput): Metric[] {
  const frameMs = truth.sim.track.frameMs;
  const e = rowMovementFigures(engine.rows, frameMs);
  const t = rowMovementFigures(truthAsEngineOutput(truth).rows, frameMs);
  const share = (m: MovementFigures) => (m.steps ? m.fastSteps / m.steps : null);
  const sprint = (m: MovementFigures) => (m.longTracks ? `${Math.round(m.sprintPer90Max)} / ${Math.round(m.sprintPer90Median)} m of ${m.longTracks} tracks` : 'no track seen a minute');
  return [
    { name: 'movement: detected steps faster than 10 m/s', value: share(e), unit: 'share', note: `truth ${((share(t) ?? 0) * 100).toFixed(2)}%` },
    { name: 'movement: top speed (as reports smooth it)', value: e.topSpeedKmh, unit: 'km/h', note: `truth ${t.topSpeedKmh.toFixed(1)} km/h` },
    { name: 'movement: sprint per 90 min, most (tracks seen 1 min+)', value: e.longTracks ? e.sprintPer90Max : null, unit: 'm', note: `median ${sprint(e)}; truth ${sprint(t)}` },
  ];
}
