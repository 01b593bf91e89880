import { describe, expect, it } from 'vitest';
import { eventsFromRows } from '../../../engine/events/events-from-rows.js';
import { numberEvents } from '../../../engine/events/number-events.js';
import { controlInputFromRows } from '../../../engine/events/control-input-from-rows.js';
import { NO_PLAYER, ROLE_BALL, ROLE_PLAYER, STATUS_DETECTED, STATUS_PROJECTED, TrackingBuilder } from '../../../engine/results/tracking-columns.js';
import { createRng } from '../../../engine/match-data/rng.js';
import { importOwnTracking } from '../../../engine/import/from-tracking.js';

/**
 * Rows of a made-up stretch of play: 22 players drifting, the ball passed between random players of
 * the side in possession (and now and then lost to the other side), as the video engine stores them
 * (player ids unknown, squads and tracker ids known) with projected rows mixed in.
 */
function rows(seed: number, frames: number) {
  const r = createRng(seed);
  const rng = () => r.next();
  const b = new TrackingBuilder();
  const pos = Array.from({ length: 22 }, (_, k) => [10 + rng() * 85, 5 + rng() * 58, k < 11 ? 0 : 1] as [number, number, number]);
  let holder = 0;
  let ball: [number, number] = [pos[0]![0] + 0.5, pos[0]![1]];
  let target = -1;
  for (let f = 0; f < frames; f++) {
    for (const p of pos) {
      p[0] = Math.min(104, Math.max(1, p[0] + (rng() - 0.5) * 0.3));
      p[1] = Math.min(67, Math.max(1, p[1] + (rng() - 0.5) * 0.3));
    }
    if (target < 0 && f % 60 === 30) {
      const team = rng() < 0.85 ? pos[holder]![2] : 1 - pos[holder]![2];
      do target = Math.floor(rng() * 11) + team * 11; while (target === holder);
    }
    if (target >= 0) {
      const t = pos[target]!;
      const d = Math.hypot(t[0] + 0.5 - ball[0], t[1] - ball[1]);
      const step = Math.min(d, 0.6);
      ball = [ball[0] + ((t[0] + 0.5 - ball[0]) / Math.max(d, 1e-9)) * step, ball[1] + ((t[1] - ball[1]) / Math.max(d, 1e-9)) * step];
      if (d < 0.7) {
        holder = target;
        target = -1;
      }
    } else ball = [pos[holder]![0] + 0.5, pos[holder]![1]];
    pos.forEach((p, k) => b.push({ timestamp: 120_000 + f * 40, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: Math.round(p[0] * 100), y: Math.round(p[1] * 100), status: STATUS_DETECTED, team: p[2], track: k + (f > frames / 2 ? 100 : 0) }));
    if (f % 5 === 0) b.push({ timestamp: 120_000 + f * 40, role: ROLE_PLAYER, player: NO_PLAYER, playerIdConf: 0, x: 5000, y: 3400, status: STATUS_PROJECTED, team: 0, track: 999 });
    b.push({ timestamp: 120_000 + f * 40, role: ROLE_BALL, player: NO_PLAYER, playerIdConf: 0, x: Math.round(ball[0] * 100), y: Math.round(ball[1] * 100), status: STATUS_DETECTED });
  }
  return b.finish();
}

describe('events from stored rows', () => {
  it('packs short tracks into slots of one squad, never two people in a slot at once', () => {
    const built = controlInputFromRows(rows(1, 400));
    expect(built).not.toBeNull();
    expect(built!.startMs).toBe(120_000);
    expect(built!.input.frames).toBe(400);
    // 22 tracks, replaced half-way by 22 new ones: 22 slots, not 44; projected rows left out.
    expect(built!.input.players).toBe(22);
    expect(built!.occupant(0, 10)?.track).not.toBe(built!.occupant(0, 390)?.track);
  });

  for (const seed of [1, 2, 3]) {
    it(`events are ordered, spans half-open, possession spans never overlap (seed ${seed})`, () => {
      const events = numberEvents(eventsFromRows(rows(seed, 1500), { durationMs: 200_000 }));
      expect(events.filter((e) => e.type === 'pass').length).toBeGreaterThan(5);
      for (let i = 1; i < events.length; i++) expect(events[i]!.start_ms).toBeGreaterThanOrEqual(events[i - 1]!.start_ms);
      for (const e of events) {
        expect(e.end_ms).toBeGreaterThan(e.start_ms);
        expect(e.event_id).toMatch(new RegExp(`^${e.type}-\\d+$`));
        expect(e.confidence_detection).toBeGreaterThanOrEqual(0);
        expect(e.confidence_event).toBeLessThanOrEqual(1);
      }
      expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
      for (const type of ['team_possession', 'player_possession', 'match_timeline']) {
        const spans = events.filter((e) => e.type === type);
        for (let i = 1; i < spans.length; i++) expect(spans[i]!.start_ms).toBeGreaterThanOrEqual(spans[i - 1]!.end_ms);
      }
      for (const p of events.filter((e) => e.type === 'pass')) {
        expect(p.team).toMatch(/^team_[01]$/);
        expect(p.player_id).toBeNull(); // no identities in these rows
        expect(p.properties.completed).toBe(p.properties.receiver_team === p.team);
      }
      // The same rows give the same events, ids included.
      expect(numberEvents(eventsFromRows(rows(seed, 1500), { durationMs: 200_000 }))).toEqual(events);
    });
  }

  it('a tracking file imported without events gets the stages\' events; one with events keeps its own', () => {
    const found = importOwnTracking(rows(2, 1500), null).events;
    expect(found.filter((e) => e.type === 'pass').length).toBeGreaterThan(5);
    expect(found.some((e) => e.type === 'team_possession')).toBe(true);
    expect(importOwnTracking(rows(2, 1500), []).events).toEqual([]);
  });
});
