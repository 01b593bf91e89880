import type { SimTruth } from '../io/sim-truth.js';
import type { Camera } from '../geometry/camera.js';
import { NO_PLAYER, NULL_I16, ROLES, STATUS_DETECTED, STATUS_PROJECTED, TrackingBuilder, type TrackingColumns } from '../results/tracking-columns.js';
import { broadcastView, viewFromCameras, PROJECTED_EVERY } from './broadcast-view.js';
import type { AnalysisFacts, AnalysisPlayer } from '../results/analysis-facts.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { providerBallEvents, relabelPlayerId, type TeamRelabel } from './provider-events.js';
import { teamPossessionSpans } from '../events/possession-spans.js';
import { assembleEvents } from './assemble-events.js';

export interface ImportResult {
  columns: TrackingColumns;
  events: ResultEvent[];
  facts: Omit<AnalysisFacts, 'engine_version' | 'data_version' | 'source'>;
}

const toCm = (m: number, max: number) => Math.max(0, Math.min(max, Math.round(m * 100)));

/**
 * Which squad defends the left half at kickoff: the side the home team's players stand on in the
 * first frame of play, flipped when that frame belongs to the second (or fourth) period.
 */
export function homeStartsLeft(xs: { homeMeanX: number; period: number }): boolean {
  const leftNow = xs.homeMeanX < 52.5;
  return xs.period % 2 === 1 ? leftNow : !leftNow;
}

/**
 * Simulator truth as an analysis: every object on the pitch is a detected row (the truth has no
 * camera) or, with `view: 'broadcast'`, what a following broadcast camera would have shown: objects
 * in the picture are detected rows with their foot pixel, off-camera players projected rows at 5 Hz;
 * relabelled so that team_0 is the squad that started on the left; the provider's ball
 * events, the simulator's possession reading, and the timeline. Time 0 is the first frame of the data.
 */
