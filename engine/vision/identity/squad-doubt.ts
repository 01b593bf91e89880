import type { TrackEnds } from './stitch-tracks.js';

/**
 * A track whose rows, each labelled by its own kit samples, name another squad than the track's own
 * this share of the time or more has a squad in doubt: its shirt number names a player of which side?
 * On two white kits told apart by stripes and shorts (the rendered 3-minute fixture) such tracks carried
 * two thirds of the wrong ids; refusing them cost 0.27% of rows their right id and took 2.67% of rows off
 * a wrong one (chosen there: a share of 0.1 or 0.3 kept under half of that; docs/benchmarks.md).
 */
export const SQUAD_DOUBT_SHARE = 0.2;

/**
 * The tracks whose squad is in doubt. `rowTrack[n]` and `rowTeam[n]` are row n's track (-1: none) and
 * squad (null: an official's row, or no label); `trackTeam` is each track's own squad.
 */
export function tracksInSquadDoubt(
  rowTrack: ArrayLike<number>, rowTeam: (n: number) => 0 | 1 | null, trackTeam: (track: number) => 0 | 1 | null,
  share = SQUAD_DOUBT_SHARE,
): Set<number> {
  const counts = new Map<number, { own: number; other: number }>();
  for (let n = 0; n < rowTrack.length; n++) {
    const track = rowTrack[n] as number;
    const team = rowTeam(n);
    if (track < 0 || team === null) continue;
    const own = trackTeam(track);
    if (own === null) continue;
    const c = counts.get(track) ?? { own: 0, other: 0 };
    if (team === own) c.own++;
    else c.other++;
    counts.set(track, c);
  }
  const out = new Set<number>();
  for (const [track, c] of counts) if (c.other >= share * (c.own + c.other)) out.add(track);
  return out;
}

/** The tracks as identity resolution sees them, those in squad doubt without a squad (so without an id). */
export function withoutDoubtfulSquads(ends: readonly TrackEnds[], doubtful: ReadonlySet<number>): TrackEnds[] {
  return ends.map((e) => (doubtful.has(e.track) ? { ...e, team: null } : e));
}
