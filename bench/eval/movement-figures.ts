import { ROLE_GOAL_KEEPER, ROLE_PLAYER, NO_TRACK, isDetectedStatus, type TrackingColumns } from '../../engine/results/tracking-columns.js';
import { smoothedSpeeds, type TrackSample } from './smoothed-speeds.js';
import type { EngineRow } from './eval-types.js';
import { isDetected } from './match-detections.js';

/** Whether a run's movement is one a coach would believe (issue 31): the figures, per clip. */
export interface MovementFigures {
  /** Steps between consecutive detected rows of one track (players and goalkeepers). */
  steps: number;
  /** Of those, steps faster than 10 m/s. */
  fastSteps: number;
  /** The fastest smoothed speed of any track, km/h (speeds as the reports compute them). */
  topSpeedKmh: number;
  /**
   * Sprint distance (at 21 km/h or more, the reports' bucket) per 90 minutes seen, metres, over tracks
   * seen a minute or more (a few seconds' sprint scaled to 90 minutes says nothing): the largest and the median.
   */
  sprintPer90Max: number;
  sprintPer90Median: number;
  /** Tracks seen a minute or more (the sprint figures' base). */
  longTracks: number;
}

const SPRINT_MPS = 21 / 3.6;
const MIN_SEEN_S = 60;

/**
 * The movement figures of an engine run from its rows: raw steps of each track's detected rows, and
 * speeds as the reports see them (9-frame Savitzky-Golay, smoothed-speeds.ts). Tracks, not player ids:
 * most people on real footage carry no id, and a track is one person as the tracker saw them.
 */
export function movementFigures(c: TrackingColumns, frameMs = 40): MovementFigures {
  const byTrack = new Map<number, TrackSample[]>();
  for (let i = 0; i < c.length; i++) {
    const role = c.role[i] as number;
    if (role !== ROLE_PLAYER && role !== ROLE_GOAL_KEEPER) continue;
    if (!isDetectedStatus(c.status[i] as number) || c.track[i] === NO_TRACK) continue;
    const series = byTrack.get(c.track[i] as number) ?? [];
    series.push({ t: c.timestamp[i] as number, x: (c.x[i] as number) / 100, y: (c.y[i] as number) / 100 });
    byTrack.set(c.track[i] as number, series);
  }
  return figuresOfTracks(byTrack.values(), frameMs);
}

/**
 * The same figures from evaluator rows (an engine run's or the truth's, bench:engine): players' and
 * goalkeepers' detected rows, by the tracker's id (the truth's rows carry none: by the player's).
 */
export function rowMovementFigures(rows: readonly EngineRow[], frameMs = 40): MovementFigures {
  const byTrack = new Map<string, TrackSample[]>();
  for (const r of rows) {
    if ((r.role !== 'player' && r.role !== 'goal_keeper') || !isDetected(r)) continue;
    const key = r.track_id ?? r.player_id;
    if (key === null || key === undefined) continue;
    const series = byTrack.get(key) ?? [];
    series.push({ t: r.timestamp, x: r.x / 100, y: r.y / 100 });
    byTrack.set(key, series);
  }
  for (const series of byTrack.values()) series.sort((a, b) => a.t - b.t);
  return figuresOfTracks(byTrack.values(), frameMs);
}

function figuresOfTracks(tracks: Iterable<TrackSample[]>, frameMs: number): MovementFigures {
  let steps = 0;
  let fastSteps = 0;
  let top = 0;
  const per90: number[] = [];
  for (const series of tracks) {
    for (let k = 1; k < series.length; k++) {
      const a = series[k - 1] as TrackSample;
      const b = series[k] as TrackSample;
      if (b.t - a.t !== frameMs) continue;
      steps++;
      if (Math.hypot(b.x - a.x, b.y - a.y) / (frameMs / 1000) > 10) fastSteps++;
    }
    const speeds = smoothedSpeeds([series], frameMs);
    for (const v of speeds) top = Math.max(top, v);
    const seenS = (speeds.length * frameMs) / 1000;
    if (seenS < MIN_SEEN_S) continue;
    let sprint = 0;
    for (const v of speeds) if (v >= SPRINT_MPS) sprint += (v * frameMs) / 1000;
    per90.push((sprint / seenS) * 5400);
  }
  per90.sort((a, b) => a - b);
  return {
    steps, fastSteps, topSpeedKmh: top * 3.6,
    sprintPer90Max: per90.length ? (per90[per90.length - 1] as number) : 0,
    sprintPer90Median: per90.length ? (per90[per90.length >> 1] as number) : 0,
    longTracks: per90.length,
  };
}

/** One table row's cells after the clip's name. */
export function movementCells(m: MovementFigures): string {
  const share = m.steps ? (100 * m.fastSteps) / m.steps : 0;
  return `${share.toFixed(2)}% of ${m.steps} | ${m.topSpeedKmh.toFixed(1)} km/h | ${m.longTracks ? `${Math.round(m.sprintPer90Max)} / ${Math.round(m.sprintPer90Median)} m (${m.longTracks} tracks)` : 'n/a'} |`;
}
