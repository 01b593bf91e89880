import type { Identity } from './assign-identities.js';
import { MIN_VOTES, voteConfidence } from './number-votes.js';
import { STITCH_DEFAULTS, type TrackEnds } from './stitch-tracks.js';

export interface CorroborationOptions {
  /** How far a player can get between two sightings: `slackM + speedMps x gap` (stitch-tracks.ts's bounds). */
  speedMps?: number;
  slackM?: number;
  /** Overlaps this short (ms) are a handover between two tracks of one man, not two places at once. */
  overlapMs?: number;
}

/**
 * Tracks with fewer sure readings than a vote needs (one or two, all of one number) named when
 * everything else known about that player agrees: the id was voted on other tracks of the match (a
 * number nobody else reads is more likely a misreading), none of its tracks runs at the same time,
 * and the track begins within reach of where the player was last seen before it and ends within
 * reach of where he is next seen. A lone reading is right about three times in four on the rendered
 * 10-minute fixture; these checks remove most of the wrong ones (docs/benchmarks.md). Claims are
 * taken the best-read and longest first, each then binding the next. Returns the new ids, with the
 * vote's confidence formula (voteConfidence) for so few readings.
 */
export function corroboratedIds(
  tracks: readonly TrackEnds[],
  named: ReadonlyMap<number, Identity>,
  readingsOf: (track: number) => readonly { number: number; confidence: number }[],
  o: CorroborationOptions = {},
): Map<number, Identity> {
  const speed = o.speedMps ?? STITCH_DEFAULTS.speedMps;
  const slack = o.slackM ?? STITCH_DEFAULTS.slackM;
  const overlap = o.overlapMs ?? 1000;
  const byTrack = new Map(tracks.map((t) => [t.track, t]));
  const spans = new Map<string, TrackEnds[]>();
  for (const [track, id] of named) {
    const t = byTrack.get(track);
    if (t) spans.set(id.playerId, [...(spans.get(id.playerId) ?? []), t]);
  }
  const candidates: { t: TrackEnds; playerId: string; votes: number; confidence: number }[] = [];
  for (const t of tracks) {
    if (named.has(t.track) || t.team === null || t.role === 'referee') continue;
    const readings = readingsOf(t.track);
    if (readings.length === 0 || readings.length >= MIN_VOTES) continue;
    const number = (readings[0] as { number: number }).number;
    if (readings.some((r) => r.number !== number)) continue;
    const playerId = `${t.team}-${number}`;
    if (!spans.has(playerId)) continue;
    const weight = readings.reduce((s, r) => s + r.confidence, 0);
    candidates.push({ t, playerId, votes: readings.length, confidence: voteConfidence(weight, weight, readings.length) });
  }
  candidates.sort((a, b) => b.votes - a.votes || (b.t.toMs - b.t.fromMs) - (a.t.toMs - a.t.fromMs));
  const reach = (p: readonly [number, number], q: readonly [number, number], ms: number) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= slack + (speed * Math.max(0, ms)) / 1000;
  const out = new Map<number, Identity>();
  for (const c of candidates) {
    const others = spans.get(c.playerId) as TrackEnds[];
    const { t } = c;
    if (others.some((s) => Math.min(s.toMs, t.toMs) - Math.max(s.fromMs, t.fromMs) > overlap)) continue;
    let before: TrackEnds | null = null;
    let after: TrackEnds | null = null;
    for (const s of others) {
      if (s.toMs <= t.fromMs + overlap && (!before || s.toMs > before.toMs)) before = s;
      if (s.fromMs >= t.toMs - overlap && (!after || s.fromMs < after.fromMs)) after = s;
    }
    if (before && !reach(before.last, t.first, t.fromMs - before.toMs)) continue;
    if (after && !reach(t.last, after.first, after.fromMs - t.toMs)) continue;
    out.set(t.track, { playerId: c.playerId, confidence: c.confidence });
    others.push(t);
  }
  return out;
}
