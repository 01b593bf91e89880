import { describe, expect, it } from 'vitest';
import { nameWithOffers } from '../../../bench/eval/naming-with-offers.js';
import type { Results } from '../../../engine/corrections/apply-corrections.js';
import { NO_PLAYER, ROLE_PLAYER, TrackingBuilder } from '../../../engine/results/tracking-columns.js';
import { smallResults } from '../corrections/corrections-fixture.js';

/** One team-0 player lost at 400 ms and found again 1 m away at 1000 ms (tracks 1 and 2), beside a team-1 player (track 3). */
function lostAndFound(): Results {
  const b = new TrackingBuilder(128);
  for (let t = 0; t <= 1600; t += 40) {
    if (t <= 400) b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 3000, y: 2000, team: 0, track: 1 });
    if (t >= 1000) b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 3100, y: 2000, team: 0, track: 2 });
    b.push({ timestamp: t, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 6000, y: 4000, team: 1, track: 3 });
  }
  const base = smallResults();
  return { tracking: b.finish(), events: [], facts: { ...base.facts, duration_ms: 1640, players: [] } };
}

describe('nameWithOffers (bench:naming\'s analyst taking the names offered)', () => {
  it('types the longest unnamed track\'s name, then takes the name offered for the same man', () => {
    const truth: Record<number, string> = { 1: '0-8', 2: '0-8', 3: '1-5' };
    const out = nameWithOffers(lostAndFound(), (k) => truth[k.track_id] ?? null, (k, name) => truth[k.track_id] === name, 1);
    // Track 3 (longest) and track 2 are typed before track 1 is offered 0-8.
    expect(out).toEqual({ typed: 2, accepted: 1, declined: 0, covered: 1 });
  });

  it('declines an offer the truth says is someone else, and types that track\'s name', () => {
    const truth: Record<number, string> = { 1: '0-9', 2: '0-8', 3: '1-5' };
    const out = nameWithOffers(lostAndFound(), (k) => truth[k.track_id] ?? null, (k, name) => truth[k.track_id] === name, 1);
    expect(out).toEqual({ typed: 3, accepted: 0, declined: 1, covered: 1 });
  });

  it('stops at the share asked for', () => {
    const out = nameWithOffers(lostAndFound(), (k) => (k.team === 'team_1' ? '1-5' : null), null, 0.5);
    expect(out.typed).toBe(1);
    expect(out.covered).toBeGreaterThanOrEqual(0.5);
  });
});
