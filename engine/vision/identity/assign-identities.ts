import type { NumberDecision } from './number-votes.js';

/** One track as identity resolution sees it. */
export interface TrackSummary {
  track: number;
  /** The engine's squad (0 = team_0) and role from the kit vote; null squad for officials. */
  team: 0 | 1 | null;
  role: 'player' | 'goal_keeper' | 'referee';
  /** First and last frame the track was seen (inclusive). */
  from: number;
  to: number;
  number: NumberDecision | null;
}

export interface Identity {
  /** `<team>-<number>`, or `<team>-GK` for a goalkeeper whose number was not read. */
  playerId: string;
  /** 0-1, the vote's confidence (goalkeepers by role alone: 0.5). */
  confidence: number;
}

/**
 * Tracks to people (spec 2.7 player_id): a track whose number was voted becomes `<team>-<number>`, so
 * the tracks of one player across occlusions and camera cuts join into one identity; a goalkeeper
 * whose number was not read takes the number read on his side's other goalkeeper tracks, else `GK`; officials and unread players stay null (the spec
 * prefers no id to a wrong one). One person is never in two places: of tracks claiming the same id at
 * overlapping times (by more than `overlapFrames`, default 1 s), the most confident keeps it and the
 * others fall back to null.
 */
export function assignIdentities(tracks: readonly TrackSummary[], o: { overlapFrames?: number } = {}): Map<number, Identity> {
  // The tracker sometimes starts a man's new track a few frames before his old one lets go: overlaps
  // this short are a handover, not two places at once.
  const tolerance = o.overlapFrames ?? 25;
  // A side has one goalkeeper on the pitch: the number read on any of his tracks names the others.
  const keeperNumber = new Map<0 | 1, { number: number; confidence: number }>();
  for (const t of tracks) {
    if (t.role !== 'goal_keeper' || t.team === null || !t.number) continue;
    const known = keeperNumber.get(t.team);
    if (!known || t.number.confidence > known.confidence) keeperNumber.set(t.team, t.number);
  }
  const claims = new Map<string, { t: TrackSummary; confidence: number }[]>();
  for (const t of tracks) {
    if (t.team === null || t.role === 'referee') continue;
    let id: string | null = null;
    let confidence = 0;
    if (t.number) {
      id = `${t.team}-${t.number.number}`;
      confidence = t.number.confidence;
    } else if (t.role === 'goal_keeper') {
      id = `${t.team}-${keeperNumber.get(t.team)?.number ?? 'GK'}`;
      confidence = 0.5;
    }
    if (!id) continue;
    const list = claims.get(id) ?? [];
    list.push({ t, confidence });
    claims.set(id, list);
  }
  const out = new Map<number, Identity>();
  for (const [playerId, list] of claims) {
    const kept: TrackSummary[] = [];
    for (const c of [...list].sort((a, b) => b.confidence - a.confidence || (b.t.to - b.t.from) - (a.t.to - a.t.from))) {
      if (kept.some((k) => Math.min(k.to, c.t.to) - Math.max(k.from, c.t.from) >= tolerance)) continue;
      kept.push(c.t);
      out.set(c.t.track, { playerId, confidence: c.confidence });
    }
  }
  return out;
}
