import type { AnalysisQuality, QualityReason } from '../results/analysis-facts.js';
import type { ResultEvent } from '../results/result-events.js';
import { NO_PLAYER, NO_TEAM, ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns } from '../results/tracking-columns.js';
import { analysableSpans } from '../metrics/match-stats.js';
import { movementPlausibility } from '../metrics/movement-plausibility.js';

export type Quality = AnalysisQuality;

/**
 * The signals, each a share 0-1 of the footage it is measured over, with the share a good analysis
 * reaches (its target), its weight in the score, and the reason it gives when short of the target.
 * In the spirit of the data-quality checks of tracking libraries (kloppy, floodlight): is the pitch
 * located, are people and the ball found, do rows carry squads and identities.
 */
const SIGNALS = [
  { code: 'pitch_not_located', target: 0.97, weight: 0.35, major: 0.8 },
  { code: 'few_players_detected', target: 0.9, weight: 0.2, major: 0.6 },
  { code: 'ball_not_found', target: 0.8, weight: 0.2, major: 0.5 },
  { code: 'identities_unresolved', target: 0.8, weight: 0.15, major: 0.3 },
  { code: 'teams_unresolved', target: 0.95, weight: 0.1, major: 0.7 },
] as const;

/** A broadcast camera shows about half the pitch: fewer people than this in a located frame is a miss. */
const MIN_PEOPLE = 6;
/**
 * Shares of the rows' steps that nobody can make (metrics/movement-plausibility.ts) above which the
 * physical figures are not believable: over the first the grade is at most `fair`, over the second at
 * most `degraded`, whatever the other signals say (speeds and distances are what a coach reads first).
 */
const IMPLAUSIBLE_MINOR = 0.01;
const IMPLAUSIBLE_MAJOR = 0.05;

/** A stretch shorter than a second is noise, not a segment a person would look at. */
const MIN_SEGMENT_MS = 1000;

export function gradeOf(score: number): Quality['grade'] {
  return score >= 85 ? 'good' : score >= 70 ? 'fair' : score >= 50 ? 'degraded' : 'unreliable';
}

/**
 * How far an analysis's results can be trusted (0-100, with reasons). Measured over the analysable
 * footage (scene spans; all of it for imports), frame by frame:
 * - located: the frame has positions (the camera was calibrated);
 * - people: a located frame shows at least six players, goalkeepers or referees;
 * - ball: a located frame has the ball;
 * - identities / teams: the share of player rows carrying a player id / a squad.
 * The score is the weighted mean of each share against its target (capped at 1), times 100; a share
 * under its target adds a reason (`major` under its major floor) with its segments and impact. Rows that
 * need movements nobody can make (`movement_implausible`) cap the score (IMPLAUSIBLE_MINOR/MAJOR).
 */
export function computeQuality(cols: TrackingColumns, events: readonly ResultEvent[], durationMs: number, frameMs: number): Quality {
  const frames = Math.max(0, Math.ceil(durationMs / frameMs));
  const analysable = new Uint8Array(frames);
  for (const s of analysableSpans(events, durationMs)) analysable.fill(1, Math.floor(s.start / frameMs), Math.min(frames, Math.ceil(s.end / frameMs)));
  const people = new Uint16Array(frames);
  const located = new Uint8Array(frames);
  const ball = new Uint8Array(frames);
  let playerRows = 0;
  let withId = 0;
  let withTeam = 0;
  for (let i = 0; i < cols.length; i++) {
    if (!isDetectedStatus(cols.status[i] as number)) continue;
    const f = Math.floor((cols.timestamp[i] as number) / frameMs);
    if (f < 0 || f >= frames) continue;
    located[f] = 1;
    const role = cols.role[i] as number;
    if (role === ROLE_BALL) {
      ball[f] = 1;
      continue;
    }
    people[f] = (people[f] as number) + 1;
    if (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) continue;
    playerRows++;
    if (cols.player[i] !== NO_PLAYER) withId++;
    if (cols.team[i] !== NO_TEAM || cols.player[i] !== NO_PLAYER) withTeam++;
  }
  const live = analysable.reduce((n, v) => n + v, 0);
  if (live === 0) return { score: 0, grade: 'unreliable', reasons: [{ code: 'no_analysable_footage', severity: 'major', segments: null, impact: 100 }] };

  // Per-frame misses over the frames each signal is measured on; rows give shares directly.
  const miss = (over: (f: number) => boolean, bad: (f: number) => boolean) => {
    let n = 0;
    let missed = 0;
    let run = 0;
    let segments = 0;
    const minRun = Math.ceil(MIN_SEGMENT_MS / frameMs);
    for (let f = 0; f <= frames; f++) {
      const counted = f < frames && over(f);
      const isBad = counted && bad(f);
      if (counted) n++;
      if (isBad) {
        missed++;
        run++;
      } else if (counted || f === frames) {
        if (run >= minRun) segments++;
        run = 0;
      }
    }
    return { share: n ? 1 - missed / n : 1, segments };
  };
  const isLive = (f: number) => analysable[f] === 1;
  const isLocated = (f: number) => analysable[f] === 1 && located[f] === 1;
  const measured = [
    miss(isLive, (f) => located[f] === 0),
    miss(isLocated, (f) => (people[f] as number) < MIN_PEOPLE),
    miss(isLocated, (f) => ball[f] === 0),
    { share: playerRows ? withId / playerRows : 0, segments: null },
    { share: playerRows ? withTeam / playerRows : 0, segments: null },
  ];
  let score = 0;
  const reasons: QualityReason[] = [];
  SIGNALS.forEach((s, k) => {
    const m = measured[k] as { share: number; segments: number | null };
    score += s.weight * Math.min(1, m.share / s.target);
    if (m.share < s.target) {
      reasons.push({ code: s.code, severity: m.share < s.major ? 'major' : 'minor', segments: m.segments, impact: Math.round(100 * (1 - m.share)) });
    }
  });
  let rounded = Math.round(score * 1000) / 10;
  const movement = movementPlausibility(cols);
  const implausible = movement.steps ? movement.impossible / movement.steps : 0;
  if (implausible > IMPLAUSIBLE_MINOR) {
    const major = implausible > IMPLAUSIBLE_MAJOR;
    reasons.push({ code: 'movement_implausible', severity: major ? 'major' : 'minor', segments: null, impact: Math.max(1, Math.round(100 * implausible)) });
    rounded = Math.min(rounded, major ? 69.9 : 84.9);
  }
  return { score: rounded, grade: gradeOf(rounded), reasons };
}
