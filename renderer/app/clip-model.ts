/**
 * The clip builder's logic, apart from React: conditions as a person sets them, the query-intervals
 * body they become, the playlist that plays the results back to back, and the two export formats
 * (CSV for spreadsheets, a CMX 3600 edit decision list for editing software).
 */
export type ConditionKind = 'team_possession' | 'player_possession' | 'ball_action' | 'ball_location' | 'match_timeline' | 'scene';
export const CONDITION_KINDS: ConditionKind[] = ['team_possession', 'player_possession', 'ball_action', 'ball_location', 'match_timeline', 'scene'];
export type Third = 'defensive' | 'middle' | 'attacking';
export type BallActionKind = 'pass' | 'drive' | 'shot';

export interface Condition {
  kind: ConditionKind;
  team: 'team_0' | 'team_1';
  player: string;
  actions: BallActionKind[];
  third: Third;
  period: 'first_half' | 'second_half';
  analysable: boolean;
}

export interface Interval {
  start: number;
  end: number;
  label: string;
  type: string;
  player_id?: string;
  team_id?: string;
}

export function newCondition(kind: ConditionKind, firstPlayer = ''): Condition {
  return { kind, team: 'team_0', player: firstPlayer, actions: ['pass', 'drive', 'shot'], third: 'attacking', period: 'first_half', analysable: true };
}

/** x bounds (metres) of a third, read with the team attacking left to right (team_side_perspective). */
const THIRD_X: Record<Third, [number, number]> = { defensive: [0, 35], middle: [35, 70], attacking: [70, 105] };

/** One condition as a query-intervals filter (docs/api.md, Query intervals). */
export function toFilter(c: Condition): Record<string, unknown> {
  switch (c.kind) {
    case 'team_possession': return { type: 'team_possession', teams: [c.team] };
    case 'player_possession': return { type: 'player_possession', players: [c.player] };
    case 'ball_action': return { type: 'ball_action', actions: c.actions, teams: [c.team] };
    case 'ball_location': {
      const [xMin, xMax] = THIRD_X[c.third];
      return { type: 'ball_location', x_min: xMin, x_max: xMax, team_side_perspective: c.team };
    }
    case 'match_timeline': return { type: 'match_timeline', periods: [c.period] };
    case 'scene': return { type: 'scene', is_analysable: c.analysable };
  }
}

/** What a condition cannot be sent as, in the person's words; null when it is complete. */
export function conditionProblem(c: Condition): 'noPlayer' | 'noAction' | null {
  if (c.kind === 'player_possession' && !c.player) return 'noPlayer';
  if (c.kind === 'ball_action' && c.actions.length === 0) return 'noAction';
  return null;
}

export function queryBody(conditions: Condition[], operator: 'AND' | 'OR', padSec: number): Record<string, unknown> {
  return { operator, pad_sec: padSec, filters: conditions.map(toFilter) };
}

/** The interval to play at video time `t` of a back-to-back playlist, or the next one to jump to. */
export function playlistStep(intervals: readonly Interval[], current: number, t: number): { index: number; seekTo: number | null } | null {
  const now = intervals[current];
  if (!now) return null;
  if (t < now.end - 0.02 && t >= now.start - 0.5) return { index: current, seekTo: null };
  if (t < now.start) return { index: current, seekTo: now.start };
  const next = intervals[current + 1];
  return next ? { index: current + 1, seekTo: next.start } : null;
}

export const totalSeconds = (intervals: readonly Interval[]) => intervals.reduce((s, iv) => s + (iv.end - iv.start), 0);

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One row per interval; times in seconds and as clock text, so a spreadsheet and a person both read it. */
export function intervalsCsv(intervals: readonly Interval[]): string {
  const head = ['index', 'start_sec', 'end_sec', 'duration_sec', 'start', 'end', 'label', 'type', 'player_id', 'team_id'];
  const rows = intervals.map((iv, k) => [k + 1, iv.start.toFixed(3), iv.end.toFixed(3), (iv.end - iv.start).toFixed(3), clock(iv.start), clock(iv.end), iv.label, iv.type, iv.player_id ?? '', iv.team_id ?? '']);
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** m:ss.s, as a person reads a match clock. */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s < 10 ? '0' : ''}${s.toFixed(1)}`;
}

/** HH:MM:SS:FF at 25 frames per second (non-drop: PAL). */
export function timecode(seconds: number): string {
  const frames = Math.round(seconds * 25);
  const ff = frames % 25;
  const total = Math.floor(frames / 25);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}:${pad(ff)}`;
}

/**
 * CMX 3600 EDL: one video cut per interval, placed back to back on the record side, each with its
 * label as a comment. `reel` names the source clip (8 characters at most, as the format allows).
 */
export function intervalsEdl(intervals: readonly Interval[], title: string, sourceName: string): string {
  const reel = (sourceName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_]/g, '').toUpperCase() || 'AX').slice(0, 8).padEnd(8, ' ');
  const lines = [`TITLE: ${title.replace(/[\r\n]/g, ' ').slice(0, 70)}`, 'FCM: NON-DROP FRAME', ''];
  let record = 0;
  intervals.forEach((iv, k) => {
    const length = iv.end - iv.start;
    lines.push(`${String(k + 1).padStart(3, '0')}  ${reel} V     C        ${timecode(iv.start)} ${timecode(iv.end)} ${timecode(record)} ${timecode(record + length)}`);
    lines.push(`* FROM CLIP NAME: ${sourceName}`);
    lines.push(`* COMMENT: ${iv.label}${iv.player_id ? ` ${iv.player_id}` : ''}`);
    lines.push('');
    record += length;
  });
  return lines.join('\r\n');
}
