import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { importAndWait, startTestService, waitForVideo, type TestService } from '../helpers/test-service.js';
import { renderSampleClip, writeSampleTruth } from '../helpers/sim-fixture.js';
import { insertAnalysis } from '../helpers/store-fixtures.js';
import { analysisDir } from '../../main/service/store/paths.js';
import { RESULT_FILES } from '../../engine/worker-protocol.js';

// Spec 2.5 / issue 8: an imported analysis whose rows carry pixel positions, attached to its video, has
// exemplar crops cut from that video; one without a video has an empty listing.
let t: TestService;
let work: string;
let clipDir: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'import-crops-'));
  clipDir = join(work, 'clip');
  mkdirSync(clipDir);
  // 960x540: any size a person may render at, not only the 1280x720 the import's own camera model assumes.
  await renderSampleClip(clipDir, { seed: 6, fromMs: 0, durationMs: 8000, width: 960, height: 540 });
  // Crop by crop, these tests read more than the default 100 results a minute (rate-limit.test.ts tests the limit).
  t = await startTestService({ minAnalysisSeconds: 0, rateLimitPerMinute: 1000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

/**
 * Share of a JPEG's pixels that are neither pitch green nor line white: skin, hair, shirts, shorts. A
 * crop of grass (with or without a painted line) has under 1%; a crop of a player 3% or more.
 */
async function personShare(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    const green = g > r + 15 && g > b + 15;
    const white = Math.min(r, g, b) > 170;
    if (!green && !white) hits++;
  }
  return hits / (info.width * info.height);
}

const jpeg = async (path: string) => {
  const res = await fetch(`${t.base}${path}`, { headers: { authorization: `Bearer ${t.token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('exemplar crops of imported analyses', () => {
  it('[CRP-01] [CRP-02] a simulator import attached to its video: crops of each squad and of players, JPEGs of people', async () => {
    const video = (await t.api.post('/v1/videos', { video_file_url: join(clipDir, 'video.mp4'), home_team_name: 'Reds', away_team_name: 'Blues' })).body.data;
    await waitForVideo(t.api, video.id);
    const analysis = await importAndWait(t.api, { format: 'sim', paths: { dir: clipDir }, view: 'broadcast', video_id: video.id });
    expect(analysis.status, analysis.status_reason).toBe('done');
    // The rows' pixels are the video's: each detected row stands on a foot the renderer drew in that frame.
    const rows = (await t.api.get(`/v1/analyses/${analysis.id}/tracking/download?format=json`)).body as { timestamp: number; bbox_x: number | null; bbox_y: number | null; status: string; role: string }[];
    const frames = readFileSync(join(clipDir, 'frames.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { frame: number; objects: { foot: [number, number] | null }[] });
    let checked = 0;
    for (const f of [0, 50, 100, 150, 199]) {
      const feet = frames[f]!.objects.flatMap((o) => (o.foot ? [o.foot] : []));
      for (const r of rows.filter((x) => x.timestamp === f * 40 && x.status === 'detected' && x.role !== 'ball')) {
        expect(Math.min(...feet.map(([u, v]) => Math.hypot(u - r.bbox_x!, v - r.bbox_y!))), `frame ${f}`).toBeLessThan(1.5);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);

    const listing = (await t.api.get(`/v1/analyses/${analysis.id}/exemplar-crops`)).body;
    // Every crop shows somebody: one cut at the wrong place or time is grass.
    for (const team of ['team_0', 'team_1'] as const) {
      expect(listing.teams[team], team).toBeGreaterThanOrEqual(3);
      expect(listing.teams[team], team).toBeLessThanOrEqual(10);
      for (let i = 0; i < listing.teams[team]; i++) {
        const img = await jpeg(`/v1/analyses/${analysis.id}/exemplar-crops/teams/${team}/${i}`);
        expect(img).toMatchObject({ status: 200, type: 'image/jpeg' });
        // A standing person: taller than wide, in a kit.
        const meta = await sharp(img.bytes).metadata();
        expect(meta.height!).toBeGreaterThan(meta.width!);
        expect(await personShare(img.bytes), `${team} crop ${i}`).toBeGreaterThan(0.015);
      }
    }
    const players = Object.entries(listing.individuals as Record<string, number>);
    expect(players.length).toBeGreaterThanOrEqual(6);
    for (const [player, count] of players) {
      expect(player).toMatch(/^[01]-\d{1,2}$/);
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(5);
    }
    const [first, count] = players[0]!;
    expect((await jpeg(`/v1/analyses/${analysis.id}/exemplar-crops/individuals/${first}/${count - 1}`)).status).toBe(200);
    const past = await t.api.get(`/v1/analyses/${analysis.id}/exemplar-crops/individuals/${first}/${count}`);
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: expect.stringContaining('out of range') });
  }, 120_000);

  it('[CRP-02] the crops follow the analyst\'s corrections: a renamed player is shown by moments of his track, the others keep theirs', async () => {
    const video = (await t.api.post('/v1/videos', { video_file_url: join(clipDir, 'video.mp4') })).body.data;
    await waitForVideo(t.api, video.id);
    const analysis = await importAndWait(t.api, { format: 'sim', paths: { dir: clipDir }, view: 'broadcast', video_id: video.id });
    expect(analysis.status, analysis.status_reason).toBe('done');
    const id = analysis.id;
    const before = (await t.api.get(`/v1/analyses/${id}/exemplar-crops`)).body as { individuals: Record<string, number> };
    const tracks = (await t.api.get(`/v1/analyses/${id}/tracks`)).body as { track_id: number; player_id: string | null; detected_rows: number }[];
    const [renamed, kept] = Object.keys(before.individuals).filter((p) => tracks.filter((k) => k.player_id === p).length === 1) as [string, string];
    expect(kept).toBeDefined();
    const keptBytes = (await jpeg(`/v1/analyses/${id}/exemplar-crops/individuals/${kept}/0`)).bytes;
    const track = tracks.find((k) => k.player_id === renamed)!;
    const newId = `${renamed.slice(0, 2)}77`;
    const named = await t.api.post(`/v1/analyses/${id}/corrections`, { base_version: 0, correction: { op: 'name_track', track_id: track.track_id, player_id: newId } });
    expect(named.status, JSON.stringify(named.body)).toBe(201);

    const after = (await t.api.get(`/v1/analyses/${id}/exemplar-crops`)).body as { individuals: Record<string, number> };
    expect(after.individuals[renamed]).toBeUndefined();
    expect(after.individuals[newId]).toBeGreaterThanOrEqual(1);
    expect(after.individuals[newId]).toBeLessThanOrEqual(5);
    expect(after.individuals[kept]).toBe(before.individuals[kept]);
    // The untouched player's crops are the run's own; the renamed one's show a person in a kit.
    expect(Buffer.compare((await jpeg(`/v1/analyses/${id}/exemplar-crops/individuals/${kept}/0`)).bytes, keptBytes)).toBe(0);
    for (let i = 0; i < after.individuals[newId]!; i++) {
      const img = await jpeg(`/v1/analyses/${id}/exemplar-crops/individuals/${newId}/${i}`);
      expect(img).toMatchObject({ status: 200, type: 'image/jpeg' });
      expect(await personShare(img.bytes), `${newId} crop ${i}`).toBeGreaterThan(0.015);
    }
    const gone = await t.api.get(`/v1/analyses/${id}/exemplar-crops/individuals/${renamed}/0`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: `there are no crops of player ${renamed}` });
    const report = (await t.api.get(`/v1/analyses/${id}/player-report/${newId}`)).body;
    expect(report.card.hero_crop_index).toBe(0);

    // Undone, the listing is the run's again.
    expect((await t.api.post(`/v1/analyses/${id}/corrections/undo`, { base_version: 1 })).status).toBe(200);
    expect((await t.api.get(`/v1/analyses/${id}/exemplar-crops`)).body).toEqual(before);
  }, 120_000);

  it('[CRP-01] an import without a video has an empty listing', async () => {
    const truth = await writeSampleTruth(join(work, 'truth'));
    const analysis = await importAndWait(t.api, { format: 'sim', paths: { dir: truth } });
    expect((await t.api.get(`/v1/analyses/${analysis.id}/exemplar-crops`)).body).toEqual({ individuals: {}, teams: { team_0: 0, team_1: 0 } });
  });

  it('[CRP-03] an analysis of an engine before 0.5.30 answers 404 { detail } on all three crop endpoints, though its crop files exist', async () => {
    const video = (await t.api.post('/v1/videos', { video_file_url: join(clipDir, 'video.mp4') })).body.data;
    await waitForVideo(t.api, video.id);
    const analysis = await importAndWait(t.api, { format: 'sim', paths: { dir: clipDir }, view: 'broadcast', video_id: video.id });
    expect(analysis.status, analysis.status_reason).toBe('done');
    const listing = (await t.api.get(`/v1/analyses/${analysis.id}/exemplar-crops`)).body;
    expect(listing.individuals, JSON.stringify(listing)).toBeDefined();
    const player = Object.keys(listing.individuals)[0] as string;
    expect(player).toBeDefined();
    expect(listing.teams.team_0).toBeGreaterThan(0);
    // The same results as written by an older engine: a done analysis whose folder is a copy with the
    // engine version of that release (the version the service reads the feature gates from).
    const asVersion = (version: string) => {
      const id = insertAnalysis(t.service.context.db, video.id, 'done');
      t.service.context.db.prepare('UPDATE analyses SET aggregate_version = ?, data_version = 3, results_available = 1 WHERE id = ?').run(version, id);
      const dir = analysisDir(t.home, video.id, id);
      cpSync(analysisDir(t.home, video.id, analysis.id), dir, { recursive: true });
      const facts = JSON.parse(readFileSync(join(dir, RESULT_FILES.facts), 'utf8')) as { engine_version: string };
      writeFileSync(join(dir, RESULT_FILES.facts), JSON.stringify({ ...facts, engine_version: version }));
      return id;
    };
    const paths = (id: number) => [`/v1/analyses/${id}/exemplar-crops`, `/v1/analyses/${id}/exemplar-crops/individuals/${player}/0`, `/v1/analyses/${id}/exemplar-crops/teams/team_0/0`];
    const old = asVersion('0.5.29');
    for (const path of paths(old)) {
      const res = await t.api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ detail: `exemplar crops need engine 0.5.30 or later; analysis ${old} ran 0.5.29` });
    }
    // 0.5.30 itself has them.
    const first = asVersion('0.5.30');
    const [list, individual, team] = paths(first);
    expect((await t.api.get(list as string)).body).toEqual(listing);
    expect(await jpeg(individual as string)).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(await jpeg(team as string)).toMatchObject({ status: 200, type: 'image/jpeg' });
  }, 120_000);
});
