import { inField, nearGoal, type TeamModel, type TrackLabel } from '../teams/team-assignment.js';
import type { PersonRows } from '../tracking/track-store.js';

/**
 * The Laws' headcount over the row labels of `windowLabels`, where a run of a track's own kit samples
 * relabelled its rows: a striped shirt whose white is hidden for a second samples like the black
 * officials' kit, and an assistant's samples can lie nearer a goalkeeper's kit than the squads'.
 * - One referee in the field of play: in a frame where a track labelled referee (as a whole) is seen
 *   away from the touchlines, another row relabelled referee from a player's track keeps its track's
 *   label.
 * - A goalkeeper stands near his goal: a row relabelled goalkeeper from another role's track, away
 *   from both goals, keeps its track's label.
 * Both matter where an official's kit and a squad's look alike (a black referee, a black-and-white
 * striped away side; docs/benchmarks.md, "Measured reasons moved from code comments"). `labels` is
 * changed in place.
 */
export function settleOddRoles(rows: PersonRows, labels: (TrackLabel | null)[], model: TeamModel): void {
  const trackLabel = (n: number) => {
    const t = rows.track[n] as number;
    return t >= 0 ? (model.labels.get(t) ?? null) : null;
  };
  for (const [from, to] of rows.frameRanges()) {
    let refereeTrackSeen = false;
    for (let n = from; n < to; n++) {
      if (labels[n]?.role === 'referee' && trackLabel(n)?.role === 'referee' && inField(rows.y[n] as number)) refereeTrackSeen = true;
    }
    for (let n = from; n < to; n++) {
      const own = trackLabel(n);
      const row = labels[n];
      if (!own || !row || row.role === own.role) continue;
      if (row.role === 'referee' && own.role === 'player' && refereeTrackSeen && inField(rows.y[n] as number)) labels[n] = own;
      else if (row.role === 'goal_keeper' && !nearGoal(rows.x[n] as number, rows.y[n] as number)) labels[n] = own;
    }
  }
}
