import { describe, expect, it } from 'vitest';
import type { EventType, ResultEvent, TeamLabel } from '../../../engine/results/result-events.js';
import { ROLE_BALL, ROLE_GOAL_KEEPER, ROLE_REFEREE, STATUS_PROJECTED } from '../../../engine/results/tracking-columns.js';
import { computeRowSpeeds } from '../../../engine/metrics/player-speed.js';
import { roundPartsToTotal, round2 } from '../../../engine/metrics/round.js';
import { computeSummary, gameDateOf, type SummaryInput } from '../../../engine/metrics/summary.js';
import { buildTracking, FRAME_MS, run, type Series } from './fixture-tracks.js';

let n = 0;
function ev(type: EventType, start_ms: number, end_ms: number, extra: Partial<ResultEvent> = {}): ResultEvent {
  return {
    event_id: `${type}-${n++}`, type, start_ms, end_ms, team: null, player_id: null, properties: {},
    confidence_detection: 1, confidence_event: 1, ...extra,
  };
}
const scene = (s: number, e: number, live: boolean): ResultEvent => ev('scene', s, e, { properties: { scene_type: live ? 'live' : 'replay', is_analysable: live } });
const period = (s: number, e: number, name: string): ResultEvent => ev('match_timeline', s, e, { properties: { period: name } });
const poss = (s: number, e: number, team: TeamLabel | null): ResultEvent => ev('team_possession', s, e, { team });
const action = (type: EventType, player: string | null, t: number): ResultEvent => ev(type, t, t + 40, { player_id: player });

function input(series: Series[], events: ResultEvent[], durationMs: number, over: Partial<SummaryInput> = {}): SummaryInput {
  const tracking = buildTracking(series);
  return {
    tracking, speedMps: computeRowSpeeds(tracking), events, durationMs, frameMs: FRAME_MS,
    gameId: '2024-05-12_league-3', version: '0.1.0', generatedAt: '2024-05-13T10:00:00.000Z',
    teamNames: { team_0: 'Ajax', team_1: 'PSV' }, playerNames: {}, ...over,
  };
}

/** Walks 10 s at 1 m/s (250 frames of 4 cm), is unseen for 1 s, then sprints 5 s at 7 m/s (125 frames of 28 cm). */
const walkerSprinter: Series = {
  id: '0-10',
  samples: [...run(0, 250, (k) => [1000 + 4 * k, 3000]), ...run(275, 125, (k) => [3000 + 28 * k, 3000])],
};

