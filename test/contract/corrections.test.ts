import { describe, expect, it } from 'vitest';
import type { TestService } from '../helpers/test-service.js';
import { type KnownMatch, importKnownMatch } from '../helpers/known-match.js';
import { useKnownMatchService } from '../helpers/known-match-service.js';

/**
 * Corrections on the hand-made match of known-match.ts (0-7 of team_0 runs for 10 s and makes a pass
 * and a shot; 1-4 of team_1 walks, seen for 5 s): every read follows the log, bad corrections change
 * nothing.
 */
let t: TestService;
let known: KnownMatch;

useKnownMatchService((service, match) => {
  t = service;
  known = match;
});

interface Track { track_id: number; player_id: string | null; team: string | null; detected_rows: number }

async function tracksOf(id: number): Promise<Track[]> {
  const res = await t.api.get<Track[]>(`/v1/analyses/${id}/tracks`);
  expect(res.status).toBe(200);
  return res.body;
}

const correct = (id: number, base: number, correction: object) => t.api.post(`/v1/analyses/${id}/corrections`, { base_version: base, correction });

describe('corrections of an analysis', () => {
  it('an analysis starts with an empty log; its tracks are listed longest seen first', async () => {
    const id = await importKnownMatch(t.api, known);
    const log = await t.api.get(`/v1/analyses/${id}/corrections`);
    expect(log.status).toBe(200);
    expect(log.body).toEqual({ version: 0, undo: null, redo: null, in_force: [], entries: [] });
    const tracks = await tracksOf(id);
    expect(tracks.map((k) => [k.player_id, k.team, k.detected_rows])).toEqual([['0-7', 'team_0', 250], ['1-4', 'team_1', 125]]);
  });

  it('naming a track: the summary, reports, events, meta-data and downloads follow; undo and redo too', async () => {
    const id = await importKnownMatch(t.api, known);
    const runner = (await tracksOf(id)).find((k) => k.player_id === '0-7') as Track;
    const before = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    expect(before.players.map((p: { player_id: string }) => p.player_id)).toContain('0-7');

    const named = await correct(id, 0, { op: 'name_track', track_id: runner.track_id, player_id: '0-9' });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({ version: 1, undo: 1, redo: null, entry: { seq: 1, action: { kind: 'correction', correction: { op: 'name_track', player_id: '0-9' } } } });
    expect(named.body.entry.key_id).toMatch(/\S/);

    const summary = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    const ids = summary.players.map((p: { player_id: string }) => p.player_id);
    expect(ids).toContain('0-9');
    expect(ids).not.toContain('0-7');
    const ran = summary.players.find((p: { player_id: string }) => p.player_id === '0-9');
    expect(ran).toBeTruthy();
    expect((await t.api.get(`/v1/analyses/${id}/player-report/0-9`)).status).toBe(200);
    expect((await t.api.get(`/v1/analyses/${id}/player-report/0-7`)).status).toBe(404);
    const team = (await t.api.get(`/v1/analyses/${id}/team-report`)).body;
    expect(team.teams[0].average_positions.map((p: { player_id: string }) => p.player_id)).toEqual(['0-9']);
    const shots = (await t.api.get(`/v1/analyses/${id}/events?type=shot,pass`)).body;
    expect(shots.map((e: { player_id: string }) => e.player_id)).toEqual(['0-9', '0-9']);
    const meta = (await t.api.get(`/v1/analyses/${id}/meta-data`)).body;
    expect(JSON.stringify(meta)).toContain('"0-9"');
    const rows = (await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`)).body as { player_id: string | null; team: string | null; track_id: number | null }[];
    expect(rows.filter((r) => r.player_id === '0-9')).toHaveLength(250);
    expect(rows.filter((r) => r.track_id === runner.track_id).every((r) => r.player_id === '0-9' && r.team === 'team_0')).toBe(true);
    const win = (await t.api.get(`/v1/analyses/${id}/tracking/window?from_ms=0&to_ms=2000`)).body;
    const inWindow = win.track_id.map((k: number | null, i: number) => [k, win.player_id[i]]).filter(([k]: [number | null]) => k === runner.track_id);
    expect(inWindow).toHaveLength(50);
    expect(inWindow.every(([, p]: [number, string]) => p === '0-9')).toBe(true);
    expect(rows.some((r) => r.player_id === '0-7')).toBe(false);

    const undone = await t.api.post(`/v1/analyses/${id}/corrections/undo`, { base_version: 1 });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ version: 2, undo: null, redo: 1, entry: { seq: 2, action: { kind: 'undo' } } });
    const back = (await t.api.get(`/v1/analyses/${id}/summary`)).body;
    expect(back.players.map((p: { player_id: string }) => p.player_id)).toEqual(before.players.map((p: { player_id: string }) => p.player_id));
    expect((await t.api.get(`/v1/analyses/${id}/player-report/0-7`)).status).toBe(200);

    const redone = await t.api.post(`/v1/analyses/${id}/corrections/redo`, { base_version: 2 });
    expect(redone.body).toMatchObject({ version: 3, undo: 1, redo: null });
    expect((await t.api.get(`/v1/analyses/${id}/summary`)).body.players.map((p: { player_id: string }) => p.player_id)).toContain('0-9');
    const again = await t.api.post(`/v1/analyses/${id}/corrections/redo`, { base_version: 3 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: expect.stringContaining('no undone correction') });

    const log = (await t.api.get(`/v1/analyses/${id}/corrections`)).body;
    expect(log).toMatchObject({ version: 3, in_force: [1] });
    expect(log.entries.map((e: { action: { kind: string } }) => e.action.kind)).toEqual(['correction', 'undo', 'redo']);
  });

  it('bad corrections answer 4xx in the results shape and change nothing', async () => {
    const id = await importKnownMatch(t.api, known);
    const [runner, walker] = await tracksOf(id) as [Track, Track];
    const cases: [object, number, string][] = [
      [{ op: 'name_track', track_id: 999, player_id: '0-9' }, 404, 'track 999 not found'],
      [{ op: 'name_track', track_id: walker.track_id, player_id: '0-5' }, 409, 'team_1'],
      [{ op: 'name_track', track_id: walker.track_id, player_id: '1-7x!' }, 422, "'correction.player_id'"],
      [{ op: 'merge_tracks', track_id: walker.track_id, into_track_id: runner.track_id }, 409, 'both seen'],
      [{ op: 'split_track', track_id: runner.track_id, at_ms: 20_000 }, 422, 'outside track'],
      [{ op: 'add_event', event: { type: 'shot', start_ms: 9_990, end_ms: 12_000, team: null, player_id: null, properties: {} } }, 422, 'start_ms and end_ms'],
      [{ op: 'add_event', event: { type: 'shot', start_ms: 1000, end_ms: 1040, team: null, player_id: null, properties: { outcome: 'in the net' } } }, 422, 'outcome of a shot must be one of goal'],
      [{ op: 'add_event', event: { type: 'tackle', start_ms: 1000, end_ms: 1040, team: null, player_id: null, properties: { foul: true } } }, 422, 'a tackle has no property "foul"'],
      [{ op: 'delete_event', event_id: 'pass-999' }, 404, 'event pass-999 not found'],
      [{ op: 'name_track', track_id: runner.track_id }, 422, "'correction' is missing the required field 'player_id'"],
      [{ op: 'rename_everything' }, 422, "'correction.op'"],
    ];
    for (const [correction, status, detail] of cases) {
      const res = await correct(id, 0, correction);
      expect([res.status, res.body.detail], `${JSON.stringify(correction)}: ${res.body.detail}`).toEqual([status, expect.stringContaining(detail)]);
    }
    const stale = await correct(id, 5, { op: 'swap_squads' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('version 0, not 5');
    expect((await t.api.post(`/v1/analyses/${id}/corrections/undo`, { base_version: 0 })).status).toBe(409);
    expect((await t.api.get(`/v1/analyses/${id}/corrections`)).body.version).toBe(0);
    expect((await t.api.get(`/v1/analyses/999999/corrections`)).status).toBe(404);
  });

  it('split, squads swapped, events added, edited and deleted', async () => {
    const id = await importKnownMatch(t.api, known, { home_team_name: 'Reds', away_team_name: 'Blues', left_start_team: 'home' });
    const runner = (await tracksOf(id)).find((k) => k.player_id === '0-7') as Track;
    const split = await correct(id, 0, { op: 'split_track', track_id: runner.track_id, at_ms: 4000 });
    expect(split.status).toBe(201);
    const created = split.body.created_track_id as number;
    expect((await correct(id, 1, { op: 'name_track', track_id: created, player_id: '0-11' })).status).toBe(201);
    // The shot at 5 s was made by whoever ran on from 4 s; the pass at 2 s stays 0-7's.
    const byType = async () => Object.fromEntries(((await t.api.get(`/v1/analyses/${id}/events?type=shot,pass`)).body as { type: string; player_id: string; team: string }[]).map((e) => [e.type, [e.player_id, e.team]]));
    expect(await byType()).toEqual({ pass: ['0-7', 'team_0'], shot: ['0-11', 'team_0'] });
    const rows = (await t.api.get(`/v1/analyses/${id}/tracking/download?format=json`)).body as { timestamp: number; player_id: string | null; track_id: number | null }[];
    const part = rows.filter((r) => r.track_id === created);
    expect(part).toHaveLength(150);
    expect(part.every((r) => r.timestamp >= 4000 && r.player_id === '0-11')).toBe(true);

    const added = await correct(id, 2, { op: 'add_event', event: { type: 'tackle', start_ms: 7000, end_ms: 7040, team: 'team_1', player_id: '1-4', properties: { won: true } } });
    expect(added.status).toBe(201);
    const tackles = (await t.api.get(`/v1/analyses/${id}/events?type=tackle`)).body;
    expect(tackles).toEqual([expect.objectContaining({ event_id: 'analyst-3', team: 'team_1', player_id: '1-4', confidence_event: 1 })]);
    expect((await correct(id, 3, { op: 'edit_event', event_id: 'analyst-3', changes: { start_ms: 7200, end_ms: 7240 } })).status).toBe(201);
    expect((await correct(id, 4, { op: 'delete_event', event_id: 'pass-2000' })).status).toBe(201);

    expect((await correct(id, 5, { op: 'swap_squads' })).status).toBe(201);
    expect(await byType()).toEqual({ shot: ['1-11', 'team_1'] });
    const tackle = (await t.api.get(`/v1/analyses/${id}/events?type=tackle`)).body[0];
    expect(tackle).toMatchObject({ start_ms: 7200, team: 'team_0', player_id: '0-4' });
    const team = (await t.api.get(`/v1/analyses/${id}/team-report`)).body;
    expect(team.teams[1].average_positions.map((p: { player_id: string }) => p.player_id)).toEqual(['1-7', '1-11']);
  });

  it('deleting the video deletes the analysis\'s log', async () => {
    const id = await importKnownMatch(t.api, known);
    const [runner] = await tracksOf(id) as [Track];
    expect((await correct(id, 0, { op: 'name_track', track_id: runner.track_id, player_id: '0-9' })).status).toBe(201);
    const videoId = (await t.api.get(`/v1/analyses/${id}`)).body.data.video_id as number;
    expect((await t.api.del(`/v1/videos/${videoId}`)).status).toBe(204);
    const left = t.service.context.db.prepare('SELECT COUNT(*) AS n FROM corrections WHERE analysis_id = ?').get(id) as { n: number };
    expect(left.n).toBe(0);
  });
});
