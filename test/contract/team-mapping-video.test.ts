import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { startTestService, waitFor, type TestService } from '../helpers/test-service.js';

/**
 * Team identity end to end on a rendered clip (render.json names the home kit): the preview's kits, a
 * person's answer through the widget's endpoint, the engine's squads matched to the preview kits, and
 * the team mapping, video side and `final` preview composed from them.
 */
const dir = mkdtempSync(join(tmpdir(), 'team-mapping-'));
let s: TestService;
let homeShirt: string;

beforeAll(async () => {
  await renderSampleClip(dir, { seed: 4, fromMs: 2_000, durationMs: 8_000 });
  homeShirt = (JSON.parse(readFileSync(join(dir, 'render.json'), 'utf8')) as { kits: { home: { shirtName: string } } }).kits.home.shirtName;
  // Polled four times a second while a real engine run lasts (longer on a loaded CI machine): the rate
  // limit, tested elsewhere, must not cut the polling short.
  s = await startTestService({ minAnalysisSeconds: 0, rateLimitPerMinute: 1000 });
}, 60_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const confirm = async (videoId: number, homeKey: string) => {
  const { token } = (await s.api.post(`/v1/videos/${videoId}/embed-token`, {})).body as { token: string };
  const res = await s.api.request('POST', '/v1/embed/sides/confirm', { token: null, body: { home_key: homeKey }, headers: { 'x-embed-token': token } });
  expect(res.status).toBe(200);
};

describe('team mapping from the confirmed kit and the engine\'s squads', () => {
  it('[MAP-01] [MAP-02] [MAP-03] [PRV-09] [EMB-10] [EMB-17] the confirmed kit names home; a later answer relabels without a re-run; the final preview keeps the keys', async () => {
    const video = (await s.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4'), home_team_name: 'Yellows', away_team_name: 'Navies' })).body.data;
    const preview = await waitFor(async () => {
      const p = (await s.api.get(`/v1/videos/${video.id}/preview-teams`)).body;
      return p.status === 'ready' ? p : undefined;
    }, 30_000, 'the preview', 250);
    const homeKey = preview.teams.find((t: { swatch: { primary: string } }) => t.swatch.primary === homeShirt)?.key as string;
    expect(['team_a', 'team_b']).toContain(homeKey);
    const otherKey = homeKey === 'team_a' ? 'team_b' : 'team_a';
    await confirm(video.id, homeKey);
    expect((await s.api.get(`/v1/videos/${video.id}`)).body.data.left_start_team).toBe('unknown');

    const analysis = (await s.api.post(`/v1/videos/${video.id}/analysis`)).body.data;
    const done = await waitFor(async () => {
      const a = (await s.api.get(`/v1/analyses/${analysis.id}`)).body.data;
      return ['done', 'error', 'no_match_detected'].includes(a.status) ? a : undefined;
    }, 120_000, 'the analysis', 250);
    expect(done.status).toBe('done');

    const meta = (await s.api.get(`/v1/analyses/${analysis.id}/meta-data`)).body;
    const keys = [meta.teams.team_0.kit_key, meta.teams.team_1.kit_key];
    expect([...keys].sort()).toEqual(['team_a', 'team_b']);
    const homeLabel = meta.teams.team_0.kit_key === homeKey ? 'team_0' : 'team_1';
    const awayLabel = homeLabel === 'team_0' ? 'team_1' : 'team_0';

    const mapping = (await s.api.get(`/v1/analyses/${analysis.id}/team-mapping`)).body;
    expect(mapping.identity_source).toBe('confirmed_kit');
    expect(mapping[homeLabel]).toMatchObject({ role: 'home', name: 'Yellows' });
    expect(mapping[awayLabel]).toMatchObject({ role: 'away', name: 'Navies' });
    expect(mapping.team_0.starts_left).toBe(true);
    // The service wrote the side the engine read: team_0 started left.
    const after = (await s.api.get(`/v1/videos/${video.id}`)).body.data;
    expect(after.left_start_team).toBe(mapping.team_0.role);
    expect(after.team_zero).toBe(mapping.team_0.role);

    // The final stage re-runs on the processed copy; the confirmed key still means the home kit's shirts.
    const final = await waitFor(async () => {
      const p = (await s.api.get(`/v1/videos/${video.id}/preview-teams`)).body;
      return p.stage === 'final' && p.crops_status !== 'pending' ? p : undefined;
    }, 60_000, 'the final preview', 250);
    expect(final).toMatchObject({ status: 'ready', stage: 'final', confirmed_home_key: homeKey, crops_status: 'ready' });
    expect(final.teams.find((t: { key: string }) => t.key === homeKey).swatch.primary).toBe(homeShirt);

    // [CRP-01] [CRP-02] the run picked crops of both squads; they are JPEGs; out of range is 404 { detail }.
    const listing = (await s.api.get(`/v1/analyses/${analysis.id}/exemplar-crops`)).body;
    // Individuals: the players the engine identified (at 640x360 no shirt number is legible, so at most
    // the goalkeepers by role).
    for (const [player, count] of Object.entries(listing.individuals as Record<string, number>)) {
      expect(player).toMatch(/^[01]-(\d{1,2}|GK)$/);
      expect(count).toBeLessThanOrEqual(5);
    }
    for (const team of ['team_0', 'team_1'] as const) {
      expect(listing.teams[team]).toBeGreaterThanOrEqual(1);
      expect(listing.teams[team]).toBeLessThanOrEqual(10);
      const img = await fetch(`${s.base}/v1/analyses/${analysis.id}/exemplar-crops/teams/${team}/0`, { headers: { authorization: `Bearer ${s.token}` } });
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/jpeg');
      expect([...new Uint8Array(await img.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
      const past = await s.api.get(`/v1/analyses/${analysis.id}/exemplar-crops/teams/${team}/${listing.teams[team]}`);
      expect(past.status).toBe(404);
      expect(past.body).toEqual({ detail: expect.stringContaining('out of range') });
    }
    expect((await s.api.get(`/v1/analyses/${analysis.id}/exemplar-crops/teams/team_2/0`)).status).toBe(404);
    expect((await s.api.get(`/v1/analyses/${analysis.id}/exemplar-crops/individuals/0-99/0`)).body).toEqual({ detail: expect.stringContaining('no crops') });

    // A person switching the answer after the run relabels at once; nothing re-runs.
    await confirm(video.id, otherKey);
    const switched = (await s.api.get(`/v1/analyses/${analysis.id}/team-mapping`)).body;
    expect(switched[awayLabel]).toMatchObject({ role: 'home', name: 'Yellows' });
    expect((await s.api.get(`/v1/analyses/${analysis.id}`)).body.data.finished_at).toBe(done.finished_at);

    // A side the client asserts wins over the kit answer and is never overwritten.
    await s.api.put(`/v1/videos/${video.id}`, { left_start_team: 'away' });
    const asserted = (await s.api.get(`/v1/analyses/${analysis.id}/team-mapping`)).body;
    expect(asserted).toMatchObject({ identity_source: 'asserted_side', left_start_team: 'away', team_0: { role: 'away' } });
  }, 180_000);
});
