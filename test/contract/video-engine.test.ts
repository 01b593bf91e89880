import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameTruth } from '../../engine/match-data/frame-truth.js';
import { renderSampleClip } from '../helpers/sim-fixture.js';
import { startTestService, waitForAnalysis, type TestService } from '../helpers/test-service.js';

/**
 * The video engine end to end through the API: a short broadcast clip rendered by our simulator (so the
 * truth is exact) is registered, analysed and read back as a user's script would.
 */
const dir = mkdtempSync(join(tmpdir(), 'engine-clip-'));
let s: TestService;
let frames: FrameTruth[];

beforeAll(async () => {
  // 720p: shirt numbers are a few pixels tall at 640x360, too small to read.
  await renderSampleClip(dir, { seed: 4, fromMs: 2_000, durationMs: 8_000, width: 1280, height: 720 });
  frames = readFileSync(join(dir, 'frames.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as FrameTruth);
  s = await startTestService({ minAnalysisSeconds: 0 });
}, 60_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Row {
  timestamp: number; role: string; player_id: string | null; x: number; y: number; bbox_x: number | null; bbox_y: number | null; status: string;
  position_conf: number | null; identity_conf: number | null;
}

describe('video engine through the API', () => {
  it('[ANA-02] [TRK-01] [TRK-04] [CRP-01] [CRP-02] [PLR-04] analyses a rendered broadcast clip: calibrated, detected people where the truth has them, player ids that match the truth, projected rows, per-player crops and a player report, a ball, scene events', async () => {
    const video = (await s.api.post('/v1/videos', { video_file_url: join(dir, 'video.mp4'), home_team_name: 'Reds', away_team_name: 'Blues' })).body.data;
    const created = (await s.api.post(`/v1/videos/${video.id}/analysis`)).body.data;
    const done = await waitForAnalysis(s.api, created.id, ['done', 'error', 'no_match_detected'], 120_000);
    expect(done).toMatchObject({ status: 'done', results_available: true, progress: 100 });
    // The run reports what it ran on: the person and ball detectors and the shirt-number reader on
    // onnxruntime's CPU provider by default (the verifier only judges the classical detector's candidates:
    // not run).
    expect(done.runtime).toEqual({ execution_provider: 'cpu', models: ['person-detector', 'ball-detector', 'jersey-number'] });

    const all = (await s.api.get(`/v1/analyses/${created.id}/tracking/download?format=json`)).body as Row[];
    for (const r of all) {
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.x).toBeLessThanOrEqual(10500);
      expect(r.timestamp % 40).toBe(0);
      if (r.status.startsWith('projected')) {
        // Off-camera rows of identified players: 5 Hz, no pixels, confidences (spec 2.7).
        expect(r.status).toBe('projected');
        expect(r.timestamp % 200).toBe(0);
        expect(r.player_id).not.toBeNull();
        expect(r.bbox_x).toBeNull();
        expect(r.position_conf).toBeGreaterThan(0);
        expect(r.identity_conf).toBeGreaterThan(0);
      } else {
        expect(['detected', 'detected_overlap']).toContain(r.status);
        expect(r.bbox_x).not.toBeNull();
      }
    }
    const rows = all.filter((r) => r.status.startsWith('detected'));
    const people = rows.filter((r) => r.role !== 'ball');
    expect(people.length).toBeGreaterThan(200 * 8);
    // Every engine person row lies within 2 m of a person the truth shows in that frame (almost always),
    // and most people the truth shows have a row.
    let near = 0;
    let seen = 0;
    let truthPeople = 0;
    const byT = new Map<number, Row[]>();
    for (const r of people) byT.set(r.timestamp, [...(byT.get(r.timestamp) ?? []), r]);
    frames.forEach((f, i) => {
      const truth = f.objects.filter((o) => o.role !== 'ball' && o.box && o.in_frame >= 0.9 && o.occlusion < 0.3);
      const mine = byT.get(i * 40) ?? [];
      truthPeople += truth.length;
      seen += truth.filter((o) => mine.some((r) => Math.hypot(r.x / 100 - o.x, r.y / 100 - o.y) <= 2)).length;
      near += mine.filter((r) => f.objects.some((o) => o.role !== 'ball' && Math.hypot(r.x / 100 - o.x, r.y / 100 - o.y) <= 2)).length;
    });
    expect(near / people.length).toBeGreaterThan(0.9);
    expect(seen / truthPeople).toBeGreaterThan(0.8);
    expect(rows.some((r) => r.role === 'ball')).toBe(true);
    expect(new Set(people.map((r) => r.role))).toContain('player');

    // Player ids: `<team>-<number>` (or `<team>-GK`), and where a row carries one, the person the truth
    // has there wears that number, or is a goalkeeper (the engine's team labels are its own, so only the
    // number is compared).
    const named = people.filter((r) => r.player_id !== null);
    let sameNumber = 0;
    let compared = 0;
    for (const r of named) {
      expect(r.player_id).toMatch(/^[01]-(\d{1,2}|GK)$/);
      expect(r.role).not.toBe('referee');
      const number = (r.player_id as string).split('-')[1];
      const f = frames[r.timestamp / 40];
      const nearest = f?.objects.filter((o) => o.role !== 'ball').sort((a, b) => Math.hypot(r.x / 100 - a.x, r.y / 100 - a.y) - Math.hypot(r.x / 100 - b.x, r.y / 100 - b.y))[0];
      if (!nearest || Math.hypot(r.x / 100 - nearest.x, r.y / 100 - nearest.y) > 1) continue;
      compared++;
      if (number === 'GK' ? nearest.role === 'goal_keeper' : String(nearest.jersey) === number) sameNumber++;
    }
    expect(compared).toBeGreaterThan(100);
    expect(sameNumber / compared).toBeGreaterThan(0.9);

    // Exemplar crops of identified players (spec 2.5 individuals): up to 5 each, JPEGs of that player.
    const crops = (await s.api.get(`/v1/analyses/${created.id}/exemplar-crops`)).body as { individuals: Record<string, number> };
    const ids = new Set(named.map((r) => r.player_id));
    expect(Object.keys(crops.individuals).length).toBeGreaterThan(0);
    for (const [player, count] of Object.entries(crops.individuals)) {
      expect(ids.has(player)).toBe(true);
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(5);
    }
    const [firstPlayer] = Object.keys(crops.individuals);
    const jpeg = await fetch(`${s.base}/v1/analyses/${created.id}/exemplar-crops/individuals/${firstPlayer}/0`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await jpeg.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);

    // [PLR-04] The player report of an identified player: coverage as the engine measured it, his best crop as the hero.
    const report = (await s.api.get(`/v1/analyses/${created.id}/player-report/${firstPlayer}`)).body;
    expect(report.player_id).toBe(firstPlayer);
    expect(report.coverage.source).toBe('coverage_artifact');
    expect(report.coverage.seconds_detected).toBeCloseTo(named.filter((r) => r.player_id === firstPlayer).length * 0.04, 2);
    expect(report.card.hero_crop_index).toBe(0);

    const events = (await s.api.get(`/v1/analyses/${created.id}/events?type=scene`)).body as { properties: { scene_type: string; is_analysable: boolean } }[];
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]?.properties).toMatchObject({ scene_type: 'live', is_analysable: true });
  }, 180_000);
});
