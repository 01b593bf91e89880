import { describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/test-service.js';
import { type KnownMatch, importKnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';

/**
 * The team report on the hand-made match of known-match.ts, whose answers are worked out by hand:
 * 0-7 (team_0) runs x = 10 + 5 s along y = 34 for 10 s; 1-4 (team_1) walks x = 80 - s at y = 20, detected
 * for 5 s; team_0 has the ball [0, 6) s, team_1 [6, 9) s; one first half, so team_1 attacks towards 0.
 */
let t: TestService;
let known: KnownMatch;

const importKnown = (body: Record<string, unknown> = {}) => importKnownMatch(t.api, known, { home_team_name: 'Reds', away_team_name: 'Blues', ...body });

useKnownMatchService((service, match) => {
  t = service;
  known = match;
});

describe('GET /v1/analyses/{id}/team-report', () => {
  it('[TMR-01] [TMR-02] [TMR-03] [TMR-04] [TMR-06] known answers: positions per team frame, possession as the summary, territory by thirds', async () => {
    const id = await importKnown({ left_start_team: 'home' });
    const res = await t.api.get(`/v1/analyses/${id}/team-report`);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r).toMatchObject({ schema_version: 1, coordinate_frame: 'attacking', orientation_source: 'hub' });
    expect(r.params).toMatchObject({ sample_interval_ms: 40, sprint_min_kmh: 25.2, pitch: { length_m: 105, width_m: 68 } });
    expect(r.teams.map((x: { team: number; name: string }) => [x.team, x.name])).toEqual([[0, 'Reds'], [1, 'Blues']]);
    expect(r.teams[0].kit).toBeNull();
    // 0-7: mean of 10 + 5 s over s = 0, 0.04, ..., 9.96 is 34.9; 250 detected frames.
    expect(r.teams[0].average_positions).toEqual([{ player_id: '0-7', jersey: 7, label: '7', role: 'player', position: { x: 34.9, y: 34 }, n_frames: 250 }]);
    // 1-4 attacks towards 0: mirrored, x' = 105 - (80 - s) = 25 + s over its 125 detected frames (mean s 2.48), y' = 68 - 20.
    expect(r.teams[1].average_positions).toEqual([{ player_id: '1-4', jersey: 4, label: '4', role: 'player', position: { x: 27.48, y: 48 }, n_frames: 125 }]);
    expect(r.possession).toEqual([{ team: 0, seconds: 6, pct: 60 }, { team: 1, seconds: 3, pct: 30 }, { team: null, seconds: 1, pct: 10 }]);
    const summary = (await t.api.get(`/v1/analyses/${id}/summary`)).body.possession.summary;
    expect(r.possession.map((p: { pct: number }) => p.pct)).toEqual([summary.team_0.pct, summary.team_1.pct, summary.unknown.pct]);
    // The ball: x < 35 for team_0 until 5 s, 35-40 until 6 s; with team_1 at 31-34 in its frame.
    expect(r.territory).toEqual([{ zone: 'attacking_third', seconds: 0 }, { zone: 'defensive_third', seconds: 8 }, { zone: 'middle_third', seconds: 1 }]);
  });

  it('[TMR-05] quality: scored at the end of the run, as on the analysis; two people per frame is a major gap', async () => {
    const id = await importKnown();
    const r = (await t.api.get(`/v1/analyses/${id}/team-report`)).body;
    expect(r.quality).toEqual({ score: 80, grade: 'fair', reasons: [{ code: 'few_players_detected', severity: 'major', segments: 1, impact: 100 }] });
    expect((await t.api.get(`/v1/analyses/${id}`)).body.data.quality).toEqual(r.quality);
    // Without an asserted side the provider's data vouches for the sides.
    expect(r.orientation_source).toBe('game_meta');
  });

  it('[TMR-07] names follow the team mapping at read time; the rest is cached', async () => {
    const id = await importKnown({ left_start_team: 'away' });
    const first = (await t.api.get(`/v1/analyses/${id}/team-report`)).body;
    expect(first.teams.map((x: { name: string }) => x.name)).toEqual(['Blues', 'Reds']);
    const videoId = (await t.api.get(`/v1/analyses/${id}`)).body.data.video_id as number;
    await t.api.put(`/v1/videos/${videoId}`, { away_team_name: 'Ajax' });
    const second = (await t.api.get(`/v1/analyses/${id}/team-report`)).body;
    expect(second.teams.map((x: { name: string }) => x.name)).toEqual(['Ajax', 'Reds']);
    expect({ ...second, teams: second.teams.map((x: object) => ({ ...x, name: '' })) }).toEqual({ ...first, teams: first.teams.map((x: object) => ({ ...x, name: '' })) });
  });

  it('errors: unknown analysis 404 { detail }, no token 401', async () => {
    const missing = await t.api.get('/v1/analyses/999999/team-report');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: expect.stringContaining('999999') });
    expect((await t.api.get('/v1/analyses/1/team-report', null)).status).toBe(401);
  });
});
