import { PLAYER_ID_PATTERN, parsePlayerId } from '../results/analysis-facts.js';
import { EVENT_TYPES, type ResultEvent } from '../results/result-events.js';
import { ROLE_REFEREE, isDetectedStatus, type TrackingColumns } from '../results/tracking-columns.js';
import type { Correction, CorrectionProblem, EventFields } from './correction-types.js';
import type { CorrectedResults } from './apply-corrections.js';
import { majoritySquad, rowSquads } from '../results/row-identity.js';
import { propertiesProblem } from './event-properties.js';

const notFound = (message: string): CorrectionProblem => ({ code: 'not_found', message });
const conflict = (message: string): CorrectionProblem => ({ code: 'conflict', message });
const invalid = (message: string): CorrectionProblem => ({ code: 'invalid', message });

/** A track's rows in the corrected results: their indices, first and last time, squad and role by majority. */
interface TrackRows {
  rows: number[];
  team: 0 | 1 | null;
  referee: boolean;
}

function trackRows(c: TrackingColumns, track: number): TrackRows | null {
  const squadOf = rowSquads(c);
  const rows: number[] = [];
  const teams = [0, 0, 0];
  let referee = 0;
  for (let r = 0; r < c.length; r++) {
    if (c.track[r] !== track) continue;
    rows.push(r);
    const t = squadOf(r);
    teams[t < 0 ? 2 : t] = (teams[t < 0 ? 2 : t] as number) + 1;
    if (c.role[r] === ROLE_REFEREE) referee++;
  }
  if (!rows.length) return null;
  return { rows, team: majoritySquad(teams as [number, number, number]), referee: referee * 2 > rows.length };
}

/** Moments (ms) at which `rows` are detected: two tracks detected at one moment are two people. */
function detectedTimes(c: TrackingColumns, rows: readonly number[]): Set<number> {
  const out = new Set<number>();
  for (const r of rows) if (isDetectedStatus(c.status[r] as number)) out.add(c.timestamp[r] as number);
  return out;
}

const teamLabel = (t: 0 | 1) => `team_${t}`;

/**
 * Whether a correction can apply to the results as they are now corrected, and if not, why: an unknown
 * track or event (`not_found`), something that contradicts the results (`conflict`: a merge of tracks
 * seen at the same moment, an id of the other squad, one player in two places), or a malformed one
 * (`invalid`: a time outside the video or the track, an id that is not `<team>-<jersey>`). Null: it applies.
 */
export function checkCorrection(k: Correction, now: CorrectedResults): CorrectionProblem | null {
  const c = now.tracking;
  const track = (id: number) => trackRows(c, id);
  switch (k.op) {
    case 'name_track': {
      const t = track(k.track_id);
      if (!t) return notFound(`track ${k.track_id} not found`);
      if (k.player_id === null) return null;
      const parsed = PLAYER_ID_PATTERN.test(k.player_id) ? parsePlayerId(k.player_id) : null;
      if (!parsed) return invalid(`player_id must be <team>-<jersey> (e.g. 0-10, 1-GK), not ${JSON.stringify(k.player_id)}`);
      if (t.referee) return conflict(`track ${k.track_id} is an official's: set its role to player first`);
      if (t.team !== null && t.team !== parsed.team) {
        return conflict(`track ${k.track_id} plays for ${teamLabel(t.team)}, and ${k.player_id} is a ${teamLabel(parsed.team)} id: change the track's squad first`);
      }
      const p = c.players.indexOf(k.player_id);
      if (p >= 0) {
        const mine = detectedTimes(c, t.rows);
        for (let r = 0; r < c.length; r++) {
          if (c.player[r] === p && c.track[r] !== k.track_id && isDetectedStatus(c.status[r] as number) && mine.has(c.timestamp[r] as number)) {
            return conflict(`${k.player_id} is on track ${c.track[r]} at ${c.timestamp[r]} ms, when track ${k.track_id} is seen too: one player cannot be in two places`);
          }
        }
      }
      return null;
    }
    case 'set_track_squad':
    case 'set_track_role':
      return track(k.track_id) ? null : notFound(`track ${k.track_id} not found`);
    case 'split_track': {
      const t = track(k.track_id);
      if (!t) return notFound(`track ${k.track_id} not found`);
      const first = c.timestamp[t.rows[0] as number] as number;
      const last = c.timestamp[t.rows[t.rows.length - 1] as number] as number;
      if (!(k.at_ms > first && k.at_ms <= last)) {
        return invalid(`at_ms ${k.at_ms} is outside track ${k.track_id}, which runs from ${first} to ${last} ms: a split needs rows on both sides`);
      }
      return null;
    }
    case 'merge_tracks': {
      if (k.track_id === k.into_track_id) return invalid('a track cannot be merged into itself');
      const a = track(k.track_id);
      if (!a) return notFound(`track ${k.track_id} not found`);
      const b = track(k.into_track_id);
      if (!b) return notFound(`track ${k.into_track_id} not found`);
      const seen = detectedTimes(c, b.rows);
      for (const r of a.rows) {
        const t = c.timestamp[r] as number;
        if (isDetectedStatus(c.status[r] as number) && seen.has(t)) {
          return conflict(`tracks ${k.track_id} and ${k.into_track_id} are both seen at ${t} ms: they are two people`);
        }
      }
      return null;
    }
    case 'swap_squads':
      return null;
    case 'add_event':
      return checkFields(k.event, now, true);
    case 'delete_event':
      return now.events.some((e) => e.event_id === k.event_id) ? null : notFound(`event ${k.event_id} not found`);
    case 'edit_event': {
      const e = now.events.find((x) => x.event_id === k.event_id);
      if (!e) return notFound(`event ${k.event_id} not found`);
      return checkFields({ ...e, ...k.changes }, now, false, k.changes.properties === undefined ? undefined : e);
    }
  }
}

/** `before`: the event edited, when the edit gives properties (checked against its own); none for a new event. */
function checkFields(f: Partial<EventFields> & Pick<ResultEvent, 'start_ms'>, now: CorrectedResults, whole: boolean, before?: ResultEvent): CorrectionProblem | null {
  const duration = now.facts.duration_ms;
  if (whole && !(EVENT_TYPES as readonly string[]).includes(f.type as string)) return invalid(`type must be one of ${EVENT_TYPES.join(', ')}`);
  if ((whole || before) && f.type && f.properties) {
    const problem = propertiesProblem(f.type, f.properties, before?.properties);
    if (problem) return invalid(problem);
  }
  const end = f.end_ms ?? f.start_ms;
  if (!Number.isInteger(f.start_ms) || !Number.isInteger(end) || f.start_ms < 0 || end > duration || end < f.start_ms) {
    return invalid(`start_ms and end_ms must be whole ms with 0 <= start_ms <= end_ms <= ${duration} (the analysed timeline)`);
  }
  if (f.player_id) {
    const parsed = PLAYER_ID_PATTERN.test(f.player_id) ? parsePlayerId(f.player_id) : null;
    if (!parsed) return invalid(`player_id must be <team>-<jersey> (e.g. 0-10, 1-GK), not ${JSON.stringify(f.player_id)}`);
    if (f.team && f.team !== teamLabel(parsed.team)) return conflict(`${f.player_id} plays for ${teamLabel(parsed.team)}, not ${f.team}`);
    if (!now.tracking.players.includes(f.player_id) && !now.facts.players.some((p) => p.player_id === f.player_id)) {
      return notFound(`player ${f.player_id} is not in this analysis: name a track ${f.player_id} first`);
    }
  }
  return null;
}

