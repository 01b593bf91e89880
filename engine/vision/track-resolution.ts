import { despikeTracks } from './tracking/despike-tracks.js';
import { mergeCuts, unreachableCuts } from './tracking/unreachable-steps.js';
import type { PersonRows, TrackKits } from './tracking/track-store.js';
import { windowLabels } from './tracking/track-store.js';
import { assignTeams, type TeamModel, type TrackKit, type TrackLabel } from './teams/team-assignment.js';
import { squadKits } from './teams/squad-kits.js';
import type { KitColours } from './teams/preview-kits.js';
import { switchCuts } from './identity/split-switched-tracks.js';
import { cutTracks, lastTrackId, type TrackCuts } from './identity/track-cuts.js';
import { settleOddRoles } from './identity/settle-odd-roles.js';
import { relabelUnnumberedOfficials, squadLikeOfficials } from './identity/unnumbered-officials.js';
import { tracksInSquadDoubt, withoutDoubtfulSquads } from './identity/squad-doubt.js';
import { trackEnds, trackIdentities, type TrackIdentity } from './identity/track-identities.js';
import type { ShirtReading } from './identity/shirt-reading.js';
import type { TrackEnds } from './identity/stitch-tracks.js';

export interface TrackResolutionOptions {
  /** The analysis timeline's first frame (ms of the video file) and the frame step. */
  startMs: number;
  frameMs: number;
  /** Tracklet stitching before identities (default on). */
  stitch?: boolean;
}

/** Who every track of the video is, once the frame loop is over. */
export interface ResolvedTracks {
  /** Which part of a cut track a frame belongs to (tracks that changed hands or needed an impossible step). */
  cuts: TrackCuts;
  /** Cuts made because a step was physically impossible, per track (frames). */
  unreachable: Map<number, number[]>;
  /** Each track's kit summary (after the cuts). */
  trackKits: TrackKit[];
  /** Squads and roles per track; null when no two squads were found. */
  model: TeamModel | null;
  /** Per person row, its squad and role (a track that changed hands changes label where its kit does). */
  rowLabels: (TrackLabel | null)[] | null;
  /** Rows relabelled referee because their shirts, seen large many times, never showed a number. */
  unnumbered: number;
  /** The two squads' kits (team_0 first). */
  teamKits: [KitColours, KitColours] | null;
  /** Each track as identity resolution saw it. */
  ends: TrackEnds[];
  /** Player ids per track. */
  ids: Map<number, TrackIdentity>;
  timingsMs: { cuts: number; identity: number };
}

/**
 * The end-of-video stages over the tracks, in data-flow order: spikes filtered out of each track; tracks
 * cut where their shirts show they changed hands or where they would need a movement nobody can make;
 * squads and roles per track and per row, the Laws' headcount, officials without numbers; then player
 * ids from the shirt-number votes (tracks whose squad is in doubt get none). `people` and the votes are
 * changed in place (cut tracks get new ids).
 */
export function resolveTracks(people: PersonRows, kits: TrackKits, shirts: ShirtReading | null, o: TrackResolutionOptions): ResolvedTracks {
  let t0 = performance.now();
  // Foot points misplaced for a frame or two are spikes in speed and distance: filtered out of each
  // track before anything reads the positions.
  despikeTracks(people);
  const unreachable = unreachableCuts(people);
  const cuts = cutTracks(people, mergeCuts(shirts ? switchCuts(people, shirts.votes) : new Map(), unreachable), lastTrackId(people) + 1, shirts?.votes);
  if (cuts.count) kits.recount(cuts.touched, people, (frame) => o.startMs + frame * o.frameMs);
  const cutsMs = performance.now() - t0;

  const trackKits = kits.kits();
  const model = assignTeams(trackKits);
  const rowLabels = model ? windowLabels(people, model) : null;
  if (model && rowLabels) settleOddRoles(people, rowLabels, model);
  const unnumbered = model && rowLabels && shirts
    ? relabelUnnumberedOfficials(people, rowLabels, squadLikeOfficials(trackKits, model),
      shirts.sightings.map((s) => ({ ...s, track: cuts.at(s.track, s.frame) })))
    : 0;
  const teamKits = model ? squadKits(model, trackKits) : null;

  t0 = performance.now();
  // A track whose rows' own kit samples often name the other squad gets no squad for identity: its
  // number would name a player of which side? (identity/squad-doubt.ts)
  const doubtful = model && rowLabels
    ? tracksInSquadDoubt(people.track.subarray(0, people.length), (n) => rowLabels[n]?.team ?? null, (t) => model.labels.get(t)?.team ?? null)
    : new Set<number>();
  const ends = model ? withoutDoubtfulSquads(trackEnds(trackKits, (t) => kits.ends(t), model), doubtful) : [];
  const ids = model && shirts
    ? trackIdentities(ends, shirts.votes, { startMs: o.startMs, frameMs: o.frameMs }, { stitch: o.stitch !== false })
    : new Map<number, TrackIdentity>();
  return { cuts, unreachable, trackKits, model, rowLabels, unnumbered, teamKits, ends, ids, timingsMs: { cuts: cutsMs, identity: performance.now() - t0 } };
}
