import { parsePlayerId, type AnalysisFacts } from '../results/analysis-facts.js';
import type { ResultEvent, TeamLabel } from '../results/result-events.js';
import { ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns } from '../results/tracking-columns.js';
import { analysableSpans } from '../metrics/match-stats.js';
import { computePossession, countedSpans } from '../metrics/possession-summary.js';
import { normalizeSpans, type Span } from '../metrics/intervals.js';
import { round2 } from '../metrics/round.js';
import { REPORT_SCHEMA_VERSION, reportParams, type ReportParams } from './report-params.js';
import type { CoordinateFrame, Orientation, OrientationSource } from './orientation.js';
import { reportKit, type ReportKit } from './report-kit.js';
import type { Quality } from './quality.js';

export interface AveragePosition {
  player_id: string;
  jersey: number | null;
  label: string;
  role: 'goalkeeper' | 'player';
  position: { x: number; y: number };
  n_frames: number;
}

export interface TeamReport {
  schema_version: number;
  engine_version: string;
  coordinate_frame: CoordinateFrame;
  orientation_source: OrientationSource;
  params: ReportParams;
  teams: { team: 0 | 1; name: string; kit: ReportKit | null; average_positions: AveragePosition[] }[];
  possession: { team: 0 | 1 | null; seconds: number; pct: number }[];
  territory: { zone: string; seconds: number }[];
  quality: Quality | null;
}

export interface TeamReportInput {
  tracking: TrackingColumns;
  events: readonly ResultEvent[];
  facts: Pick<AnalysisFacts, 'engine_version' | 'duration_ms' | 'frame_ms' | 'team_kits' | 'quality'>;
  orientation: Orientation;
}

const LABELS: readonly TeamLabel[] = ['team_0', 'team_1'];

/** Numeric jerseys ascending, then suffix ids (`0-GK`) by label (spec 2.10). */
export function byJersey(a: { jersey: number | null; label: string }, b: { jersey: number | null; label: string }): number {
  if (a.jersey !== null && b.jersey !== null) return a.jersey - b.jersey;
  if (a.jersey !== null) return -1;
  if (b.jersey !== null) return 1;
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

/** Whole-match mean position of every identified player of `team` over detected rows, in the report's frame. */
function averagePositions(cols: TrackingColumns, team: 0 | 1, orientation: Orientation): AveragePosition[] {
  const n = cols.players.length;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const count = new Float64Array(n);
  const keeper = new Float64Array(n);
  const ids = cols.players.map(parsePlayerId);
  const label = LABELS[team] as TeamLabel;
  for (let i = 0; i < cols.length; i++) {
    const p = cols.player[i] as number;
    const role = cols.role[i] as number;
    if (p < 0 || (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) || !isDetectedStatus(cols.status[i] as number)) continue;
    if (ids[p]?.team !== team) continue;
    const at = orientation.toFrame(label, cols.timestamp[i] as number, (cols.x[i] as number) / 100, (cols.y[i] as number) / 100);
    sx[p] = (sx[p] as number) + at.x;
    sy[p] = (sy[p] as number) + at.y;
    count[p] = (count[p] as number) + 1;
    if (role === ROLE_GOAL_KEEPER) keeper[p] = (keeper[p] as number) + 1;
  }
  const out: AveragePosition[] = [];
  cols.players.forEach((id, p) => {
    const parsed = ids[p];
    const k = count[p] as number;
    if (!parsed || parsed.team !== team || k === 0) return;
    out.push({
      player_id: id, jersey: parsed.jersey, label: parsed.label,
      role: (keeper[p] as number) * 2 > k || parsed.label === 'GK' ? 'goalkeeper' : 'player',
      position: { x: round2((sx[p] as number) / k), y: round2((sy[p] as number) / k) },
      n_frames: k,
    });
  });
  return out.sort(byJersey);
}

/**
 * Ball time per longitudinal third while one team has the ball, the third taken in that team's
 * attacking frame (spec 2.10 `territory`). Needs attacking directions: empty in the camera frame, and
 * when there is no team possession or no ball.
 */
function territory(cols: TrackingColumns, events: readonly ResultEvent[], orientation: Orientation, frameMs: number): TeamReport['territory'] {
  if (orientation.frame === 'camera') return [];
  const spans = (team: TeamLabel): Span[] => normalizeSpans(events.filter((e) => e.type === 'team_possession' && e.team === team).map((e) => ({ start: e.start_ms, end: e.end_ms })));
  const claims = [spans('team_0'), spans('team_1')] as const;
  if (!claims[0].length && !claims[1].length) return [];
  const ms = { defensive_third: 0, middle_third: 0, attacking_third: 0 };
  const cursor = [0, 0];
  let any = false;
  for (let i = 0; i < cols.length; i++) {
    if (cols.role[i] !== ROLE_BALL || !isDetectedStatus(cols.status[i] as number)) continue;
    const t = cols.timestamp[i] as number;
    const holders = [0, 1].filter((k) => {
      const list = claims[k as 0 | 1];
      while ((cursor[k] as number) < list.length && (list[cursor[k] as number] as Span).end <= t) cursor[k] = (cursor[k] as number) + 1;
      const s = list[cursor[k] as number];
      return s !== undefined && s.start <= t;
    });
    if (holders.length !== 1) continue;
    const team = LABELS[holders[0] as number] as TeamLabel;
    const x = orientation.toFrame(team, t, (cols.x[i] as number) / 100, (cols.y[i] as number) / 100).x;
    ms[x < 35 ? 'defensive_third' : x < 70 ? 'middle_third' : 'attacking_third'] += frameMs;
    any = true;
  }
  if (!any) return [];
  return Object.entries(ms).map(([zone, v]) => ({ zone, seconds: round2(v / 1000) })).sort((a, b) => (a.zone < b.zone ? -1 : 1));
}

/**
 * The team report (spec 2.10, TMR-01 to TMR-07) without names: the service lays the names the team
 * mapping resolves over `teams[].name` at read time, so the rest can be cached per analysis.
 */
export function computeTeamReport(input: TeamReportInput): TeamReport {
  const { tracking, events, facts, orientation } = input;
  const possession = computePossession(events, countedSpans(events, analysableSpans(events, facts.duration_ms))).summary;
  return {
    schema_version: REPORT_SCHEMA_VERSION,
    engine_version: facts.engine_version,
    coordinate_frame: orientation.frame,
    orientation_source: orientation.source,
    params: reportParams(facts.frame_ms),
    teams: ([0, 1] as const).map((team) => ({
      team, name: team === 0 ? 'Team 0' : 'Team 1',
      kit: reportKit(facts.team_kits?.[LABELS[team] as TeamLabel]),
      average_positions: averagePositions(tracking, team, orientation),
    })),
    possession: [
      { team: 0, seconds: possession.team_0.seconds, pct: possession.team_0.pct },
      { team: 1, seconds: possession.team_1.seconds, pct: possession.team_1.pct },
      { team: null, seconds: possession.unknown.seconds, pct: possession.unknown.pct },
    ],
    territory: territory(tracking, events, orientation, facts.frame_ms),
    quality: facts.quality,
  };
}
