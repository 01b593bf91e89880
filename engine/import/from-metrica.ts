import { ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, TrackingBuilder } from '../results/tracking-columns.js';
import type { AnalysisPlayer } from '../results/analysis-facts.js';
import type { TeamLabel } from '../results/result-events.js';
import type { MatchSource } from '../match-data/match-events.js';
import { toTruthEvents } from '../match-data/truth-events.js';
import { providerBallEvents, type TeamRelabel } from './provider-events.js';
import { teamPossessionSpans } from '../events/possession-spans.js';
import { possessionFromEvents } from '../events/possession-from-events.js';
import { assembleEvents } from './assemble-events.js';
import { homeStartsLeft, type ImportResult } from './from-sim.js';
import type { MetricaTeamTracking } from './metrica-tracking.js';

const FRAME_MS = 40;
const toCm = (m: number, max: number) => Math.max(0, Math.min(max, Math.round(m * 100)));

/** Index of the team's goalkeeper: the player who stays nearest the team's own goal line. */
function goalkeeperIndex(t: MetricaTeamTracking, ownGoalX: number): number {
  const p = t.jerseys.length;
  let best = -1;
  let bestDistance = Infinity;
  for (let j = 0; j < p; j++) {
    let sum = 0;
    let n = 0;
    for (let r = 0; r < t.frames.length; r += 25) {
      if (t.periods[r] !== 1) continue;
      const x = t.x[r * p + j] as number;
      if (!Number.isNaN(x)) { sum += Math.abs(x - ownGoalX); n += 1; }
    }
    if (n > 0 && sum / n < bestDistance) { bestDistance = sum / n; best = j; }
  }
  return best;
}

function meanX(t: MetricaTeamTracking, row: number): number {
  const p = t.jerseys.length;
  let sum = 0;
  let n = 0;
  for (let j = 0; j < p; j++) {
    const x = t.x[row * p + j] as number;
    if (!Number.isNaN(x)) { sum += x; n += 1; }
  }
  return n ? sum / n : Number.NaN;
}

/**
 * Provider tracking (Metrica CSVs of both teams, optionally their events) as an analysis: every
 * visible player and the ball as detected rows at 25 Hz; team_0 is the squad that started on the left.
 * Time 0 is the first tracking frame. Without events there are no ball events and no possession.
 */
export function importMetrica(home: MetricaTeamTracking, away: MetricaTeamTracking, source: MatchSource | null): ImportResult {
  const n = home.frames.length;
  if (away.frames.length !== n || away.frames[0] !== home.frames[0] || away.frames[n - 1] !== home.frames[n - 1]) {
    throw new Error('the home and away tracking files cover different frames');
  }
  const firstFrame = home.frames[0] as number;
  const startMs = firstFrame * FRAME_MS;
  const firstPlay = home.periods.findIndex((p) => p > 0);
  const homeLeft = homeStartsLeft({ homeMeanX: meanX(home, Math.max(0, firstPlay)), period: home.periods[Math.max(0, firstPlay)] ?? 1 });
  const relabel: TeamRelabel = { home: homeLeft ? 'team_0' : 'team_1' };
  const awayLabel: TeamLabel = relabel.home === 'team_0' ? 'team_1' : 'team_0';

  const teams = [
    { t: home, label: relabel.home, gk: goalkeeperIndex(home, homeLeft ? 0 : 105) },
    { t: away, label: awayLabel, gk: goalkeeperIndex(away, homeLeft ? 105 : 0) },
  ].sort((a, b) => a.label.localeCompare(b.label));

  const builder = new TrackingBuilder(n * 24);
  const players: AnalysisPlayer[] = [];
  const slots = teams.map(({ t, label, gk }) => {
    const prefix = label === 'team_0' ? '0' : '1';
    const order = t.jerseys.map((_, j) => j).sort((a, b) => (t.jerseys[a] as number) - (t.jerseys[b] as number));
    return order.map((j) => {
      const id = `${prefix}-${t.jerseys[j]}`;
      players.push({ player_id: id, team: label, jersey: t.jerseys[j] as number, role: j === gk ? 'goal_keeper' : 'player', name: null });
      return { t, j, index: builder.playerIndex(id), role: j === gk ? ROLE_GOAL_KEEPER : ROLE_PLAYER };
    });
  }).flat();

  for (let r = 0; r < n; r++) {
    const ts = ((home.frames[r] as number) - firstFrame) * FRAME_MS;
    for (const s of slots) {
      const p = s.t.jerseys.length;
      const x = s.t.x[r * p + s.j] as number;
      const y = s.t.y[r * p + s.j] as number;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      builder.push({ timestamp: ts, role: s.role, player: s.index, playerIdConf: 1, x: toCm(x, 10500), y: toCm(y, 6800) });
    }
    const bx = home.ballX[r] as number;
    const by = home.ballY[r] as number;
    if (!Number.isNaN(bx) && !Number.isNaN(by)) builder.push({ timestamp: ts, role: ROLE_BALL, player: -1, playerIdConf: 0, x: toCm(bx, 10500), y: toCm(by, 6800) });
  }
  const columns = builder.finish();

  const durationMs = ((home.frames[n - 1] as number) - firstFrame + 1) * FRAME_MS;
  const periods: { period: number; start_ms: number; end_ms: number }[] = [];
  for (let r = 0; r < n; r++) {
    const period = home.periods[r] as number;
    const t = ((home.frames[r] as number) - firstFrame) * FRAME_MS;
    const last = periods[periods.length - 1];
    if (last && last.period === period) last.end_ms = t + FRAME_MS;
    else if (period > 0) periods.push({ period, start_ms: t, end_ms: t + FRAME_MS });
  }

  const truthEvents = source ? toTruthEvents(source).map((e) => ({ ...e, start_ms: e.start_ms - startMs, end_ms: e.end_ms - startMs }))
    .filter((e) => e.end_ms >= 0 && e.start_ms < durationMs) : [];
  const ballEvents = providerBallEvents(truthEvents, relabel);
  const frames = Math.round(durationMs / FRAME_MS);
  const possession = source ? possessionFromEvents(truthEvents, frames, FRAME_MS) : new Int8Array(frames).fill(-1);
  const labels: [TeamLabel, TeamLabel] = [relabel.home, awayLabel];
  const events = assembleEvents(ballEvents, teamPossessionSpans(possession, 0, FRAME_MS, labels), {
    periods, duration_ms: durationMs, data_start_ms: 0, data_end_ms: durationMs,
  }, FRAME_MS);

  players.sort((a, b) => a.player_id.localeCompare(b.player_id, 'en', { numeric: true }));
  return {
    columns,
    events,
    facts: {
      duration_ms: durationMs, frame_ms: FRAME_MS, image: null,
      team_roles: relabel.home === 'team_0' ? { team_0: 'home', team_1: 'away' } : { team_0: 'away', team_1: 'home' },
      kit_keys: { team_0: null, team_1: null }, players, quality: null,
      rows: { detected: columns.length, projected: 0 },
    },
  };
}
