import { NO_PLAYER, NO_TEAM, NO_TRACK, ROLE_BALL, ROLE_PLAYER, TrackingBuilder, type TrackingColumns } from '../../../engine/results/tracking-columns.js';
import type { AnalysisFacts } from '../../../engine/results/analysis-facts.js';
import type { ResultEvent } from '../../../engine/results/result-events.js';
import type { Results } from '../../../engine/corrections/apply-corrections.js';

/**
 * A small analysis: track 1 is `0-10` (team 0) from 0 to 400 ms, track 2 an unnamed team-0 player at the
 * same moments, track 3 an unnamed team-1 player from 440 to 800 ms, and the ball (no track) throughout.
 */
export function smallResults(): Results {
  const b = new TrackingBuilder(64);
  const p10 = b.playerIndex('0-10');
  for (let t = 0; t <= 800; t += 40) {
    if (t <= 400) {
      b.push({ timestamp: t, role: ROLE_PLAYER, player: p10, playerIdConf: 0.8, x: 1000 + t, y: 2000, team: 0, track: 1 });
      b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 3000, y: 2000 + t, team: 0, track: 2 });
    } else {
      b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 5000 + t, y: 3000, team: 1, track: 3 });
    }
    b.push({ timestamp: t, role: ROLE_BALL, player: NO_PLAYER, playerIdConf: 0, x: 5250, y: 3400, team: NO_TEAM, track: NO_TRACK });
  }
  const tracking: TrackingColumns = b.finish();
  const events: ResultEvent[] = [
    { event_id: 'pass-1', type: 'pass', start_ms: 200, end_ms: 360, team: 'team_0', player_id: '0-10', properties: { receiver_player_id: null }, confidence_detection: 0.7, confidence_event: 0.6 },
    { event_id: 'tackle-1', type: 'tackle', start_ms: 600, end_ms: 640, team: 'team_1', player_id: null, properties: { opponent_player_id: null }, confidence_detection: 0.5, confidence_event: 0.5 },
  ];
  const facts = {
    engine_version: 'test', data_version: 4, source: 'video', duration_ms: 1000, frame_ms: 40, image: null,
    team_roles: { team_0: 'home', team_1: null }, kit_keys: { team_0: 'team_a', team_1: 'team_b' },
    players: [{ player_id: '0-10', team: 'team_0', jersey: 10, role: 'player', name: null }],
    quality: null, rows: { detected: tracking.length, projected: 0 },
  } satisfies AnalysisFacts;
  return { tracking, events, facts };
}

/** The player id each row of a track carries (null: none), in row order. */
export function idsOfTrack(c: TrackingColumns, track: number): (string | null)[] {
  const out: (string | null)[] = [];
  for (let r = 0; r < c.length; r++) if (c.track[r] === track) out.push(c.player[r] === NO_PLAYER ? null : (c.players[c.player[r] as number] as string));
  return out;
}