describe('computeSummary: players', () => {
  it('[SUM-08] books 10 s walking at 1 m/s and 5 s sprinting at 7 m/s into their buckets', () => {
    const p = computeSummary(input([walkerSprinter], [], 20_000)).players[0];
    // 250 x 0.04 s x 1 m/s = 10 m walking (3.6 km/h); 125 x 0.04 s x 7 m/s = 35 m sprinting (25.2 km/h).
    // Average 45 m / 15 s = 3 m/s = 10.8 km/h; 375 detected samples = 15 s.
    expect(p?.stats).toEqual({
      total_distance_m: 45,
      distance_by_speed_bucket: { walking_m: 10, jogging_m: 0, running_m: 0, sprinting_m: 35 },
      avg_speed_kmh: 10.8,
      max_speed_kmh: 25.2,
      tracking_duration_sec: 15,
      ball_actions: { passes: 0, drives: 0, shots: 0 },
    });
  });

  it('[SUM-08] rounds the buckets so that they add up exactly to the rounded total', () => {
    // Accelerates from rest (x = k^2 / 2 cm, rounded) through all four buckets, then a noisy jog.
    const samples = [
      ...run(0, 160, (k) => [1000 + Math.round((k * k) / 5), 3000]),
      ...run(200, 300, (k) => [6000 + Math.round(14 * k + 9 * Math.sin(k * 0.7)), 3000 + Math.round(5 * Math.cos(k * 0.3))]),
    ];
    const inp = input([{ id: '1-8', samples }], [], 25_000);
    const stats = computeSummary(inp).players[0]?.stats;
    if (!stats) throw new Error('no player');
    const b = stats.distance_by_speed_bucket;
    const hundredths = (x: number): number => Math.round(x * 100);
    expect(hundredths(b.walking_m) + hundredths(b.jogging_m) + hundredths(b.running_m) + hundredths(b.sprinting_m))
      .toBe(hundredths(stats.total_distance_m));
    for (const v of Object.values(b)) expect(v).toBeGreaterThan(0);
    // The total is the exact distance (speed x 0.04 s over samples with a speed) rounded, not a sum of roundings.
    let exact = 0;
    for (const v of inp.speedMps) if (!Number.isNaN(v)) exact += v * 0.04;
    expect(stats.total_distance_m).toBe(round2(exact));
  });

  it('[SUM-09] counts only detection-backed samples: projected rows, gaps and a teleport glitch add nothing', () => {
    const series: Series = {
      id: '1-3',
      samples: [
        // 5 m/s for frames 0-40, frame 20 glitching 3 m sideways: 40 samples with a speed, 41 detected.
        ...run(0, 41, (k) => [1000 + 20 * k, k === 20 ? 3300 : 3000]),
        // Projected at an absurd pace, then 2 s unseen, then 10 detected frames at 5 m/s far away.
        ...run(41, 10, (k) => [2000 + 100 * k, 3000], STATUS_PROJECTED),
        ...run(101, 10, (k) => [8000 + 20 * k, 3000]),
      ],
    };
    const stats = computeSummary(input([series], [], 10_000)).players[0]?.stats;
    // 50 samples with a speed x 0.04 s x 5 m/s = 10 m; 51 detected samples = 2.04 s; avg 18 km/h.
    expect(stats?.total_distance_m).toBe(10);
    expect(stats?.distance_by_speed_bucket).toEqual({ walking_m: 0, jogging_m: 0, running_m: 10, sprinting_m: 0 });
    expect(stats?.tracking_duration_sec).toBe(2.04);
    expect(stats?.avg_speed_kmh).toBe(18);
    expect(stats?.max_speed_kmh).toBe(18);
  });

  it('[SUM-07] lists detected players by team, jersey, then suffix, with names, team ids and ball actions', () => {
    const still = (id: string | null, role?: number, status?: number): Series => ({ id, samples: run(0, 5, () => [5000, 3000]), ...(role === undefined ? {} : { role }), ...(status === undefined ? {} : { status }) });
    const inp = input(
      [still('1-9'), still('0-GK', ROLE_GOAL_KEEPER), still('0-10'), still('0-2'), still('1-GK', ROLE_GOAL_KEEPER), still('1-12'),
        still('1-77', undefined, STATUS_PROJECTED), still(null, ROLE_BALL), still(null, ROLE_REFEREE), still('referee-1', ROLE_REFEREE)],
      [
        action('pass', '0-10', 0), action('pass', '0-10', 1000), action('drive', '0-10', 2000), action('tackle', '0-10', 3000),
        action('shot', '1-9', 4000), action('pass', null, 5000), action('pass', '1-77', 6000), action('shot', '0-GK', 7000),
      ],
      1000,
      { playerNames: { '0-10': 'Jan Jansen', '1-GK': '  ', '1-9': 'Piet' } },
    );
    const players = computeSummary(inp).players;
    expect(players.map((p) => [p.player_id, p.team_id, p.jersey_number, p.name])).toEqual([
      ['0-2', 'team_0', 2, '#2'],
      ['0-10', 'team_0', 10, 'Jan Jansen'],
      ['0-GK', 'team_0', null, 'GK'],
      ['1-9', 'team_1', 9, 'Piet'],
      ['1-12', 'team_1', 12, '#12'],
      ['1-GK', 'team_1', null, 'GK'],
    ]);
    const actions = Object.fromEntries(players.map((p) => [p.player_id, p.stats.ball_actions]));
    expect(actions['0-10']).toEqual({ passes: 2, drives: 1, shots: 0 });
    expect(actions['1-9']).toEqual({ passes: 0, drives: 0, shots: 1 });
    expect(actions['0-GK']).toEqual({ passes: 0, drives: 0, shots: 1 });
    expect(actions['0-2']).toEqual({ passes: 0, drives: 0, shots: 0 });
    // Standing still: 5 samples = 0.2 s, no distance.
    expect(players[0]?.stats).toMatchObject({ total_distance_m: 0, avg_speed_kmh: 0, max_speed_kmh: 0, tracking_duration_sec: 0.2 });
  });
});

