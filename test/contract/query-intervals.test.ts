import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { API_POLL_MS, startTestService, waitFor, type TestService } from '../helpers/test-service.js';
import { writeSampleTruth } from '../helpers/sim-fixture.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';

let t: TestService;
let truthDir: string;
let id: number;
let duration: number;
interface Interval { start: number; end: number; label: string; type: string; player_id?: string; team_id?: string; team_name?: string }
interface Ev { type: string; start_ms: number; end_ms: number; team: string; player_id: string }

beforeAll(async () => {
  truthDir = await writeSampleTruth();
  t = await startTestService();
  const res = await t.api.post('/v1/imports', { format: 'sim', paths: { dir: truthDir }, home_team_name: 'Reds', away_team_name: 'Blues' });
  id = res.body.data.id;
  const done = await waitFor(async () => {
    const a = (await t.api.get(`/v1/analyses/${id}`)).body.data;
    return a.status === 'done' ? a : undefined;
  }, 20_000, 'the analysis', API_POLL_MS);
  duration = (await t.api.get(`/v1/analyses/${id}/meta-data`)).body.duration_sec;
  expect(done.status).toBe('done');
});
afterAll(async () => {
  await t?.close();
  rmSync(truthDir, { recursive: true, force: true });
});

const query = (body: unknown) => t.api.post(`/v1/analyses/${id}/query-intervals`, body);

describe('POST /analyses/{id}/query-intervals', () => {
  it('[QRY-04] [QRY-08] ball_action passes: a bare array, padded by 5 s, clamped to the video, with actor fields', async () => {
    const events = (await t.api.get(`/v1/analyses/${id}/events?type=pass`)).body as Ev[];
    const res = await query({ filters: [{ type: 'ball_action', actions: ['pass'] }], merge_results: false, operator: 'OR' });
    expect(res.status).toBe(200);
    const intervals = res.body as Interval[];
    expect(intervals).toHaveLength(events.length);
    const first = events[0] as Ev;
    expect(intervals[0]).toMatchObject({
      start: Math.max(0, first.start_ms / 1000 - 5), end: Math.min(duration, first.end_ms / 1000 + 5),
      label: 'pass', type: 'ball_action', player_id: first.player_id, team_id: first.team,
    });
    // The first pass is at about 1 s: its padding is clamped at 0.
    expect(intervals[0]?.start).toBe(0);
    const mapping = (await t.api.get(`/v1/analyses/${id}/team-mapping`)).body;
    expect(intervals[0]?.team_name).toBe(mapping[first.team].name);
    expect(intervals.every((i) => i.end <= duration)).toBe(true);
  });

  it('[QRY-06] [QRY-05] AND without preserve_labels -> label filter, type combined, inside both filters', async () => {
    const res = await query({ filters: [{ type: 'team_possession', teams: ['team_0'] }, { type: 'ball_location', x_min: 52.5 }], pad_sec: 0, gap_fill_sec: 0 });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const i of res.body as Interval[]) expect(i).toMatchObject({ label: 'filter', type: 'combined' });
    const possession = (await query({ filters: [{ type: 'team_possession', teams: ['team_0'] }], pad_sec: 0, gap_fill_sec: 0 })).body as Interval[];
    for (const i of res.body as Interval[]) {
      expect(possession.some((p) => p.start <= i.start + 1e-9 && i.end <= p.end + 1e-9)).toBe(true);
    }
  });

  it('[QRY-07] AND with preserve_labels keeps that filter\'s labels and metadata', async () => {
    const res = await query({
      filters: [{ type: 'ball_action', actions: ['pass'] }, { type: 'match_timeline', periods: ['first_half'] }],
      preserve_labels: 'ball_action', pad_sec: 0, merge_results: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const i of res.body as Interval[]) expect(i).toMatchObject({ label: 'pass', type: 'ball_action', player_id: expect.stringMatching(/^[01]-\d+$/) });
  });

  it('[QRY-10] existing_filters restrict the results to the given windows', async () => {
    const res = await query({ filters: [{ type: 'scene', is_analysable: true }], existing_filters: [{ start: 10, end: 20, name: 'w' }], pad_sec: 0 });
    // One filter under AND is still a combination (QRY-06): label `filter`, type `combined`.
    expect(res.body).toEqual([{ start: 10, end: 20, label: 'filter', type: 'combined' }]);
    const or = await query({ operator: 'OR', filters: [{ type: 'scene', is_analysable: true }], existing_filters: [{ start: 10, end: 20, name: 'w' }], pad_sec: 0 });
    expect(or.body).toEqual([{ start: 10, end: 20, label: 'live', type: 'scene' }]);
  });

  it('[QRY-11] include_pixel_coords: actor intervals carry samples (none for tracking-only data)', async () => {
    const res = await query({ operator: 'OR', filters: [{ type: 'ball_action', actions: ['shot'] }], include_pixel_coords: true });
    expect(res.status).toBe(200);
    expect(res.body[0].pixel_coords).toEqual([]);
  });

  it('bad queries -> 422 {detail} naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ operator: 'XOR' }, /operator/],
      [{ filters: [{ type: 'weather' }] }, /type/],
      [{ filters: [{ type: 'ball_location', x_min: 60, x_max: 10 }] }, /x_min must be <= x_max/],
      [{ pad_sec: -1 }, /pad_sec/],
      [{ preserve_labels: 'scene', filters: [{ type: 'ball_action' }] }, /preserve_labels/],
      [{ filters: [{ type: 'event_property', event_type: 'pass', conditions: [{ property: 'colour', op: 'eq', value: 'red' }] }] }, /colour/],
      [{ wait_for: 1 }, /wait_for/],
    ];
    for (const [body, message] of cases) {
      const res = await query(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body)).toEqual(['detail']);
      expect(res.body.detail).toMatch(message);
    }
  });

  it('[ANA-12] 409 before done; 404 for an unknown analysis', async () => {
    const video = (await t.api.get(`/v1/analyses/${id}`)).body.data.video_id;
    const pending = insertAnalysis(t.service.context.db, video, 'waiting_for_video');
    expect((await t.api.post(`/v1/analyses/${pending}/query-intervals`, {})).status).toBe(409);
    expect((await t.api.post('/v1/analyses/55555/query-intervals', {})).body).toEqual({ detail: 'analysis 55555 not found' });
  });
});
