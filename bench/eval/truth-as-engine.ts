import type { Mat3 } from '../../engine/geometry/camera.js';
import { PROJECTED_STEP_MS } from '../../engine/results/tracking-columns.js';
import type { EngineOutput, EngineRow, EvalTruth } from './eval-types.js';

/**
 * The perfect engine: what an analysis would contain if it saw exactly the truth. The evaluator must
 * score it perfectly (`--self-check`), and the tests perturb it to prove each metric reacts.
 */
export function truthAsEngineOutput(truth: EvalTruth): EngineOutput {
  const { track } = truth.sim;
  const n = track.objects.length;
  const rows: EngineRow[] = [];
  const calibration = new Map<number, Mat3 | null>();
  const detections: NonNullable<EngineOutput['detections']> = new Map();
  const PROJECTED_EVERY = PROJECTED_STEP_MS / truth.sim.track.frameMs; // the spec's 5 Hz projected rows
  for (let f = 0; f < track.frames; f++) {
    const t = track.startMs + f * track.frameMs;
    const fr = truth.frames?.[f];
    if (truth.frames && !fr?.analysable) {
      if (f % PROJECTED_EVERY === 0) pushProjected(rows, truth, f, () => true);
      continue;
    }
    if (fr?.homography) calibration.set(t, fr.homography);
    const boxes: { box: [number, number, number, number]; role: string }[] = [];
    track.objects.forEach((o, i) => {
      const x = track.x[f * n + i] as number;
      if (Number.isNaN(x)) return;
      const seen = fr ? (o.role === 'ball' ? fr.ball : fr.objects.find((q) => q.id === o.id)) : null;
      if (fr && (!seen || !seen.box || seen.in_frame < 0.5)) {
        if (f % PROJECTED_EVERY === 0) pushProjected(rows, truth, f, (id) => id === o.id);
        return;
      }
      const foot = seen && 'foot' in seen ? seen.foot : null;
      if (seen?.box && o.role !== 'ball') boxes.push({ box: seen.box, role: o.role });
      rows.push({
        timestamp: t,
        role: o.role,
        player_id: o.role === 'player' || o.role === 'goal_keeper' ? o.id : null,
        x: Math.round(x * 100),
        y: Math.round((track.y[f * n + i] as number) * 100),
        bbox_x: foot ? foot[0] : null,
        bbox_y: foot ? foot[1] : null,
        status: 'detected',
        team: o.team,
        track_id: o.id,
      });
    });
    detections.set(t, boxes);
  }
  const events = truth.sim.events.map((e) => ({ event_id: e.event_id, type: e.type, start_ms: e.start_ms, end_ms: e.end_ms, team: e.team, player_id: e.player_id }));
  // Team possession spans from the per-frame truth.
  let start = -1;
  let team = -1;
  for (let f = 0; f <= track.frames; f++) {
    const p = f < track.frames ? (track.possession[f] as number) : -1;
    if (p !== team) {
      if (team >= 0) events.push({ event_id: `pos-${start}`, type: 'team_possession', start_ms: track.startMs + start * track.frameMs, end_ms: track.startMs + f * track.frameMs, team: team as 0 | 1, player_id: null });
      start = f;
      team = p;
    }
  }
  return { rows, events, calibration: truth.frames ? calibration : null, detections: truth.frames ? detections : null, timing: { frames: track.frames, seconds: track.frames / 25 } };
}

/** Off-camera players as the spec's projected rows: pitch position, no pixels. */
function pushProjected(rows: EngineRow[], truth: EvalTruth, f: number, which: (id: string) => boolean): void {
  const { track } = truth.sim;
  const n = track.objects.length;
  track.objects.forEach((o, i) => {
    const x = track.x[f * n + i] as number;
    if (Number.isNaN(x) || (o.role !== 'player' && o.role !== 'goal_keeper') || !which(o.id)) return;
    rows.push({
      timestamp: track.startMs + f * track.frameMs, role: o.role, player_id: o.id, x: Math.round(x * 100),
      y: Math.round((track.y[f * n + i] as number) * 100), bbox_x: null, bbox_y: null, status: 'projected', team: o.team, track_id: o.id,
    });
  });
}
