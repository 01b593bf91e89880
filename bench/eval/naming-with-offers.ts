import type { CorrectedResults, Results } from '../../engine/corrections/apply-corrections.js';
import { CorrectionScript } from './correction-script.js';
import { trackList, type TrackSummary } from '../../engine/corrections/track-list.js';
import { NO_PLAYER, ROLE_GOAL_KEEPER, ROLE_PLAYER, isDetectedStatus, type TrackingColumns } from '../../engine/results/tracking-columns.js';

/** How an analyst's naming went when he takes the names the app offers (bench:naming). */
export interface NamingWithOffers {
  /** Names typed, in the app's list order (the first unnamed track each time). */
  typed: number;
  /** Offered names taken (one click each; with a truth, only the right ones) and declined (the picture shows someone else). */
  accepted: number;
  declined: number;
  /** Share of the player rows carrying an id at the end. */
  covered: number;
}

/**
 * The analyst of the app's review list: while under `cover` of the player rows carry an id, he takes
 * the names the list offers (the engine's tracklet stitching joins an unnamed track to named ones of
 * one id) that are right, declines the others, and when none is left types the name of the first
 * unnamed track, longest seen first. `answer(track)`: the name he types for a track (the truth, or a new
 * id where there is none); null when he cannot tell (the track is skipped). `right(track, name)`:
 * whether an offer is right (null: no truth, every offer is taken). Every correction goes through the
 * service's checks; a refused one is skipped.
 */
export function nameWithOffers(
  results: Results, answer: (k: TrackSummary, now: CorrectedResults) => string | null,
  right: ((k: TrackSummary, name: string, now: CorrectedResults) => boolean) | null, cover = 0.9,
): NamingWithOffers {
  const script = new CorrectionScript(results);
  const skipped = new Set<number>();
  let typed = 0;
  let accepted = 0;
  let declined = 0;
  const refusedOffers = new Set<string>();
  const frameMs = results.facts.frame_ms;
  for (;;) {
    const share = namedShare(script.now.tracking);
    if (share >= cover) break;
    const list = trackList(script.now.tracking, frameMs).filter((k) => k.role !== 'referee' && !skipped.has(k.track_id));
    const offers = list.filter((k) => k.player_id === null && k.suggested_player_id !== null && !refusedOffers.has(`${k.track_id}:${k.suggested_player_id}`));
    let took = false;
    for (const k of offers) {
      const name = k.suggested_player_id as string;
      if (right && !right(k, name, script.now)) {
        declined++;
        refusedOffers.add(`${k.track_id}:${name}`);
      } else if (script.apply({ op: 'name_track', track_id: k.track_id, player_id: name })) {
        accepted++;
        took = true;
      } else {
        refusedOffers.add(`${k.track_id}:${name}`);
      }
    }
    if (took) continue;
    const next = list.find((k) => k.player_id === null);
    if (!next) break;
    const name = answer(next, script.now);
    if (name === null || !script.apply({ op: 'name_track', track_id: next.track_id, player_id: name })) {
      skipped.add(next.track_id);
      continue;
    }
    typed++;
  }
  return { typed, accepted, declined, covered: namedShare(script.now.tracking) };
}

function namedShare(c: TrackingColumns): number {
  let rows = 0;
  let named = 0;
  for (let r = 0; r < c.length; r++) {
    if (!isDetectedStatus(c.status[r] as number) || (c.role[r] !== ROLE_PLAYER && c.role[r] !== ROLE_GOAL_KEEPER)) continue;
    rows++;
    if (c.player[r] !== NO_PLAYER) named++;
  }
  return rows ? named / rows : 1;
}