describe('computeSummary: match stats and possession', () => {
  // A 260 s video: live 0-100 s, replay 100-130 s, live 130-200 s, replay 200-260 s; the first half runs
  // 10-190 s. Counted time = [10,100) + [130,190) = 150 s. team_0 also claims [95,110) s, which team_1
  // claims too (up to 100 s): those 5 s are unknown.
  const events = [
    scene(0, 100_000, true), scene(100_000, 130_000, false), scene(130_000, 200_000, true), scene(200_000, 260_000, false),
    period(0, 10_000, 'pre_match'), period(10_000, 190_000, 'first_half'), period(190_000, 260_000, 'half_time'),
    poss(10_000, 50_000, 'team_0'), poss(52_000, 100_000, 'team_1'), poss(95_000, 110_000, 'team_0'),
    poss(130_000, 170_000, 'team_0'), poss(175_000, 200_000, 'team_1'), poss(170_000, 175_000, null),
  ];
  const summary = computeSummary(input([walkerSprinter], events, 260_000));

  it('[SUM-04] counts events and sums their durations per type; analysable + non-analysable = video length', () => {
    expect(summary.match_stats).toEqual({
      event_counts: { team_possession: 6, scene: 4, match_timeline: 3 },
      total_durations_sec: { team_possession: 173, scene: 260, match_timeline: 260 },
      analysable_duration_sec: 170,
      non_analysable_duration_sec: 90,
    });
    expect(Object.keys(summary.match_stats.event_counts)).toEqual(['team_possession', 'scene', 'match_timeline']);
    expect(summary.metadata.video_length_sec).toBe(260);
  });

  it('[SUM-05] splits counted time into team shares with unknown filling the rest, pcts summing to 100', () => {
    // team_0: [10,50) + [130,170) = 80 s; team_1: [52,95) + [175,190) = 58 s; unknown: 2 + 5 + 5 = 12 s.
    // 80/150 = 53.333%, 58/150 = 38.667%, 12/150 = 8%: rounded down 53.33 + 38.66 + 8 = 99.99, and the
    // missing hundredth goes to the largest remainder (38.666...).
    expect(summary.possession.summary).toEqual({
      team_0: { seconds: 80, pct: 53.33 },
      team_1: { seconds: 58, pct: 38.67 },
      unknown: { seconds: 12, pct: 8 },
    });
  });

  it('[SUM-06] reports per-minute shares sorted by minute, each summing to 100, minutes without counted time left out', () => {
    // Minute 0: 50 s counted, team_0 40, team_1 8 ([52,60)), unknown 2. Minute 1: 40 s, team_1 [60,95) 35,
    // unknown 5. Minute 2: [130,180) 50 s, team_0 40, team_1 5, unknown 5. Minute 3: [180,190) all team_1.
    // Minute 4 ([240,260) s) is replay and half time: omitted.
    expect(summary.possession.per_minute).toEqual([
      { minute: 0, team_0_pct: 80, team_1_pct: 16, unknown_pct: 4 },
      { minute: 1, team_0_pct: 0, team_1_pct: 87.5, unknown_pct: 12.5 },
      { minute: 2, team_0_pct: 80, team_1_pct: 10, unknown_pct: 10 },
      { minute: 3, team_0_pct: 0, team_1_pct: 100, unknown_pct: 0 },
    ]);
  });

  it('[SUM-06] omits a minute in the middle without analysable time; without scenes or timeline everything counts', () => {
    const gap = computeSummary(input([], [scene(0, 60_000, true), scene(60_000, 120_000, false), scene(120_000, 180_000, true), poss(0, 180_000, 'team_1')], 180_000));
    expect(gap.possession.per_minute.map((m) => m.minute)).toEqual([0, 2]);
    expect(gap.possession.summary.team_1).toEqual({ seconds: 120, pct: 100 });

    const bare = computeSummary(input([], [poss(0, 30_000, 'team_0'), poss(30_000, 45_000, 'team_1')], 90_000));
    expect(bare.match_stats.analysable_duration_sec).toBe(90);
    expect(bare.match_stats.non_analysable_duration_sec).toBe(0);
    expect(bare.possession.summary).toEqual({
      team_0: { seconds: 30, pct: 33.33 }, team_1: { seconds: 15, pct: 16.67 }, unknown: { seconds: 45, pct: 50 },
    });
    expect(bare.possession.per_minute).toEqual([
      { minute: 0, team_0_pct: 50, team_1_pct: 25, unknown_pct: 25 },
      { minute: 1, team_0_pct: 0, team_1_pct: 0, unknown_pct: 100 },
    ]);
  });

  it('[SUM-05] gives all-zero shares when no time is counted', () => {
    const none = computeSummary(input([], [period(0, 60_000, 'pre_match'), poss(0, 60_000, 'team_0')], 60_000));
    const zero = { seconds: 0, pct: 0 };
    expect(none.possession).toEqual({ summary: { team_0: zero, team_1: zero, unknown: zero }, per_minute: [] });
  });
});