export function importSimTruth(truth: SimTruth, options: { view?: 'all' | 'broadcast'; cameras?: readonly (Camera | null)[] } = {}): ImportResult {
  const { track, meta } = truth;
  // A rendered directory knows its video's camera in every frame; bare truth gets the operator's.
  const view = options.view !== 'broadcast' ? null : options.cameras ? viewFromCameras(track, options.cameras) : broadcastView(track);
  const n = track.objects.length;
  const frameMs = track.frameMs;

  // Side at kickoff from the first frame with play.
  let homeStartsLeftAt = true;
  for (let f = 0; f < track.frames; f++) {
    const period = track.period[f] as number;
    if (period === 0) continue;
    let sum = 0;
    let count = 0;
    track.objects.forEach((o, i) => {
      const x = track.x[f * n + i] as number;
      if (o.team === 0 && !Number.isNaN(x)) { sum += x; count += 1; }
    });
    if (count > 0) { homeStartsLeftAt = homeStartsLeft({ homeMeanX: sum / count, period }); break; }
  }
  const relabel: TeamRelabel = { home: homeStartsLeftAt ? 'team_0' : 'team_1' };

  const builder = new TrackingBuilder(track.frames * n);
  const roleIndex = track.objects.map((o) => ROLES.indexOf(o.role));
  const ids = track.objects.map((o) => (o.role === 'player' || o.role === 'goal_keeper' ? relabelPlayerId(o.id, relabel) : null));
  // Rows within a frame: players by engine label and jersey, then referees, then the ball: the same
  // order in every frame keeps files deterministic and easy to read.
  const order = track.objects.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || (ids[a] ?? '').localeCompare(ids[b] ?? '', 'en', { numeric: true }));
  function rank(i: number): number {
    const role = track.objects[i]?.role;
    return role === 'ball' ? 2 : role === 'referee' ? 1 : 0;
  }
  const playerIdx = ids.map((id) => builder.playerIndex(id));
  // Off camera: when each object was last seen, for the confidence of its projected rows.
  const lastSeen = new Float64Array(n).fill(-Infinity);
  let projected = 0;
  for (let f = 0; f < track.frames; f++) {
    const t = f * frameMs;
    for (const o of order) {
      const x = track.x[f * n + o] as number;
      if (Number.isNaN(x)) continue;
      const person = playerIdx[o] as number;
      const xCm = toCm(x, 10500);
      const yCm = toCm(track.y[f * n + o] as number, 6800);
      const role = roleIndex[o] as number;
      const idConf = person >= 0 ? 1 : 0;
      // Full object literals of one shape (no spreads): push stays monomorphic, which is the
      // difference between 1 s and 20 s on a full match.
      const u = view ? (view[f]?.u[o] as number) : 0;
      if (!view || !Number.isNaN(u)) {
        if (view) lastSeen[o] = t;
        builder.push({
          timestamp: t, role, player: person, playerIdConf: idConf, x: xCm, y: yCm,
          bboxX: view ? Math.floor(u) : NULL_I16, bboxY: view ? Math.floor(view[f]?.v[o] as number) : NULL_I16,
          status: STATUS_DETECTED, overlap: NO_PLAYER, positionConf: Number.NaN, identityConf: Number.NaN,
        });
      } else if (person >= 0 && f % PROJECTED_EVERY === 0) {
        // The truth is exact, but a tracker's projection is not: confidence decays with time unseen.
        const unseenS = (t - (lastSeen[o] as number)) / 1000;
        const conf = Number.isFinite(unseenS) ? Math.max(0.05, Math.exp(-unseenS / 20)) : 0.05;
        builder.push({
          timestamp: t, role, player: person, playerIdConf: idConf, x: xCm, y: yCm, bboxX: NULL_I16, bboxY: NULL_I16,
          status: STATUS_PROJECTED, overlap: NO_PLAYER, positionConf: conf, identityConf: Math.max(0.05, conf * 0.9),
        });
        projected += 1;
      }
    }
  }
  const columns = builder.finish();

  const shifted = truth.events.map((e) => ({ ...e, start_ms: e.start_ms - track.startMs, end_ms: e.end_ms - track.startMs }));
  const ballEvents = providerBallEvents(shifted, relabel);
  const labels: [TeamLabel, TeamLabel] = relabel.home === 'team_0' ? ['team_0', 'team_1'] : ['team_1', 'team_0'];
  const possession = new Int8Array(track.frames);
  for (let f = 0; f < track.frames; f++) possession[f] = track.inPlay[f] ? (track.possession[f] as number) : -1;
  const durationMs = track.frames * frameMs;
  const periods = meta.periods
    .map((p) => ({ period: p.period, start_ms: Math.max(0, p.startFrame * frameMs - track.startMs), end_ms: Math.min(durationMs, (p.endFrame + 1) * frameMs - track.startMs) }))
    .filter((p) => p.end_ms > p.start_ms);
  const events = assembleEvents(ballEvents, teamPossessionSpans(possession, 0, frameMs, labels), {
    periods, duration_ms: durationMs, data_start_ms: 0, data_end_ms: durationMs,
  }, frameMs);

  const players: AnalysisPlayer[] = [];
  track.objects.forEach((o, i) => {
    const id = ids[i];
    if (!id) return;
    // The simulator's names ("Home 7") are labels, not names: leave naming to the roster.
    players.push({ player_id: id, team: id.startsWith('0-') ? 'team_0' : 'team_1', jersey: o.jersey, role: o.role === 'goal_keeper' ? 'goal_keeper' : 'player', name: null });
  });
  players.sort((a, b) => a.player_id.localeCompare(b.player_id, 'en', { numeric: true }));
  const detected = columns.length - projected;
  return {
    columns,
    events,
    facts: {
      duration_ms: durationMs,
      frame_ms: frameMs,
      image: view ? { width: 1280, height: 720 } : null,
      team_roles: relabel.home === 'team_0' ? { team_0: 'home', team_1: 'away' } : { team_0: 'away', team_1: 'home' },
      kit_keys: { team_0: null, team_1: null },
      players,
      quality: null,
      rows: { detected, projected },
    },
  };
}
