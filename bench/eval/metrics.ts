import { applyHomography, groundProjector, invert3, projector } from '../../engine/geometry/camera.js';
import { PITCH_LENGTH, PITCH_WIDTH } from '../../engine/geometry/pitch-markings.js';
import type { EngineOutput, EngineRow, EvalTruth, Metric } from './eval-types.js';
import { hota, pitchSimilarity, type HotaFrame } from './hota.js';
import { scoreEvents } from './event-match.js';
import { columnsFromEngineRows } from './engine-rows-columns.js';
import { movementMetrics } from './movement-metrics.js';
import { computeRowSpeeds } from '../../engine/metrics/player-speed.js';
import { detectionPR, isDetected, isPerson, matchFrames, type FramePairs } from './match-detections.js';

const quantile = (values: number[], q: number): number | null => {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const teamOfRow = (r: EngineRow): 0 | 1 | null => (r.team === 0 || r.team === 1 ? r.team : r.player_id ? (r.player_id.startsWith('1-') ? 1 : r.player_id.startsWith('0-') ? 0 : null) : null);
const teamOfEvent = (t: string | number | null | undefined): 0 | 1 | null => (t === 0 || t === 'team_0' ? 0 : t === 1 || t === 'team_1' ? 1 : null);

/**
 * The engine's team labels are arbitrary: 0 may be the away side. Pick the mapping (identity or swap)
 * that agrees with the truth on most matched rows; every team-aware metric applies it.
 */
export function teamMapping(matched: FramePairs[]): (engineTeam: 0 | 1 | null) => 0 | 1 | null {
  let same = 0;
  let swapped = 0;
  for (const fr of matched) {
    for (const [i, j] of fr.pairs) {
      const t = fr.truth[i]!.team;
      const e = teamOfRow(fr.engine[j]!);
      if (t === null || e === null) continue;
      if (t === e) same++;
      else swapped++;
    }
  }
  const swap = swapped > same;
  return (e) => (e === null ? null : swap ? ((1 - e) as 0 | 1) : e);
}

/** Mapped player id: the team prefix through the team mapping. */
function mappedId(id: string | null, map: (t: 0 | 1 | null) => 0 | 1 | null): string | null {
  if (!id) return null;
  const m = /^([01])-(.+)$/.exec(id);
  if (!m) return id;
  return `${map(Number(m[1]) as 0 | 1)}-${m[2]}`;
}

export function evaluate(truth: EvalTruth, engine: EngineOutput): Metric[] {
  const { track } = truth.sim;
  const frames = truth.frames;
  const width = frames?.find((f) => f.camera)?.camera?.width ?? null;
  const out: Metric[] = [];
  const push = (name: string, value: number | null, unit?: string, note?: string) => out.push({ name, value, unit, note });

  // Calibration.
  if (frames) {
    const analysable = frames.filter((f) => f.analysable && f.camera);
    let calibrated = 0;
    const errors: number[] = [];
    for (const fr of analysable) {
      const H = engine.calibration?.get(fr.t_ms);
      if (!H) continue;
      calibrated++;
      const proj = projector(fr.camera!);
      const Hi = invert3(H);
      const cam = engine.cameras?.get(fr.t_ms);
      // Through the engine's camera where it gave one (lens distortion undone), else its homography.
      const toGround = cam ? groundProjector(cam) : (u: number, v: number) => applyHomography(Hi, u, v);
      for (let x = 0; x <= 105; x += 7.5) {
        for (let y = 0; y <= 68; y += 6.8) {
          const px = proj.project(x, y, 0);
          if (!px || px[0] < 0 || px[1] < 0 || px[0] >= fr.camera!.width || px[1] >= fr.camera!.height) continue;
          const g = toGround(px[0], px[1]);
          errors.push(g ? Math.hypot(g[0] - x, g[1] - y) : Infinity);
        }
      }
    }
    push('calibration: analysable frames calibrated', analysable.length ? calibrated / analysable.length : null, 'share');
    push('calibration: pitch-point error median', quantile(errors, 0.5), 'm');
    push('calibration: pitch-point error p95', quantile(errors, 0.95), 'm');
  }

  // Detection and matched-row quality.
  const matched = matchFrames(track, frames, engine, width);
  if (frames && engine.detections) {
    const pr = detectionPR(track, frames, engine.detections);
    push('detection: precision (IoU 0.5)', pr.precision, 'share');
    push('detection: recall (IoU 0.5)', pr.recall, 'share');
  }
  let nTruth = 0;
  let nEngine = 0;
  let nPairs = 0;
  const posErr: number[] = [];
  let roleOk = 0;
  let teamOk = 0;
  let teamKnown = 0;
  let idRight = 0;
  let idWrong = 0;
  let idPairs = 0;
  const map = teamMapping(matched.frames);
  for (const fr of matched.frames) {
    nTruth += fr.truth.length;
    nEngine += fr.engine.length;
    nPairs += fr.pairs.length;
    for (const [i, j] of fr.pairs) {
      const p = fr.truth[i]!;
      const r = fr.engine[j]!;
      posErr.push(Math.hypot(r.x / 100 - p.x, r.y / 100 - p.y));
      if (r.role === p.role) roleOk++;
      const e = map(teamOfRow(r));
      if (p.team !== null) {
        teamKnown++;
        if (e === p.team) teamOk++;
      }
      // Identity is about players: referees carry no player id.
      if (p.role === 'referee') continue;
      idPairs++;
      const id = mappedId(r.player_id, map);
      // The spec's `<team>-GK` names a side's goalkeeper by role: right for him, wrong for anyone else.
      if (id === p.id || (p.role === 'goal_keeper' && id === `${p.team}-GK`)) idRight++;
      else if (id !== null) idWrong++;
    }
  }
  const method = matched.method === 'foot-point' ? 'foot point within 2% of width' : 'pitch distance <= 2 m';
  push('people: precision', nEngine ? nPairs / nEngine : null, 'share', method);
  push('people: recall', nTruth ? nPairs / nTruth : null, 'share', method);
  push('people: pitch position error median', quantile(posErr, 0.5), 'm');
  push('people: pitch position error p95', quantile(posErr, 0.95), 'm');
  push('people: role accuracy', nPairs ? roleOk / nPairs : null, 'share');
  push('people: team accuracy (best mapping)', teamKnown ? teamOk / teamKnown : null, 'share');
  push('identity: rows with the correct player_id', idPairs ? idRight / idPairs : null, 'share');
  push('identity: rows with a wrong player_id', idPairs ? idWrong / idPairs : null, 'share');

  // HOTA and GS-HOTA over pitch distance (tau = 5 m).
  const hotaFrames: HotaFrame[] = [];
  const gsFrames: HotaFrame[] = [];
  let anon = 0;
  for (const fr of matched.frames) {
    // Association is scored on the identity a user gets (spec 2.7 player_id), the tracker's own id
    // (a Touchline extension) where the row has none.
    const predIds = fr.engine.map((r) => r.player_id ?? r.track_id ?? `row-${anon++}`);
    const sim = fr.truth.map((p) => fr.engine.map((r) => pitchSimilarity(Math.hypot(r.x / 100 - p.x, r.y / 100 - p.y))));
    const gated = fr.truth.map((p, i) => fr.engine.map((r, j) => {
      const id = mappedId(r.player_id, map);
      const jersey = id ? id.split('-').slice(1).join('-') : null;
      const ok = r.role === p.role && map(teamOfRow(r)) === p.team && (p.role === 'referee' || jersey === String(p.jersey));
      return ok ? (sim[i] as number[])[j] as number : 0;
    }));
    const gtIds = fr.truth.map((p) => p.id);
    hotaFrames.push({ gtIds, predIds, similarity: sim });
    gsFrames.push({ gtIds, predIds, similarity: gated });
  }
  const h = hota(hotaFrames);
  const gs = hota(gsFrames);
  push('HOTA (pitch, tau 5 m)', h.hota, 'score', `DetA ${h.detA.toFixed(3)}, AssA ${h.assA.toFixed(3)}`);
  push('GS-HOTA (role, team, jersey gated)', gs.hota, 'score', `DetA ${gs.detA.toFixed(3)}, AssA ${gs.assA.toFixed(3)}`);

  // Ball.
  const ballRows = new Map<number, EngineRow[]>();
  for (const r of engine.rows) if (r.role === 'ball' && isDetected(r)) ballRows.set(r.timestamp, [...(ballRows.get(r.timestamp) ?? []), r]);
  const n = track.objects.length;
  let ballFrames = 0;
  let ballFound = 0;
  // Rows state positions on the pitch (spec 2.7: x 0-105 m, y 0-68 m): a ball lying 3 m beyond a line
  // for a throw-in is stated on the line, so it is also scored against the truth so stated; and apart,
  // the frames of play.
  let onPitchFound = 0;
  let playFrames = 0;
  let playFound = 0;
  for (let f = 0; f < track.frames; f++) {
    const visible = frames ? frames[f]?.analysable && (frames[f]?.ball?.in_frame ?? 0) >= 0.5 : track.inPlay[f] === 1;
    if (!visible) continue;
    ballFrames++;
    const bx = track.x[f * n + n - 1] as number;
    const by = track.y[f * n + n - 1] as number;
    const rows = ballRows.get(track.startMs + f * track.frameMs) ?? [];
    const found = rows.some((r) => Math.hypot(r.x / 100 - bx, r.y / 100 - by) <= 2);
    if (found) ballFound++;
    const sx = Math.max(0, Math.min(PITCH_LENGTH, bx));
    const sy = Math.max(0, Math.min(PITCH_WIDTH, by));
    if (rows.some((r) => Math.hypot(r.x / 100 - sx, r.y / 100 - sy) <= 2)) onPitchFound++;
    if (track.inPlay[f] === 1) {
      playFrames++;
      if (found) playFound++;
    }
  }
  push('ball: detected within 2 m', ballFrames ? ballFound / ballFrames : null, 'share');
  push('ball: within 2 m of the truth as rows state it (on the pitch)', ballFrames ? onPitchFound / ballFrames : null, 'share');
  push('ball: detected within 2 m, ball in play', playFrames ? playFound / playFrames : null, 'share', `${playFrames} frames`);

  // Events per type at +-1 s.
  const types = new Set([...truth.sim.events.map((e) => e.type), ...engine.events.map((e) => e.type)]);
  for (const type of [...types].sort()) {
    if (['team_possession', 'player_possession', 'scene', 'match_timeline'].includes(type)) continue;
    const gt = truth.sim.events.filter((e) => e.type === type).map((e) => e.start_ms);
    const pr = engine.events.filter((e) => e.type === type).map((e) => e.start_ms);
    if (!gt.length && !pr.length) continue;
    const { precision, recall } = scoreEvents(gt.map((t) => ({ t })), pr.map((t) => ({ t })));
    push(`events: ${type} F1 (+-1 s)`, precision + recall ? (2 * precision * recall) / (precision + recall) : 0, 'score', `P ${precision.toFixed(2)} R ${recall.toFixed(2)} (truth ${gt.length}, engine ${pr.length})`);
  }

  // Team possession agreement per frame.
  const spans = engine.events.filter((e) => e.type === 'team_possession' && e.end_ms !== undefined);
  if (spans.length) {
    let known = 0;
    let agree = 0;
    for (let f = 0; f < track.frames; f++) {
      const p = track.possession[f] as number;
      if (p < 0) continue;
      const t = track.startMs + f * track.frameMs;
      known++;
      const span = spans.find((s) => s.start_ms <= t && (s.end_ms as number) > t);
      if (span && map(teamOfEvent(span.team)) === p) agree++;
    }
    push('possession: frames where the team agrees', known ? agree / known : null, 'share');
  }

  // Projected rows (spec 2.7): where the engine puts identified players off camera, against where they
  // were; "under 10 s" are the rows within 10 s of the player's last detected row.
  const lastDetected = new Map<string, number>();
  const projErr: number[] = [];
  const projErrShort: number[] = [];
  const objectIndex = new Map(track.objects.map((o, i) => [o.id, i]));
  for (const r of [...engine.rows].sort((a, b) => a.timestamp - b.timestamp)) {
    if (!isPerson(r.role) || !r.player_id) continue;
    const id = mappedId(r.player_id, map) as string;
    if (isDetected(r)) {
      lastDetected.set(id, r.timestamp);
      continue;
    }
    const o = objectIndex.get(id);
    const f = Math.round((r.timestamp - track.startMs) / track.frameMs);
    if (o === undefined || f < 0 || f >= track.frames) continue;
    const tx = track.x[f * n + o] as number;
    if (Number.isNaN(tx)) continue;
    const e = Math.hypot(r.x / 100 - tx, r.y / 100 - (track.y[f * n + o] as number));
    projErr.push(e);
    const seen = lastDetected.get(id);
    if (seen !== undefined && r.timestamp - seen < 10_000) projErrShort.push(e);
  }
  push('projected: position error median, under 10 s off camera', quantile(projErrShort, 0.5), 'm', `${projErrShort.length} rows`);
  push('projected: position error median, all', quantile(projErr, 0.5), 'm', `${projErr.length} rows`);

  // Distance covered per player, as the product measures it (engine/metrics/player-speed.ts: smoothed
  // speed over the detected rows of each player id, gaps never bridged), against the true path over the
  // same frames. Players with at least a minute detected (half of a short clip) who ran 10 m or more;
  // "on camera most of the time" those detected in at least half of the analysed frames.
  const cols = columnsFromEngineRows([...engine.rows].sort((a, b) => a.timestamp - b.timestamp));
  const speeds = computeRowSpeeds(cols);
  const perPlayer = new Map<string, { engine: number; truth: number; rows: number }>();
  for (let i = 0; i < cols.length; i++) {
    const speed = speeds[i] as number;
    const p = cols.player[i] as number;
    if (Number.isNaN(speed) || p < 0) continue;
    const id = mappedId(cols.players[p] as string, map) as string;
    const o = objectIndex.get(id);
    const f = Math.round(((cols.timestamp[i] as number) - track.startMs) / track.frameMs);
    if (o === undefined || f < 1 || f >= track.frames) continue;
    const step = Math.hypot((track.x[f * n + o] as number) - (track.x[(f - 1) * n + o] as number), (track.y[f * n + o] as number) - (track.y[(f - 1) * n + o] as number));
    if (Number.isNaN(step)) continue;
    const d = perPlayer.get(id) ?? { engine: 0, truth: 0, rows: 0 };
    d.engine += (speed * track.frameMs) / 1000;
    d.truth += step;
    d.rows++;
    perPlayer.set(id, d);
  }
  const analysed = frames ? frames.filter((fr) => fr.analysable).length : track.frames;
  // A minute detected, or half of a clip shorter than two minutes.
  const minRows = Math.min(60_000 / track.frameMs, analysed / 2);
  const distErr = (minShare: number) => [...perPlayer.values()]
    .filter((d) => d.rows >= minRows && d.rows >= minShare * analysed && d.truth >= 10)
    .map((d) => Math.abs(d.engine - d.truth) / d.truth);
  const most = distErr(0.5);
  const minute = distErr(0);
  push('physical: distance error, players on camera most of the time (median)', quantile(most, 0.5), 'share', `${most.length} players`);
  push('physical: distance error, players detected a minute or more (median)', quantile(minute, 0.5), 'share', `${minute.length} players`);

  out.push(...movementMetrics(truth, engine));
  if (engine.timing) push('speed: analysis frames per second', engine.timing.frames / engine.timing.seconds, 'frames/s');
  return out;
}
