import { assignIdentities, type Identity, type TrackSummary } from './assign-identities.js';
import { stitchTracks, type StitchOptions, type TrackEnds } from './stitch-tracks.js';
import { corroboratedIds } from './corroborated-ids.js';
import type { NumberVotes } from './number-votes.js';
import type { TeamModel, TrackKit } from '../teams/team-assignment.js';
import { parsePlayerId, type AnalysisPlayer } from '../../results/analysis-facts.js';

/** A track's identity with the squad it belongs to (rows of another squad on the track are not him). */
export interface TrackIdentity extends Identity {
  team: 0 | 1;
  role: 'player' | 'goal_keeper';
}

/**
 * What identity resolution knows of each track at the end of the video: its squad and role (the team
 * model's label) and where it began and ended. Tracks without a label (too short for one) are left out.
 */
export function trackEnds(kits: readonly TrackKit[], ends: (track: number) => { first: [number, number]; last: [number, number] } | null, model: TeamModel): TrackEnds[] {
  const out: TrackEnds[] = [];
  for (const k of kits) {
    const label = model.labels.get(k.id);
    const at = ends(k.id);
    if (label && at) out.push({ track: k.id, team: label.team, role: label.role, fromMs: k.firstMs, toMs: k.lastMs, first: at.first, last: at.last, number: null });
  }
  return out;
}

/**
 * A part of a stitched chain named by the chain's readings, not its own, claims the name at this share
 * of the chain's confidence: when two claims to one number overlap in time, a track that read the number
 * itself outranks one that only joined a track that did (a stitch is a guess from where people were).
 */
export const INHERITED_CLAIM = 0.5;

/**
 * Player ids per track at the end of the video: each track's squad, role, span and voted shirt number;
 * tracks stitched into chains (one player lost and found again, stitch-tracks.ts) vote their readings
 * together, so a number read on any part of a chain names all of it; then identity resolution
 * (assign-identities.ts) over the tracks, each claiming its chain's number over its own span (a part
 * that read it itself at its own confidence, the others at INHERITED_CLAIM of the chain's). A chain whose
 * parts read different numbers falls back to its tracks one by one. Last, tracks read only once or twice
 * take the number where the rest of the match backs it (corroborated-ids.ts).
 */
export function trackIdentities(
  ends: readonly TrackEnds[],
  votes: NumberVotes,
  clock: { startMs: number; frameMs: number },
  options: { stitch?: boolean | StitchOptions } = {},
): Map<number, TrackIdentity> {
  const toFrame = (ms: number) => Math.round((ms - clock.startMs) / clock.frameMs);
  const decided = new Map(ends.map((t) => [t.track, votes.decide(t.track)]));
  const tracks = new Map(ends.map((t): [number, TrackEnds] => [t.track, { ...t, number: decided.get(t.track)?.number ?? null }]));
  const one = (t: TrackEnds): TrackSummary => ({ track: t.track, team: t.team, role: t.role, from: toFrame(t.fromMs), to: toFrame(t.toMs), number: decided.get(t.track) ?? null });
  const chains = options.stitch === false
    ? [...tracks.keys()].map((t) => [t])
    : stitchTracks([...tracks.values()], options.stitch === true || options.stitch === undefined ? {} : options.stitch);
  const stitched = new Set(chains.flat());
  const claims: TrackSummary[] = [...tracks.values()].filter((t) => !stitched.has(t.track)).map(one);
  for (const chain of chains) {
    const parts = chain.map((id) => tracks.get(id) as TrackEnds);
    const together = chain.length > 1 ? votes.decideTogether(chain) : null;
    for (const part of parts) {
      const own = decided.get(part.track) ?? null;
      claims.push({ ...one(part), number: own ?? (together ? { ...together, confidence: together.confidence * INHERITED_CLAIM } : null) });
    }
  }
  const ids = assignIdentities(claims);
  // Then tracks read only once or twice, where the rest of the match backs the reading.
  for (const [track, id] of corroboratedIds([...tracks.values()], ids, (t) => votes.readings(t))) ids.set(track, id);
  const out = new Map<number, TrackIdentity>();
  for (const [track, id] of ids) {
    const t = tracks.get(track) as TrackEnds;
    out.set(track, { ...id, team: t.team as 0 | 1, role: t.role === 'goal_keeper' ? 'goal_keeper' : 'player' });
  }
  return out;
}

/**
 * Whether a row of an identified track carries the track's id: only where the row's own squad label is
 * the id's. A stretch of a track relabelled to the other side (the tracker swapped people in a crowd) or
 * to an official is somebody else.
 */
export function rowCarriesId(id: TrackIdentity | undefined, row: { role: string; team: 0 | 1 | null } | null): id is TrackIdentity {
  return id !== undefined && row !== null && row.role !== 'referee' && row.team === id.team;
}

/**
 * The analysis's players (analysis.json `players`) from the identities: one entry per player id, in
 * id order (numbers ascending, then suffixes); a goalkeeper when most of his tracks were.
 */
export function identifiedPlayers(ids: ReadonlyMap<number, TrackIdentity>): AnalysisPlayer[] {
  const seen = new Map<string, { team: 0 | 1; keeper: number; tracks: number }>();
  for (const id of ids.values()) {
    const p = seen.get(id.playerId) ?? { team: id.team, keeper: 0, tracks: 0 };
    p.tracks++;
    if (id.role === 'goal_keeper') p.keeper++;
    seen.set(id.playerId, p);
  }
  return [...seen].map(([playerId, p]): AnalysisPlayer => {
    const jersey = parsePlayerId(playerId)?.jersey ?? null;
    return { player_id: playerId, team: `team_${p.team}`, jersey, role: p.keeper * 2 > p.tracks ? 'goal_keeper' : 'player', name: null };
  }).sort((a, b) => a.player_id.localeCompare(b.player_id, 'en', { numeric: true }));
}