describe('computeSummary: metadata, rounding, determinism', () => {
  it('[SUM-02] derives game_date from game_id and passes version and generated_at through', () => {
    expect(gameDateOf('2024-05-12_league-3')).toBe('2024-05-12');
    expect(gameDateOf('2023-12-31_cup-final-12')).toBe('2023-12-31');
    for (const bad of ['2024-02-30_league-3', '2024-05-12', 'league-3', '2024-5-12_league-3', '2024-05-12_league']) {
      expect(() => gameDateOf(bad)).toThrow(/YYYY-MM-DD/);
    }
    const s = computeSummary(input([], [], 5_432_109));
    expect(s.metadata).toEqual({
      game_id: '2024-05-12_league-3', game_date: '2024-05-12', version: '0.1.0', generated_at: '2024-05-13T10:00:00.000Z',
      video_length_sec: 5432.11,
    });
  });

  it('[SUM-03] names team_0 (started left) and team_1 (started right) from the input', () => {
    expect(computeSummary(input([], [], 1000)).teams).toEqual({ team_0_name: 'Ajax', team_1_name: 'PSV' });
  });

  it('[SUM-01] has exactly the five members and every number on the 0.01 grid', () => {
    const events = [
      scene(0, 61_234, true), scene(61_234, 100_001, false), poss(17, 33_333, 'team_0'), poss(33_333, 50_005, 'team_1'),
      action('pass', '1-8', 1234), ev('player_possession', 7, 1_007),
    ];
    const samples = run(0, 700, (k) => [2000 + Math.round(k * k / 37 + 30 * Math.sin(k / 9)), 3000 + Math.round(200 * Math.sin(k / 50))]);
    const s = computeSummary(input([{ id: '1-8', samples }], events, 100_001));
    expect(Object.keys(s)).toEqual(['metadata', 'teams', 'match_stats', 'possession', 'players']);
    const numbers: number[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'number') numbers.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(s);
    expect(numbers.length).toBeGreaterThan(30);
    for (const x of numbers) {
      expect(Number.isFinite(x)).toBe(true);
      expect(Math.abs(x * 100 - Math.round(x * 100))).toBeLessThan(1e-6);
    }
    // Values that are not round by construction: 61.234 s live of 100.001 s.
    expect(s.match_stats.analysable_duration_sec).toBe(61.23);
    expect(s.match_stats.non_analysable_duration_sec).toBe(38.77);
    expect(s.metadata.video_length_sec).toBe(100);
    for (const m of s.possession.per_minute) {
      expect(Math.round(m.team_0_pct * 100) + Math.round(m.team_1_pct * 100) + Math.round(m.unknown_pct * 100)).toBe(10_000);
    }
  });

  it('[SUM-10] gives deep-equal output for the same input', () => {
    const events = [scene(0, 20_000, true), poss(0, 7_000, 'team_0'), poss(9_000, 16_000, 'team_1'), action('pass', '0-10', 400)];
    const a = computeSummary(input([walkerSprinter, { id: '1-4', samples: run(0, 300, (k) => [6000 - 9 * k, 2000 + 3 * k]) }], events, 20_000));
    const b = computeSummary(input([walkerSprinter, { id: '1-4', samples: run(0, 300, (k) => [6000 - 9 * k, 2000 + 3 * k]) }], events, 20_000));
    expect(b).toEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

describe('roundPartsToTotal', () => {
  it('[SUM-01] hands missing hundredths to the largest remainders so the parts add up', () => {
    // Plain rounding would give 0.13 + 0.13 + 0.25 = 0.51 for a whole of 0.50.
    expect(roundPartsToTotal([0.125, 0.125, 0.25])).toEqual([0.13, 0.12, 0.25]);
    expect(roundPartsToTotal([100 / 3, 100 / 3, 100 / 3], 100)).toEqual([33.34, 33.33, 33.33]);
    expect(roundPartsToTotal([0.29, 1.1, 2.6749])).toEqual([0.29, 1.1, 2.67]);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), -0)).toBe(false);
  });
});
